/**
 * The last hour per minute (docs/decisions/0009-admin-analytics-window.md): requests, errors,
 * p50/p95 response time. The series has no per-minute count of all log entries, so the error
 * chart counts ERROR entries rather than inventing a rate; the Error Rate card gives the
 * hour's share. Errors of callers without a token are stacked on the others in a colour of
 * their own, with their own total in the legend, as they are apart from the Error Rate.
 */
import { useId, type ReactNode } from 'react';
import { Bar, BarChart, CartesianGrid, Legend, Line, LineChart, Tooltip, XAxis, YAxis } from 'recharts';
import type { AdminAnalyticsPoint } from '@ust/schemas';
import { DataTable, type DataTableColumn } from '../../components/DataTable';
import { formatCount } from '../../components/format';
import { minuteRows, seriesTotals, type MinuteRow } from './analytics-data';
import '../../components/figures.css';

const CHART_STYLE = { width: '100%', height: 220 };
const MARGIN = { top: 8, right: 12, bottom: 4, left: 4 };
// SVG attributes take CSS variables, so the charts follow the theme (as the dashboard's do).
const AXIS_TICK = { fill: 'var(--color-text-secondary)', fontSize: 12 };
const AXIS_LINE = { stroke: 'var(--color-border)' };
const TOOLTIP_STYLE = {
  background: 'var(--color-surface)',
  border: '1px solid var(--color-border)',
  borderRadius: 'var(--radius-medium)',
  color: 'var(--color-text)',
};
// Rendered again at every poll: an entry animation each time would make the charts pulse.
const STATIC = { isAnimationActive: false } as const;
// Small dots: a minute with requests between idle minutes has no line segment, only its dot.
const DOT = { r: 2 } as const;

/** Grid, axes and tooltip shared by the three charts (recharts 3 reads them through context). */
function Frame({ unit }: { unit?: string }) {
  return (
    <>
      <CartesianGrid stroke="var(--color-border)" strokeDasharray="3 3" vertical={false} />
      <XAxis dataKey="label" tick={AXIS_TICK} axisLine={AXIS_LINE} tickLine={false} interval={9} />
      <YAxis tick={AXIS_TICK} axisLine={AXIS_LINE} tickLine={false} allowDecimals={false} width={48} unit={unit} />
      <Tooltip contentStyle={TOOLTIP_STYLE} cursor={{ fill: 'var(--color-border)', fillOpacity: 0.35 }} />
    </>
  );
}

export function AnalyticsCharts({ series }: { series: readonly AdminAnalyticsPoint[] }) {
  const rows = minuteRows(series);
  const totals = seriesTotals(rows);
  return (
    <div className="chart-grid analytics-charts">
      <MinuteFigure title={`Requests per minute (${formatCount(totals.requests)} in the hour)`} rows={rows} columns={[['Requests', (row) => row.requests]]}>
        <BarChart
          responsive
          style={CHART_STYLE}
          data={rows}
          margin={MARGIN}
          title="Requests per minute"
          desc="Bar chart of API requests per minute over the last hour"
        >
          <Frame />
          <Bar dataKey="requests" name="Requests" fill="var(--color-primary)" {...STATIC} />
        </BarChart>
      </MinuteFigure>
      <MinuteFigure
        title={`Errors per minute (${formatCount(totals.errors)} in the hour)`}
        rows={rows}
        columns={[
          ['Errors', (row) => row.errors],
          ['Without sign-in', (row) => row.anonymousErrors],
        ]}
      >
        <BarChart
          responsive
          style={CHART_STYLE}
          data={rows}
          margin={MARGIN}
          title="Errors per minute"
          desc="Stacked bar chart of log entries at ERROR per minute over the last hour: those of API requests and signed-in users, and those sent without sign-in"
        >
          <Frame />
          <Legend wrapperStyle={{ fontSize: 12 }} />
          <Bar dataKey="errors" name="Errors" stackId="errors" fill="var(--color-error)" {...STATIC} />
          <Bar
            dataKey="anonymousErrors"
            name={`Without sign-in (${formatCount(totals.anonymousErrors)} in the hour)`}
            stackId="errors"
            fill="var(--color-text-secondary)"
            {...STATIC}
          />
        </BarChart>
      </MinuteFigure>
      <MinuteFigure
        title="Response time per minute (ms)"
        rows={rows}
        columns={[
          ['p50 (ms)', (row) => row.p50],
          ['p95 (ms)', (row) => row.p95],
        ]}
      >
        <LineChart
          responsive
          style={CHART_STYLE}
          data={rows}
          margin={MARGIN}
          title="Response time per minute"
          desc="Line chart of the median and 95th percentile API response time per minute over the last hour"
        >
          <Frame unit=" ms" />
          <Legend wrapperStyle={{ fontSize: 12 }} />
          <Line dataKey="p50" name="p50" type="monotone" stroke="var(--color-primary)" strokeWidth={2} dot={DOT} {...STATIC} />
          <Line dataKey="p95" name="p95" type="monotone" stroke="var(--color-warning)" strokeWidth={2} dot={DOT} {...STATIC} />
        </LineChart>
      </MinuteFigure>
    </div>
  );
}

type Column = [label: string, value: (row: MinuteRow) => number | null];

const MINUTE_COLUMN: DataTableColumn<MinuteRow> = { key: 'minute', header: 'Minute', rowHeader: true, cell: (row) => row.label };

function valueColumn([label, value]: Column): DataTableColumn<MinuteRow> {
  return {
    key: label,
    header: label,
    cell: (row) => {
      const count = value(row);
      return count === null ? '—' : formatCount(count);
    },
  };
}

/** A chart with its title, and its numbers as a table for screen readers (an SVG alone tells them nothing). */
function MinuteFigure({ title, rows, columns, children }: { title: string; rows: readonly MinuteRow[]; columns: Column[]; children: ReactNode }) {
  const titleId = useId();
  return (
    <figure className="chart-figure" aria-labelledby={titleId}>
      <figcaption id={titleId} className="chart-title">
        {title}
      </figcaption>
      {children}
      <DataTable
        rows={rows}
        columns={[MINUTE_COLUMN, ...columns.map(valueColumn)]}
        rowKey={(row) => row.label}
        wrapperClassName="visually-hidden"
        caption={title}
      />
    </figure>
  );
}
