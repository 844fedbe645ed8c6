import type { RiskAssessment } from '@ust/schemas';
import { riskMethodText } from '@ust/schemas/risk-method';
import { RiskScore } from '../../components/Badges';
import { DataTable, type DataTableColumn } from '../../components/DataTable';
import { DetailSection } from '../../components/DetailSection';
import { riskFactorLabel, riskFactorValue } from './risk-factors';

const FACTOR_COLUMNS: DataTableColumn<RiskAssessment['factors'][number]>[] = [
  { key: 'factor', header: 'Factor', rowHeader: true, cell: ({ factor }) => riskFactorLabel(factor) },
  {
    key: 'value',
    header: 'Value',
    cellAttributes: ({ value }) => ({ className: value === null ? 'muted' : undefined }),
    cell: ({ value }) => riskFactorValue(value),
  },
  { key: 'points', header: 'Points', numeric: true, cell: ({ points }) => points },
];

/** Why the facility scores what it does: each factor's value and its contribution (docs/risk-model.md). */
export function RiskBreakdown({ risk }: { risk: RiskAssessment }) {
  return (
    <DetailSection title="Risk Score Breakdown">
      <p>
        <RiskScore score={risk.score} /> <span className="muted">{riskMethodText(risk)}</span>
      </p>
      <DataTable rows={risk.factors} columns={FACTOR_COLUMNS} rowKey={(factor) => factor.factor} wrapperClassName="table-scroll" className="detail-table" />
    </DetailSection>
  );
}
