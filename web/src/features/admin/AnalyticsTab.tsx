import { useId } from 'react';
import { ADMIN_ANALYTICS_REFRESH_MS, useAdminAnalyticsQuery } from '../../api';
import { formatTimestamp } from '../../components/format';
import { Loading } from '../../components/Loading';
import { analyticsCards, anonymousFigures } from './analytics-data';
import { AnalyticsCharts } from './AnalyticsCharts';
import { Time } from './Badges';
import { LoadFailure } from './LoadFailure';
import { useFailureLog } from './useAdminData';
import '../../components/figures.css';

/**
 * Analytics (docs/product.md section 2, docs/decisions/0009-admin-analytics-window.md): the four
 * cards, what callers without a token sent (apart: anyone can send it, so it must not move the
 * cards), and the per-minute charts of the last 60 minutes, asked again every
 * ADMIN_ANALYTICS_REFRESH_MS while this tab is shown, so an error spike shows within seconds.
 * Mounted only while shown, which is what stops the polling.
 */
export function AnalyticsTab() {
  const query = useAdminAnalyticsQuery({ live: true });
  const anonymousTitleId = useId();
  useFailureLog('analytics', query);
  if (query.isPending) return <Loading text="Loading admin data..." />;
  return (
    <>
      <LoadFailure what="the analytics" query={query} />
      {query.data && (
        <>
          <p className="admin-footnote muted">
            Last 60 minutes, as of <Time iso={query.data.generated_at} format={formatTimestamp} />; updated every {ADMIN_ANALYTICS_REFRESH_MS / 1000} s while
            this tab is open.
          </p>
          <dl className="figure-grid analytics-cards">
            {analyticsCards(query.data).map((card) => (
              <div key={card.label} className="figure">
                <dt>
                  {card.label} <span className="analytics-window">(last 60 min)</span>
                </dt>
                <dd>
                  {card.value}
                  {card.unit && <span className="figure-unit">{card.unit}</span>}
                </dd>
                <dd className="analytics-note">{card.note}</dd>
              </div>
            ))}
          </dl>
          <section className="analytics-anonymous" aria-labelledby={anonymousTitleId}>
            <h3 id={anonymousTitleId} className="analytics-anonymous-title">
              Without sign-in <span className="analytics-window">(last 60 min)</span>
            </h3>
            <p className="admin-footnote muted">Sent by callers without a token, and counted in none of the figures above.</p>
            <dl className="figure-grid analytics-anonymous-figures">
              {anonymousFigures(query.data).map((figure) => (
                <div key={figure.label} className="figure">
                  <dt>{figure.label}</dt>
                  <dd>{figure.value}</dd>
                </div>
              ))}
            </dl>
          </section>
          <AnalyticsCharts series={query.data.series} />
        </>
      )}
    </>
  );
}
