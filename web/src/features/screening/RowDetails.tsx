import { Link } from 'react-router-dom';
import type { ScreeningRow, ScreeningSurroundings } from '@ust/schemas';
import { distanceText } from '@ust/schemas/location-label';
import { formatCount } from '../../components/format';
import { exposureSheetPath } from '../exposure-sheet/ExposureSheetActions';
import { formatMatch } from './screening-format';

const GENERATED = (
  <span className="badge badge-generated" title="Generated demo record, not EPA data">
    Generated demo record
  </span>
);

/** The row's outcome in words: the facility it matched, what lies around it, or why it could not be placed. */
export function RowDetails({ row }: { row: ScreeningRow }) {
  return (
    <div className="screening-details">
      {row.outcome === 'matched' && row.facility && <MatchedFacility row={row} facility={row.facility} />}
      {row.outcome === 'screened' && row.surroundings && <Surroundings surroundings={row.surroundings} />}
      {row.reason && <p className={row.outcome === 'not_located' ? 'screening-reason' : 'screening-note'}>{row.reason}</p>}
    </div>
  );
}

function MatchedFacility({ row, facility }: { row: ScreeningRow; facility: NonNullable<ScreeningRow['facility']> }) {
  return (
    <>
      <p>
        <strong>{facility.name || 'Unnamed facility'}</strong> <span className="muted">({facility.id})</span> {facility.is_generated && GENERATED}
      </p>
      {row.match && <p className="muted screening-small">Matched: {formatMatch(row.match)}</p>}
      <p className="muted screening-small">
        {formatCount(facility.active_tank_count)} of {formatCount(facility.tank_count)} tanks active ·{' '}
        <Link to={exposureSheetPath(facility.id)} aria-label={`Exposure sheet of ${facility.name || facility.id}`}>
          Exposure sheet
        </Link>
      </p>
    </>
  );
}

function Surroundings({ surroundings: s }: { surroundings: ScreeningSurroundings }) {
  const nearest = s.nearest_release;
  return (
    <>
      <p className="screening-small">
        Facilities: {formatCount(s.facilities_within_quarter_mile)} within 0.25 mile, {formatCount(s.facilities_within_one_mile)} within 1 mile
      </p>
      <p className="screening-small">
        Releases: {formatCount(s.releases_within_quarter_mile)} within 0.25 mile, {formatCount(s.releases_within_one_mile)} within 1 mile
      </p>
      <p className="screening-small">
        {nearest ? (
          <>
            Nearest release: {nearest.name || nearest.lust_id} ({nearest.status_class}), {distanceText(nearest.distance_miles, nearest.approximate ?? false)}{' '}
            {nearest.is_generated && GENERATED}
          </>
        ) : (
          'No release within 10 miles'
        )}
      </p>
    </>
  );
}
