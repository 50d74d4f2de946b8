/**
 * One per-day chart of the reports screen with its legend. nivo (about as heavy as the whole console) is
 * imported only when a chart renders; the numbers are in the screen's table for screen readers and tests.
 * The console's own modules are named admin-* so their chunks are too (the e2e test checks that an
 * ordinary user loads none of them).
 */
import { lazy, Suspense } from 'react';
import { PanelBoundary } from '@/components/error-boundary';
import { Spinner } from '@/components/spinner';
import type { ChartSeries } from './admin-report-chart-nivo';

const ReportChartNivo = lazy(() => import('./admin-report-chart-nivo'));

export type { ChartSeries };

export function ReportChart({
  title,
  rows,
  series,
}: {
  title: string;
  rows: ReadonlyArray<Record<string, number | string>>;
  series: readonly ChartSeries[];
}) {
  return (
    <figure className="report-chart-figure">
      <figcaption className="strong">{title}</figcaption>
      <div className="report-chart" data-testid="report-chart">
        <PanelBoundary title="Chart">
          <Suspense fallback={<Spinner label="Loading chart" />}>
            <ReportChartNivo rows={rows} series={series} title={title} />
          </Suspense>
        </PanelBoundary>
      </div>
      <p className="muted">
        {series.map((s) => (
          <span key={s.key} className="report-key">
            <span className={`report-swatch report-swatch-${s.key}`} aria-hidden="true" /> {s.label}{' '}
          </span>
        ))}
      </p>
    </figure>
  );
}
