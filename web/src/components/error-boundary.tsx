/**
 * Error boundaries: RouteError is each route's errorElement (react-router); PanelBoundary wraps
 * a panel that loads data so one failing panel does not blank the page.
 */
import { Component, useLayoutEffect, type ErrorInfo, type ReactNode } from 'react';
import { dropPrerendered } from '@/lib/prerendered';
import { isRouteErrorResponse, Link, useRouteError } from 'react-router-dom';

export function RouteError() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  const chunkFailed = error instanceof Error && /dynamically imported module|Failed to fetch/i.test(error.message);
  // /login's screen failed to load: the error, not the inert prerendered copy of the screen (ADR 0031).
  useLayoutEffect(dropPrerendered, []);
  return (
    <main className="page page-narrow" role="alert">
      <h1>{notFound ? 'Page not found' : 'Something went wrong'}</h1>
      <p>
        {notFound
          ? 'This page does not exist.'
          : chunkFailed
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
