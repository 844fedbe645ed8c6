/**
 * /model: how the risk score was tested on real outcomes, for every signed-in role. Every figure
 * comes from the model card (GET /api/risk-model), which the offline backtest wrote; the page
 * computes nothing but sums and formats.
 */
import { useId, useState } from 'react';
import type { RiskModelCard } from '@ust/schemas';
import { useRiskModelQuery } from '../../api';
import { DataTable, type DataTableColumn } from '../../components/DataTable';
import { formatCount, formatDateTime, formatYesNo } from '../../components/format';
import { Loading } from '../../components/Loading';
import { Page } from '../../components/Page';
import { RequireSignIn } from '../auth';
import { CalibrationChart, RatePerScoreChart, RocChart, type ModelCohort } from './RiskModelCharts';
import {
  backtestedRegions,
  cohortsFor,
  defaultSelection,
  formatAsOf,
  formatInterval,
  formatShare,
  selectionOptions,
  totalFacilities,
  VIEW_LABELS,
  type CohortSelection,
  type CohortView,
  type ModelEntry,
} from './risk-model-data';
import './risk-model.css';

const TITLE = 'Risk model';

export function RiskModelPage() {
  return (
    <RequireSignIn prompt="Please log in to see how the risk model was tested.">
      <RiskModelScreen />
    </RequireSignIn>
  );
}

function RiskModelScreen() {
  const { data: card, error, isPending } = useRiskModelQuery();
  if (error)
    return (
      <Page title={TITLE}>
        <p role="alert">Failed to load the risk model card: {error.message}</p>
      </Page>
    );
  if (isPending) return <Loading text="Loading risk model..." />;
  return <RiskModelView card={card} />;
}

function RiskModelView({ card }: { card: RiskModelCard }) {
  const [selection, setSelection] = useState<CohortSelection>(() => defaultSelection(card));
  return (
    <Page title={TITLE} lead="How the platform's risk score ranks facilities, measured on real outcomes.">
      <MethodSection card={card} />
      <DataSection card={card} />
      <ResultsSection card={card} selection={selection} onSelect={setSelection} />
      <LimitationsSection limitations={card.limitations} />
    </Page>
  );
}

function MethodSection({ card }: { card: RiskModelCard }) {
  return (
    <section className="card risk-model-section" aria-labelledby="risk-model-method">
      <h2 id="risk-model-method">Method</h2>
      <p className="risk-model-provenance">Measured on real state records; no generated data is involved.</p>
      <p>
        The score was tested on real outcomes. For each as-of date, every real facility with a tank in service on that date was scored from what the records
        showed then, and compared with the releases reported in the following years. Two views are measured: <strong>first release</strong> counts only
        facilities with no release before the date; <strong>any release</strong> counts all of them, with their prior releases known to the score. Figures carry
        95 % bootstrap intervals (facilities resampled). The <code>risk-v2</code> figures are out of sample: it was fitted on four of five groups of facilities
        and measured on the fifth, in turn.
      </p>
      <p>
        The platform&apos;s score is <strong>{card.default_model}</strong>: stored scores use it. Backtest run {formatDateTime(card.generated_at)}.
      </p>
      <ModelList models={card.models} defaultModel={card.default_model} />
    </section>
  );
}

function ModelList({ models, defaultModel }: { models: ModelEntry[]; defaultModel: string }) {
  return (
    <dl className="risk-model-models">
      {models.map((model) => (
        <div key={model.id}>
          <dt>
            {model.id}
            {model.id === defaultModel && <span className="badge risk-model-platform-badge">Platform score</span>}
          </dt>
          <dd>
            {model.kind === 'points' ? 'Points score' : 'Logistic regression'}: {model.description}
            {model.coefficients && <CoefficientTable id={model.id} coefficients={model.coefficients} />}
          </dd>
        </div>
      ))}
    </dl>
  );
}

type Coefficient = NonNullable<ModelEntry['coefficients']>[number];

const COEFFICIENT_COLUMNS: DataTableColumn<Coefficient>[] = [
  { key: 'input', header: 'Input', rowHeader: true, cell: (row) => row.feature },
  { key: 'coefficient', header: 'Coefficient', numeric: true, cell: (row) => row.coefficient.toFixed(3) },
  { key: 'mean', header: 'Mean of the sites fitted on', numeric: true, cell: (row) => (row.mean === undefined ? '' : row.mean.toFixed(3)) },
];

/** A fitted model's inputs: what raises the log-odds (positive) or lowers it, and the mean a site without tank records is given. */
function CoefficientTable({ id, coefficients }: { id: string; coefficients: Coefficient[] }) {
  return (
    <DataTable
      rows={coefficients}
      columns={COEFFICIENT_COLUMNS}
      rowKey={(row) => row.feature}
      wrapperClassName="risk-model-table-scroll"
      regionLabel={`${id} inputs`}
      className="risk-model-table"
    />
  );
}

type DataRegion = RiskModelCard['data'][number];

const DATA_COLUMNS: DataTableColumn<DataRegion>[] = [
  { key: 'region', header: 'Region', rowHeader: true, cell: (row) => row.region },
  { key: 'facilities', header: 'Facilities', numeric: true, cell: (row) => formatCount(row.facilities) },
  { key: 'tanks', header: 'Dated tanks', numeric: true, cell: (row) => formatCount(row.tanks_dated) },
  { key: 'releases', header: 'Dated releases', numeric: true, cell: (row) => formatCount(row.releases_dated) },
  { key: 'end', header: 'Data until', cell: (row) => row.data_end ?? 'Unknown' },
  { key: 'backtested', header: 'Backtested', cell: (row) => formatYesNo(row.backtested) },
];

function DataSection({ card }: { card: RiskModelCard }) {
  const backtested = backtestedRegions(card);
  return (
    <section className="card risk-model-section" aria-labelledby="risk-model-data">
      <h2 id="risk-model-data">Tested on</h2>
      <p>
        The backtest read <span data-testid="risk-model-total-facilities">{formatCount(totalFacilities(card))}</span> facilities in {card.data.length} regions;{' '}
        <span data-testid="risk-model-backtested-facilities">{formatCount(backtested.facilities)}</span> of them, in {backtested.count} regions, have records
        that date both tanks and releases and are backtested.
      </p>
      <DataTable
        rows={card.data}
        columns={DATA_COLUMNS}
        rowKey={(row) => row.region}
        wrapperClassName="risk-model-table-scroll"
        regionLabel="Regions tested"
        className="risk-model-table"
        caption="Regions the backtest read"
        captionHidden
      />
    </section>
  );
}

function ResultsSection({ card, selection, onSelect }: { card: RiskModelCard; selection: CohortSelection; onSelect: (selection: CohortSelection) => void }) {
  const entries = cohortsFor(card, selection);
  const measured = entries.filter((entry): entry is ModelCohort => entry.cohort !== null);
  return (
    <section className="card risk-model-section" aria-labelledby="risk-model-results">
      <h2 id="risk-model-results">Results</h2>
      <CohortSelectors card={card} selection={selection} onSelect={onSelect} />
      <ResultsTable entries={entries} />
      <p className="risk-model-reference" data-testid="risk-model-reference">
        Published reference: ROC AUC {card.published_reference.roc_auc.toFixed(2)}, top 10 % capture {formatShare(card.published_reference.top_decile_capture)}.{' '}
        {card.published_reference.description} Source: {card.published_reference.source}.
      </p>
      {measured.length > 0 && (
        <div className="risk-model-charts">
          <RocChart entries={measured} />
          {measured.map((entry, index) =>
            entry.model.kind === 'logistic' ? (
              <CalibrationChart key={entry.model.id} entry={entry} index={index} />
            ) : (
              <RatePerScoreChart key={entry.model.id} entry={entry} index={index} />
            ),
          )}
        </div>
      )}
    </section>
  );
}

function CohortSelectors({ card, selection, onSelect }: { card: RiskModelCard; selection: CohortSelection; onSelect: (selection: CohortSelection) => void }) {
  const { asOfDates, horizons, views } = selectionOptions(card);
  const ids = { asOf: useId(), horizon: useId(), view: useId() };
  return (
    <form className="risk-model-selectors" aria-label="Choose the cohort" onSubmit={(event) => event.preventDefault()}>
      <div className="risk-model-selector">
        <label htmlFor={ids.asOf}>As of</label>
        <select id={ids.asOf} value={selection.asOf} onChange={(event) => onSelect({ ...selection, asOf: event.target.value })}>
          {asOfDates.map((asOf) => (
            <option key={asOf} value={asOf}>
              {formatAsOf(asOf)}
            </option>
          ))}
        </select>
      </div>
      <div className="risk-model-selector">
        <label htmlFor={ids.horizon}>Outcome window</label>
        <select id={ids.horizon} value={selection.horizonYears} onChange={(event) => onSelect({ ...selection, horizonYears: Number(event.target.value) })}>
          {horizons.map((years) => (
            <option key={years} value={years}>
              {years} {years === 1 ? 'year' : 'years'}
            </option>
          ))}
        </select>
      </div>
      <div className="risk-model-selector">
        <label htmlFor={ids.view}>View</label>
        <select id={ids.view} value={selection.view} onChange={(event) => onSelect({ ...selection, view: event.target.value as CohortView })}>
          {views.map((view) => (
            <option key={view} value={view}>
              {VIEW_LABELS[view]}
            </option>
          ))}
        </select>
      </div>
    </form>
  );
}

type ResultRow = ReturnType<typeof cohortsFor>[number];
const notMeasured = 'Not measured';

const RESULT_COLUMNS: DataTableColumn<ResultRow>[] = [
  { key: 'model', header: 'Model', rowHeader: true, cell: ({ model }) => model.id },
  { key: 'facilities', header: 'Facilities', numeric: true, cell: ({ cohort }) => (cohort ? formatCount(cohort.facilities) : notMeasured) },
  { key: 'events', header: 'With a release', numeric: true, cell: ({ cohort }) => (cohort ? formatCount(cohort.events) : '') },
  { key: 'base', header: 'Base rate', numeric: true, cell: ({ cohort }) => (cohort ? formatShare(cohort.base_rate) : '') },
  {
    key: 'roc',
    header: 'ROC AUC (95 % interval)',
    numeric: true,
    cell: ({ cohort }) => (cohort ? formatInterval(cohort.roc_auc) : ''),
    cellAttributes: () => ({ 'data-column': 'roc-auc' }),
  },
  { key: 'pr', header: 'PR-AUC (95 % interval)', numeric: true, cell: ({ cohort }) => (cohort ? formatInterval(cohort.pr_auc) : '') },
  { key: 'capture', header: 'Top 10 % capture', numeric: true, cell: ({ cohort }) => (cohort ? formatShare(cohort.top_decile_capture) : '') },
];

function ResultsTable({ entries }: { entries: ResultRow[] }) {
  return (
    <DataTable
      rows={entries}
      columns={RESULT_COLUMNS}
      rowKey={({ model }) => model.id}
      rowAttributes={({ model }) => ({ 'data-model': model.id })}
      wrapperClassName="risk-model-table-scroll"
      regionLabel="Results per model"
      className="risk-model-table"
      caption="Results per model for the chosen cohort"
      captionHidden
    />
  );
}

function LimitationsSection({ limitations }: { limitations: string[] }) {
  return (
    <section className="card risk-model-section" aria-labelledby="risk-model-limitations">
      <h2 id="risk-model-limitations">What it cannot tell</h2>
      <ul className="risk-model-limitations">
        {limitations.map((limitation) => (
          <li key={limitation}>{limitation}</li>
        ))}
      </ul>
    </section>
  );
}
