/**
 * The Model page's charts: the ROC curves of the selected cohort, and per model how its score
 * matches the observed release rate. recharts is loaded with this page's chunk only. Each chart
 * carries its numbers as a visually hidden table: an SVG alone tells a screen reader nothing.
 */
import { useId, type ReactNode } from 'react';
import { Bar, BarChart, CartesianGrid, Legend, Line, LineChart, Tooltip, XAxis, YAxis } from 'recharts';
import type { RiskModelCohort } from '@ust/schemas';
import { DataTable, type DataTableColumn } from '../../components/DataTable';
import { formatCount } from '../../components/format';
import { formatAuc, formatShare, type ModelEntry } from './risk-model-data';

const CHART_STYLE = { width: '100%', height: 280 };
const MARGIN = { top: 8, right: 16, bottom: 24, left: 8 };
// SVG attributes take CSS variables, so the charts follow the theme (light and dark).
const AXIS_TICK = { fill: 'var(--color-text-secondary)', fontSize: 12 };
const AXIS_LINE = { stroke: 'var(--color-border)' };
const AXIS_LABEL_STYLE = { fill: 'var(--color-text-secondary)', fontSize: 12 };
const TOOLTIP_STYLE = {
  background: 'var(--color-surface)',
  border: '1px solid var(--color-border)',
  borderRadius: 'var(--radius-medium)',
  color: 'var(--color-text)',
};
/** Two models at most today; colour and dash both differ, so the lines are told apart without colour. */
const MODEL_STROKES = [
  { stroke: 'var(--color-primary)', dash: undefined },
  { stroke: 'var(--color-warning)', dash: '6 3' },
  { stroke: 'var(--color-success)', dash: '2 2' },
];
const CHANCE_STROKE = 'var(--color-text-secondary)';
const DIAGONAL = [
  { x: 0, y: 0 },
  { x: 1, y: 1 },
];

const strokeOf = (index: number) => MODEL_STROKES[index % MODEL_STROKES.length]!;
const axisPercent = (value: number) => `${Math.round(value * 100)}%`;

export interface ModelCohort {
  model: ModelEntry;
  cohort: RiskModelCohort;
}

/** A titled chart with its summary and its numbers as a hidden table. */
function ChartFigure({ title, summary, table, children }: { title: string; summary: string; table: ReactNode; children: ReactNode }) {
  const titleId = useId();
  const summaryId = useId();
  return (
    <figure className="risk-model-chart" aria-labelledby={titleId} aria-describedby={summaryId}>
      <figcaption id={titleId} className="risk-model-chart-title">
        {title}
      </figcaption>
      <p id={summaryId} className="visually-hidden">
        {summary}
      </p>
      {children}
      {table}
    </figure>
  );
}

interface RocRow {
  model: string;
  auc: string;
  points: number;
}

const ROC_COLUMNS: DataTableColumn<RocRow>[] = [
  { key: 'model', header: 'Model', rowHeader: true, cell: (row) => row.model },
  { key: 'auc', header: 'ROC AUC', cell: (row) => row.auc },
  { key: 'points', header: 'Thresholds on the curve', cell: (row) => formatCount(row.points) },
];

/** One ROC line per model plus the chance diagonal, both axes from 0 to 1. */
export function RocChart({ entries }: { entries: ModelCohort[] }) {
  const rows = entries.map(({ model, cohort }) => ({ model: model.id, auc: formatAuc(cohort.roc_auc.estimate), points: cohort.roc.length }));
  const summary = `ROC curves against the chance diagonal. ${rows.map((row) => `${row.model}: area under the curve ${row.auc}`).join('; ')}.`;
  return (
    <ChartFigure
      title="ROC curve"
      summary={summary}
      table={<DataTable rows={rows} columns={ROC_COLUMNS} rowKey={(row) => row.model} wrapperClassName="visually-hidden" caption="ROC curve per model" />}
    >
      <LineChart responsive style={CHART_STYLE} margin={MARGIN} title="ROC curve" desc={summary}>
        <CartesianGrid stroke="var(--color-border)" strokeDasharray="3 3" />
        <XAxis
          type="number"
          dataKey="x"
          domain={[0, 1]}
          ticks={[0, 0.25, 0.5, 0.75, 1]}
          tick={AXIS_TICK}
          axisLine={AXIS_LINE}
          tickFormatter={axisPercent}
          label={{ value: 'False positive rate', position: 'insideBottom', offset: -16, style: AXIS_LABEL_STYLE }}
        />
        <YAxis
          type="number"
          domain={[0, 1]}
          ticks={[0, 0.25, 0.5, 0.75, 1]}
          tick={AXIS_TICK}
          axisLine={AXIS_LINE}
          tickFormatter={axisPercent}
          label={{ value: 'True positive rate', angle: -90, position: 'insideLeft', style: AXIS_LABEL_STYLE }}
        />
        <Tooltip
          contentStyle={TOOLTIP_STYLE}
          formatter={(value) => formatShare(Number(value))}
          labelFormatter={(label) => `False positive rate ${formatShare(Number(label))}`}
        />
        <Legend verticalAlign="top" />
        <Line data={DIAGONAL} dataKey="y" name="Chance" stroke={CHANCE_STROKE} strokeDasharray="4 4" dot={false} isAnimationActive={false} />
        {entries.map(({ model, cohort }, index) => (
          <Line
            key={model.id}
            data={cohort.roc.map((point) => ({ x: point.false_positive_rate, y: point.true_positive_rate }))}
            dataKey="y"
            name={`${model.id} (AUC ${formatAuc(cohort.roc_auc.estimate)})`}
            stroke={strokeOf(index).stroke}
            strokeDasharray={strokeOf(index).dash}
            strokeWidth={2}
            dot={false}
            type="linear"
          />
        ))}
      </LineChart>
    </ChartFigure>
  );
}

type CalibrationRow = RiskModelCohort['calibration'][number];

const CALIBRATION_COLUMNS: DataTableColumn<CalibrationRow>[] = [
  { key: 'decile', header: 'Decile', rowHeader: true, cell: (row) => row.decile },
  { key: 'facilities', header: 'Facilities', numeric: true, cell: (row) => formatCount(row.facilities) },
  { key: 'predicted', header: 'Predicted', numeric: true, cell: (row) => formatShare(row.mean_prediction) },
  { key: 'observed', header: 'Observed', numeric: true, cell: (row) => formatShare(row.observed_rate) },
];

/** A probability model: its mean prediction per decile against the observed rate, with the line where they agree. */
export function CalibrationChart({ entry, index }: { entry: ModelCohort; index: number }) {
  const { model, cohort } = entry;
  const points = cohort.calibration.map((row) => ({ x: row.mean_prediction, y: row.observed_rate }));
  // Both axes share one range, so the diagonal is the line of perfect calibration.
  const top = Math.max(0.01, ...points.flatMap((point) => [point.x, point.y]));
  const diagonal = [
    { x: 0, y: 0 },
    { x: top, y: top },
  ];
  const title = `Calibration: ${model.id}`;
  const summary = `Predicted against observed release rate for ten groups of facilities by ${model.id}'s prediction; the dashed diagonal is where they agree.`;
  return (
    <ChartFigure
      title={title}
      summary={summary}
      table={
        <DataTable rows={cohort.calibration} columns={CALIBRATION_COLUMNS} rowKey={(row) => row.decile} wrapperClassName="visually-hidden" caption={title} />
      }
    >
      <LineChart responsive style={CHART_STYLE} margin={MARGIN} title={title} desc={summary}>
        <CartesianGrid stroke="var(--color-border)" strokeDasharray="3 3" />
        <XAxis
          type="number"
          dataKey="x"
          domain={[0, top]}
          tick={AXIS_TICK}
          axisLine={AXIS_LINE}
          tickFormatter={axisPercent}
          label={{ value: 'Predicted rate', position: 'insideBottom', offset: -16, style: AXIS_LABEL_STYLE }}
        />
        <YAxis
          type="number"
          domain={[0, top]}
          tick={AXIS_TICK}
          axisLine={AXIS_LINE}
          tickFormatter={axisPercent}
          label={{ value: 'Observed rate', angle: -90, position: 'insideLeft', style: AXIS_LABEL_STYLE }}
        />
        <Tooltip
          contentStyle={TOOLTIP_STYLE}
          formatter={(value) => formatShare(Number(value))}
          labelFormatter={(label) => `Predicted ${formatShare(Number(label))}`}
        />
        <Line data={diagonal} dataKey="y" name="Perfect calibration" stroke={CHANCE_STROKE} strokeDasharray="4 4" dot={false} isAnimationActive={false} />
        <Line data={points} dataKey="y" name="Observed" stroke={strokeOf(index).stroke} strokeWidth={2} dot={{ r: 3 }} type="linear" />
      </LineChart>
    </ChartFigure>
  );
}

type ScoreRow = RiskModelCohort['rate_per_score'][number];

const SCORE_COLUMNS: DataTableColumn<ScoreRow>[] = [
  { key: 'score', header: 'Score', rowHeader: true, cell: (row) => row.score },
  { key: 'facilities', header: 'Facilities', numeric: true, cell: (row) => formatCount(row.facilities) },
  { key: 'events', header: 'With a release', numeric: true, cell: (row) => formatCount(row.events) },
  { key: 'rate', header: 'Observed rate', numeric: true, cell: (row) => formatShare(row.rate) },
  {
    key: 'interval',
    header: '95 % interval',
    numeric: true,
    cell: (row) => (row.low === null || row.high === null ? 'N/A' : `${formatShare(row.low)}-${formatShare(row.high)}`),
  },
];

/** A points model has no probability to calibrate: the observed release rate per score shows whether a higher score means more releases. */
export function RatePerScoreChart({ entry, index }: { entry: ModelCohort; index: number }) {
  const { model, cohort } = entry;
  const title = `Observed release rate per score: ${model.id}`;
  const summary = `Bar chart of the share of facilities with a release in the window, per ${model.id} score.`;
  return (
    <ChartFigure
      title={title}
      summary={summary}
      table={<DataTable rows={cohort.rate_per_score} columns={SCORE_COLUMNS} rowKey={(row) => row.score} wrapperClassName="visually-hidden" caption={title} />}
    >
      <BarChart responsive style={CHART_STYLE} data={cohort.rate_per_score} margin={MARGIN} title={title} desc={summary}>
        <CartesianGrid stroke="var(--color-border)" strokeDasharray="3 3" vertical={false} />
        <XAxis
          dataKey="score"
          tick={AXIS_TICK}
          axisLine={AXIS_LINE}
          tickLine={false}
          interval={0}
          label={{ value: 'Risk score', position: 'insideBottom', offset: -16, style: AXIS_LABEL_STYLE }}
        />
        <YAxis
          tick={AXIS_TICK}
          axisLine={AXIS_LINE}
          tickLine={false}
          tickFormatter={axisPercent}
          label={{ value: 'Observed rate', angle: -90, position: 'insideLeft', style: AXIS_LABEL_STYLE }}
        />
        <Tooltip contentStyle={TOOLTIP_STYLE} cursor={{ fill: 'var(--color-border)', fillOpacity: 0.35 }} formatter={(value) => formatShare(Number(value))} />
        <Bar dataKey="rate" name="Observed rate" fill={strokeOf(index).stroke} radius={[4, 4, 0, 0]} />
      </BarChart>
    </ChartFigure>
  );
}
