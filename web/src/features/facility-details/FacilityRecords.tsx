import type { FacilityDetails } from '@ust/schemas';
import { ReleaseStatusBadge } from '../../components/Badges';
import { DataTable, type DataTableColumn } from '../../components/DataTable';
import { DetailSection, FieldGrid } from '../../components/DetailSection';
import { formatCount, formatText as text } from '../../components/format';
import { fieldLabel, formatFieldValue } from './other-fields';

type Tank = FacilityDetails['tanks'][number];

const TANK_COLUMNS: DataTableColumn<Tank>[] = [
  { key: 'tank', header: 'Tank', rowHeader: true, cell: (tank) => tank.Tank_ID },
  { key: 'status', header: 'Status', cell: (tank) => text(tank.Tank_Status) },
  { key: 'installed', header: 'Installed', cell: (tank) => text(tank.Installation_Date) },
  { key: 'removed', header: 'Removed', cell: (tank) => text(tank.Removal_Date) },
  { key: 'capacity', header: 'Capacity (gal)', numeric: true, cell: (tank) => formatCount(tank.Capacity) },
  { key: 'substances', header: 'Substances', cell: (tank) => text(tank.Substances) },
  { key: 'wall', header: 'Wall', cell: (tank) => text(tank.Tank_Wall_Type) },
];

export function TankList({ tanks }: { tanks: FacilityDetails['tanks'] }) {
  return (
    <DetailSection title={`Tanks (${tanks.length})`}>
      <DataTable
        rows={tanks}
        columns={TANK_COLUMNS}
        rowKey={(tank) => tank.Tank_ID}
        wrapperClassName="table-scroll"
        className="detail-table"
        empty={<p className="muted">No tank records for this facility.</p>}
      />
    </DetailSection>
  );
}

/** The facility's releases, newest first; each opens the release dialog. */
export function ReleaseList({ releases, onOpenRelease }: { releases: FacilityDetails['releases']; onOpenRelease: (releaseId: string) => void }) {
  return (
    <DetailSection title={`Releases (${releases.length})`}>
      {releases.length === 0 ? (
        <p className="muted">No releases on record for this facility.</p>
      ) : (
        <ul className="release-list">
          {releases.map((release) => (
            <li key={release.release_id} className="release-row">
              <button type="button" className="button button-secondary" onClick={() => onOpenRelease(release.release_id)}>
                Release {release.LUST_ID}
              </button>
              <span>Reported {text(release.Reported_Date)}</span>
              <ReleaseStatusBadge status={release.Status} statusClass={release.Status_Class} />
              {release.Substance && <span className="muted">{release.Substance}</span>}
            </li>
          ))}
        </ul>
      )}
    </DetailSection>
  );
}

/** docs/product.md section 3: every other field of the record, shown generically. */
export function AdditionalFields({ fields }: { fields: FacilityDetails['other_fields'] }) {
  const entries = Object.entries(fields);
  return (
    <DetailSection title="Additional Data Fields">
      {entries.length === 0 ? (
        <p className="muted">No other fields.</p>
      ) : (
        <FieldGrid
          fields={entries.map(([key, value]) => ({
            label: fieldLabel(key),
            value: <span className={value === null ? 'muted' : undefined}>{formatFieldValue(value)}</span>,
          }))}
        />
      )}
    </DetailSection>
  );
}
