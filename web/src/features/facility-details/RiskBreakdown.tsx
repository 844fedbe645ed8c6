import type { RiskAssessment } from '@ust/schemas';
import { RiskScore } from '../../components/Badges';
import { DetailSection } from '../../components/DetailSection';
import { riskFactorLabel, riskFactorValue } from './risk-factors';

/** Why the facility scores what it does: each factor's value and points (docs/risk-model.md). */
export function RiskBreakdown({ risk }: { risk: RiskAssessment }) {
  const total = risk.factors.reduce((sum, factor) => sum + factor.points, 0);
  return (
    <DetailSection title="Risk Score Breakdown">
      <p>
        <RiskScore score={risk.score} />{' '}
        <span className="muted">
          from {total} points (model {risk.model_version}). Unknown data scores half a factor's points.
        </span>
      </p>
      <div className="table-scroll">
        <table className="detail-table">
          <thead>
            <tr>
              <th scope="col">Factor</th>
              <th scope="col">Value</th>
              <th scope="col" className="numeric">
                Points
              </th>
            </tr>
          </thead>
          <tbody>
            {risk.factors.map(({ factor, value, points }) => (
              <tr key={factor}>
                <th scope="row">{riskFactorLabel(factor)}</th>
                <td className={value === null ? 'muted' : undefined}>{riskFactorValue(value)}</td>
                <td className="numeric">{points}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </DetailSection>
  );
}
