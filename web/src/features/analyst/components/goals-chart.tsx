/**
 * The goals-per-game chart, home against away. Its library (nivo, d3) is about as heavy as the
 * whole screen, so it is imported only once the chart's place scrolls into view (or at once where
 * the browser has no IntersectionObserver); until then a box of the same height keeps the layout.
 */
import { lazy, Suspense, useEffect, useRef, useState, type RefObject } from 'react';
import type { GoalsDistributionPoint } from '@punter/core/analyst';
import { PanelBoundary } from '@/components/error-boundary';
import { Spinner } from '@/components/spinner';

const GoalsChartNivo = lazy(() => import('@/features/analyst/components/goals-chart-nivo'));

/** True once the element has come within `margin` of the viewport. */
function useSeen(margin: string): [RefObject<HTMLDivElement | null>, boolean] {
  const ref = useRef<HTMLDivElement | null>(null);
  const [seen, setSeen] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const element = ref.current;
    if (seen || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) {
          setSeen(true);
          observer.disconnect();
        }
      },
      { rootMargin: margin },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [seen, margin]);
  return [ref, seen];
}

export function GoalsChart({ data, games }: { data: readonly GoalsDistributionPoint[]; games: number }) {
  const [ref, seen] = useSeen('100px');
  return (
    <figure className="analyst-chart-figure">
      <figcaption className="strong">Goals per game, home against away ({games} games)</figcaption>
      <div ref={ref} className="analyst-chart" data-testid="goals-chart" data-loaded={seen ? 'true' : 'false'}>
        {seen ? (
          <PanelBoundary title="Chart">
            <Suspense fallback={<Spinner label="Loading chart" />}>
              <GoalsChartNivo data={data} />
            </Suspense>
          </PanelBoundary>
        ) : null}
      </div>
      {/* A table ignores a 1 px width: the hiding box is a div around it. */}
      <div className="visually-hidden">
        <table data-testid="goals-chart-table">
          <caption>Games in which each side scored that many goals</caption>
          <thead>
            <tr>
              <th scope="col">Goals</th>
              <th scope="col">Home</th>
              <th scope="col">Away</th>
            </tr>
          </thead>
          <tbody>
            {data.map((p) => (
              <tr key={p.goals}>
                <th scope="row">{p.goals}</th>
                <td>{p.home}</td>
                <td>{p.away}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p className="analyst-legend muted">
        <span className="analyst-key analyst-key-home" aria-hidden="true" /> Home{' '}
        <span className="analyst-key analyst-key-away" aria-hidden="true" /> Away
      </p>
    </figure>
  );
}
