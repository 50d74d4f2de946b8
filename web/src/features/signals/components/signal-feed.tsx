/**
 * The live list (SPEC section 2 'Signal page'): newest first, through reactfire, with every state
 * its own view: loading, 'Waiting for signal...', offline (the listener resumes by itself), a
 * refusal (no subscription: what it gives and how to get it), and any other error with Try again.
 */
import { Component, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useFirestoreCollectionData } from 'reactfire';
import { formatSignalTime, SIGNAL_EMPTY_STATE, signalsForCategory, type SignalCategory } from '@punter/core/signals';
import { Spinner } from '@/components/spinner';
import { signalFeedQuery, type Signal } from '@/features/signals/api/signal-feed';
import { SubscribeOffer } from '@/features/signals/components/subscribe-offer';
import { useNow } from '@/features/signals/hooks/use-now';
import { useOnline } from '@/lib/use-online';
import { useSignalAlerts } from '@/features/signals/hooks/use-signal-alerts';
import { usePermissions } from '@/lib/permissions';

/** What a listener error means for the reader. */
function errorCode(error: unknown): string {
  return typeof error === 'object' && error !== null && 'code' in error ? String(error.code) : 'unknown';
}

/** reactfire throws a listener's failure during render; this turns it into the feed's error views. */
class FeedBoundary extends Component<{ children: ReactNode; fallback: (error: unknown) => ReactNode }, { error: unknown }> {
  override state: { error: unknown } = { error: null };

  static getDerivedStateFromError(error: unknown): { error: unknown } {
    return { error };
  }

  override render(): ReactNode {
    return this.state.error ? this.props.fallback(this.state.error) : this.props.children;
  }
}

function Offline() {
  return useOnline() ? null : (
    <p className="banner" role="status">
      You are offline. Reconnecting... new signals will appear as soon as the connection is back.
    </p>
  );
}

export function SignalFeed({ category }: { category: SignalCategory | null }) {
  const permissions = usePermissions();
  const [generation, setGeneration] = useState(0);
  // A change of what the user may read (a subscription, a permission given or taken) starts a new listener.
  const access = `${permissions?.subscription_expires_at ?? ''}:${permissions?.can_post_signal ?? ''}:${permissions?.role ?? ''}`;
  const lastAccess = useRef(access);
  useEffect(() => {
    if (lastAccess.current === access) return;
    lastAccess.current = access;
    setGeneration((g) => g + 1);
  }, [access]);
  const retry = () => setGeneration((g) => g + 1);

  return (
    <>
      <Offline />
      <FeedBoundary
        key={generation}
        fallback={(error) =>
          errorCode(error) === 'permission-denied' ? (
            <SubscribeOffer onSubscribed={retry} />
          ) : (
            <div className="stack" role="alert">
              <p>The signals could not be loaded. Check your connection and try again.</p>
              <button type="button" className="button button-small" onClick={retry}>
                Try again
              </button>
            </div>
          )
        }
      >
        <FeedList generation={generation} category={category} />
      </FeedBoundary>
    </>
  );
}

function FeedList({ generation, category }: { generation: number; category: SignalCategory | null }) {
  const feed = useMemo(() => signalFeedQuery(generation), [generation]);
  const { status, data } = useFirestoreCollectionData(feed);
  const now = useNow(15_000);
  const signals = useMemo(
    () =>
      status === 'success'
        ? signalsForCategory(
            data.filter((s): s is Signal => s !== null),
            category,
          )
        : null,
    [status, data, category],
  );
  const fresh = useSignalAlerts(signals);
  if (signals === null) return <Spinner label="Loading signals..." />;
  if (signals.length === 0) return <p className="empty">{SIGNAL_EMPTY_STATE}</p>;
  return (
    <ol className="plain-list signal-list" aria-live="polite" aria-label="Signals">
      {signals.map((signal) => (
        <li key={signal.id} className="signal-row">
          <div className="signal-head">
            <strong className="signal-title">{signal.title}</strong>
            <span className="signal-group">Group {signal.group}</span>
            {fresh.has(signal.id) ? <span className="signal-new">New</span> : null}
            <time className="muted" dateTime={signal.at ? new Date(signal.at).toISOString() : undefined}>
              {formatSignalTime(now, signal.at)}
            </time>
          </div>
          <p className="signal-details">{signal.details}</p>
        </li>
      ))}
    </ol>
  );
}
