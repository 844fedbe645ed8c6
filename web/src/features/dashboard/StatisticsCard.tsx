import { useStatisticsQuery } from '../../api';
import { sourcesSummary, statisticFigures } from './dashboard-format';
import { StatisticsCharts } from './StatisticsCharts';
import '../../components/figures.css';

/**
 * Facility Database Statistics. A failed call leaves the figures at zero (docs/product.md
 * section 8, 'logged only'): the API client has already logged it as 'API call failed'.
 */
export function StatisticsCard() {
  const { data: statistics, isPending } = useStatisticsQuery();
  return (
    <section className="card dashboard-statistics" aria-labelledby="statistics-title" aria-busy={isPending}>
      <h2 id="statistics-title">Facility Database Statistics</h2>
      <dl className="figure-grid">
        {statisticFigures(statistics).map(({ label, value, unit }) => (
          <div key={label} className="figure">
            <dt>{label}</dt>
            <dd>
              {value}
              {unit && <span className="figure-unit">{unit}</span>}
            </dd>
          </div>
        ))}
      </dl>
      {statistics && <p className="muted data-sources">{sourcesSummary(statistics)}</p>}
      {isPending && <p className="muted data-sources">Loading statistics...</p>}
      {statistics && <StatisticsCharts statistics={statistics} />}
    </section>
  );
}
