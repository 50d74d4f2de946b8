/**
 * The goals-per-game bar chart drawn with nivo. Only goals-chart.tsx imports this file, dynamically,
 * so nivo and d3 sit in their own chunk that loads when the chart scrolls into view.
 */
import { ResponsiveBar } from '@nivo/bar';
import type { GoalsDistributionPoint } from '@punter/core/analyst';

const COLOURS = { home: '#13795a', away: '#c25e00' } as const;

export default function GoalsChartNivo({ data }: { data: readonly GoalsDistributionPoint[] }) {
  return (
    <ResponsiveBar
      data={data.map((p) => ({ goals: p.goals, home: p.home, away: p.away }))}
      keys={['home', 'away']}
      indexBy="goals"
      groupMode="grouped"
      margin={{ top: 8, right: 8, bottom: 40, left: 36 }}
      padding={0.25}
      innerPadding={2}
      colors={({ id }) => (id === 'home' ? COLOURS.home : COLOURS.away)}
      axisBottom={{ legend: 'Goals by one side in a game', legendPosition: 'middle', legendOffset: 32 }}
      axisLeft={{ legend: 'Games', legendPosition: 'middle', legendOffset: -30, tickValues: 4 }}
      enableLabel={false}
      animate={false}
      role="img"
      ariaLabel="Goals per game, home against away (the table beside it has the numbers)"
    />
  );
}
