import { useId } from 'react';
import type { ClosestRelease } from '@ust/schemas';
import { ReleaseStatusBadge } from '../../components/Badges';
import { distanceText } from '@ust/schemas/location-label';
import { formatCount } from '../../components/format';

/**
 * docs/product.md section 2's red panel: the closest release within 10 miles
 * (docs/decisions/0012-search-results.md). The substance shows only when known, the
 * population only when above 0.
 */
export function ClosestReleasePanel({ release, onOpenRelease }: { release: ClosestRelease; onOpenRelease: (releaseId: string) => void }) {
  const titleId = useId();
  const place = [release.city, release.state].filter(Boolean).join(', ');
  const substance = release.substance && release.substance.toLowerCase() !== 'unknown' ? release.substance : null;
  const population = release.Population_within_1500ft ?? 0;
  return (
    <section className="card release-panel" aria-labelledby={titleId}>
      <h2 id={titleId}>Closest Known Release/Leak Location</h2>
      <p className="release-panel-site">
        <strong>{release.name || 'Unnamed site'}</strong> <ReleaseStatusBadge status={release.status} statusClass={release.status_class} />
        {release.is_generated && <span className="badge badge-generated">Generated demo record</span>}
      </p>
      <dl className="inline-fields">
        <div>
          <dt>LUST ID</dt>
          <dd>{release.lust_id}</dd>
        </div>
        <div>
          <dt>Distance</dt>
          <dd>{distanceText(release.distance_miles, release.approximate)}</dd>
        </div>
        {place && (
          <div>
            <dt>Location</dt>
            <dd>{place}</dd>
          </div>
        )}
        {substance && (
          <div>
            <dt>Substance</dt>
            <dd>{substance}</dd>
          </div>
        )}
        {population > 0 && (
          <div>
            <dt>Population within 1,500 ft</dt>
            <dd>{formatCount(population)}</dd>
          </div>
        )}
      </dl>
      <button type="button" className="button button-secondary" onClick={() => onOpenRelease(release.release_id)}>
        View Release Details
      </button>
    </section>
  );
}
