import type { FacilityDetails } from '@ust/schemas';
import { ReleaseStatusBadge } from '../../components/Badges';
import { DetailSection, FieldGrid } from '../../components/DetailSection';
import { formatCount, formatText as text } from '../../components/format';
import { fieldLabel, formatFieldValue } from './other-fields';

export function TankList({ tanks }: { tanks: FacilityDetails['tanks'] }) {
  return (
    <DetailSection title={`Tanks (${tanks.length})`}>
      {tanks.length === 0 ? (
        <p className="muted">No tank records for this facility.</p>
      ) : (
        <div className="table-scroll">
          <table className="detail-table">
            <thead>
              <tr>
                <th scope="col">Tank</th>
                <th scope="col">Status</th>
                <th scope="col">Installed</th>
                <th scope="col">Removed</th>
                <th scope="col" className="numeric">
                  Capacity (gal)
                </th>
                <th scope="col">Substances</th>
                <th scope="col">Wall</th>
              </tr>
            </thead>
            <tbody>
              {tanks.map((tank) => (
                <tr key={tank.Tank_ID}>
                  <th scope="row">{tank.Tank_ID}</th>
                  <td>{text(tank.Tank_Status)}</td>
                  <td>{text(tank.Installation_Date)}</td>
                  <td>{text(tank.Removal_Date)}</td>
                  <td className="numeric">{formatCount(tank.Capacity)}</td>
                  <td>{text(tank.Substances)}</td>
                  <td>{text(tank.Tank_Wall_Type)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
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
