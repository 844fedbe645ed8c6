/**
 * The dashboard's distributions (docs/decisions/0015-dashboard-charts.md). recharts is imported
 * only by these charts and the admin console's, so the landing page never downloads it.
 */
import { Bar, BarChart, CartesianGrid, Cell, Line, LineChart, Tooltip, XAxis, YAxis } from 'recharts';
import type { FacilityStatistics } from '@ust/schemas';
import { formatCount } from '../../components/format';
import { ChartFigure } from './ChartFigure';
import { ageBandRows, releaseYearRows, riskBandRows } from './chart-data';

const CHART_STYLE = { width: '100%', height: 240 };
const MARGIN = { top: 8, right: 12, bottom: 4, left: 4 };
// SVG attributes take CSS variables in every current browser, so the charts follow the theme.
const AXIS_TICK = { fill: 'var(--color-text-secondary)', fontSize: 12 };
const AXIS_LINE = { stroke: 'var(--color-border)' };
const TOOLTIP_STYLE = {
  background: 'var(--color-surface)',
  border: '1px solid var(--color-border)',
  borderRadius: 'var(--radius-medium)',
  color: 'var(--color-text)',
};

/** Grid, value axis and tooltip shared by the three charts (recharts 3 reads them through context, so a wrapper works). */
function CartesianFrame() {
  return (
    <>
      <CartesianGrid stroke="var(--color-border)" strokeDasharray="3 3" vertical={false} />
      <YAxis tick={AXIS_TICK} axisLine={AXIS_LINE} tickLine={false} tickFormatter={formatCount} width={64} />
      <Tooltip contentStyle={TOOLTIP_STYLE} cursor={{ fill: 'var(--color-border)', fillOpacity: 0.35 }} formatter={(value) => formatCount(Number(value))} />
    </>
  );
}

export function StatisticsCharts({ statistics }: { statistics: FacilityStatistics }) {
  const ages = ageBandRows(statistics);
  const years = releaseYearRows(statistics);
  const risk = riskBandRows(statistics);
  return (
    <div className="chart-grid">
      <ChartFigure title="Active tanks by age (years)" valueLabel="Active tanks" rows={ages}>
        <BarChart
          responsive
          style={CHART_STYLE}
          data={ages}
          margin={MARGIN}
          title="Active tanks by age band"
          desc="Bar chart of active tanks per age band in years"
        >
          <CartesianFrame />
          <XAxis dataKey="label" tick={AXIS_TICK} axisLine={AXIS_LINE} tickLine={false} interval={0} />
          <Bar dataKey="value" name="Active tanks" fill="var(--color-primary)" radius={[4, 4, 0, 0]} />
        </BarChart>
      </ChartFigure>
      <ChartFigure title="Releases by reported year" valueLabel="Releases" rows={years}>
        <LineChart
          responsive
          style={CHART_STYLE}
          data={years}
          margin={MARGIN}
          title="Releases by reported year"
          desc="Line chart of releases per year they were reported"
        >
          <CartesianFrame />
          <XAxis dataKey="label" tick={AXIS_TICK} axisLine={AXIS_LINE} tickLine={false} minTickGap={16} />
          <Line dataKey="value" name="Releases" type="monotone" stroke="var(--color-accent)" strokeWidth={2} dot={false} />
        </LineChart>
      </ChartFigure>
      <ChartFigure title="Facilities by risk band" valueLabel="Facilities" rows={risk}>
        <BarChart
          responsive
          style={CHART_STYLE}
          data={risk}
          margin={MARGIN}
          title="Facilities by risk band"
          desc="Bar chart of facilities per risk band: low 1-3, moderate 4-6, high 7-10"
        >
          <CartesianFrame />
          <XAxis dataKey="label" tick={AXIS_TICK} axisLine={AXIS_LINE} tickLine={false} interval={0} />
          <Bar dataKey="value" name="Facilities" radius={[4, 4, 0, 0]}>
            {risk.map((row) => (
              <Cell key={row.label} fill={row.color} />
            ))}
          </Bar>
        </BarChart>
      </ChartFigure>
    </div>
  );
}
