/**
 * Error boundaries: RouteBoundary wraps each route's element (app/router.tsx) and shows RouteError in the
 * route's frame when its screen throws or its chunk cannot load; PanelBoundary wraps a panel that loads data
 * so one failing panel does not blank the page.
 */
import { Component, useLayoutEffect, type ErrorInfo, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { dropPrerendered } from '@/lib/prerendered';

export function RouteError({ error }: { error: unknown }) {
  const chunkFailed = error instanceof Error && /dynamically imported module|Failed to fetch/i.test(error.message);
  // /login's screen failed to load: the error shows in the root, live, in place of the prerendered screen (ADR 0031, 0052).
  useLayoutEffect(dropPrerendered, []);
  return (
    <main className="page page-narrow" role="alert">
      <h1>Something went wrong</h1>
      <p>
        {chunkFailed
          ? 'This page could not be loaded. Check your connection and try again.'
          : 'This screen hit an unexpected problem.'}
      </p>
      <div className="row">
        <button type="button" className="button" onClick={() => window.location.reload()}>
          Try again
        </button>
        <Link className="button button-secondary" to="/dashboard">
          Go to dashboard
        </Link>
      </div>
    </main>
  );
}

interface LocationBoundaryProps {
  children: ReactNode;
  /** The location's key: when it changes, a caught error is forgotten and the children render again. */
  locationKey: string;
}

interface LocationBoundaryState {
  caught: { error: unknown } | null;
  locationKey: string;
}

class LocationBoundary extends Component<LocationBoundaryProps, LocationBoundaryState> {
  override state: LocationBoundaryState = { caught: null, locationKey: this.props.locationKey };

  static getDerivedStateFromError(error: unknown): Partial<LocationBoundaryState> {
    return { caught: { error } };
  }

  static getDerivedStateFromProps(
    props: LocationBoundaryProps,
    state: LocationBoundaryState,
  ): Partial<LocationBoundaryState> | null {
    return props.locationKey === state.locationKey ? null : { caught: null, locationKey: props.locationKey };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error('Route failed', error instanceof Error ? error.message : error, info.componentStack);
  }

  override render(): ReactNode {
    return this.state.caught ? <RouteError error={this.state.caught.error} /> : this.props.children;
  }
}

/** A route's error boundary: RouteError in place of what threw, until the location changes. */
export function RouteBoundary({ children }: { children: ReactNode }) {
  const { key } = useLocation();
  return <LocationBoundary locationKey={key}>{children}</LocationBoundary>;
}

interface PanelBoundaryProps {
  children: ReactNode;
  title?: string;
}

export class PanelBoundary extends Component<PanelBoundaryProps, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('Panel failed', error.message, info.componentStack);
  }

  override render(): ReactNode {
    if (this.state.failed) {
      return (
        <div className="card" role="alert">
          <p>{this.props.title ?? 'This panel'} could not be shown.</p>
          <button type="button" className="button button-small" onClick={() => this.setState({ failed: false })}>
            Try again
          </button>
        </div>
      );
    }
    return this.props.children;
  }
}

/**
 * Around work in the background that a screen does not show (the live permissions watcher): if it fails,
 * for example its chunk cannot load offline, it renders nothing instead of taking the screen down with it,
 * and tells `onStop` (which may start it again under a new boundary).
 */
export class QuietBoundary extends Component<{ children: ReactNode; onStop?: () => void }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: Error): void {
    console.warn('Background work stopped:', error.message);
    this.props.onStop?.();
  }

  override render(): ReactNode {
    return this.state.failed ? null : this.props.children;
  }
}
