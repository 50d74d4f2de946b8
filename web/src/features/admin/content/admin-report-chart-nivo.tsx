/**
 * A per-day bar chart drawn with nivo. Only report-chart.tsx imports this file, dynamically, so nivo and d3
 * sit in their own chunk that loads with the reports screen's charts, never with the rest of the console.
 */
import { ResponsiveBar } from '@nivo/bar';

export interface ChartSeries {
  key: string;
  label: string;
  colour: string;
}

export default function ReportChartNivo({
  rows,
  series,
  title,
}: {
  rows: ReadonlyArray<Record<string, number | string>>;
  series: readonly ChartSeries[];
  title: string;
}) {
  const colours = new Map(series.map((s) => [s.key, s.colour]));
  return (
    <ResponsiveBar
      data={rows.map((r) => ({ ...r }))}
      keys={series.map((s) => s.key)}
      indexBy="day"
      groupMode="grouped"
      margin={{ top: 8, right: 8, bottom: 48, left: 64 }}
      padding={0.25}
      innerPadding={1}
      colors={({ id }) => colours.get(String(id)) ?? '#555'}
      axisBottom={{ tickRotation: -45, format: (v: string) => v.slice(5) }}
      axisLeft={{ tickValues: 4 }}
      enableLabel={false}
      animate={false}
      role="img"
      ariaLabel={`${title} (the table below has the numbers)`}
    />
  );
}
