/**
 * The live list (SPEC section 2 'Signal page'): newest first, through reactfire, with every state
 * its own view: loading, 'Waiting for signal...', offline (the listener resumes by itself), a
 * refusal (no subscription: what it gives and how to get it), and any other error with Try again.
 */
import { Component, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useFirestoreCollectionData } from 'reactfire';
import {
  formatSignalTime,
  SIGNAL_EMPTY_STATE,
  signalAudienceLabel,
  signalsForCategory,
  type SignalCategory,
} from '@punter/core/signals';
import { DeferredPanel } from '@/components/deferred';
import { Spinner } from '@/components/spinner';
import { signalFeedQuery, type Signal } from '@/features/signals/api/signal-feed';
import { useNow } from '@/features/signals/hooks/use-now';
import { formatLagosIsoDay } from '@/lib/format';
import { missedNotice } from '@/features/signals/hooks/signal-alerts';
import { useSignalAlerts, type SignalAlerts } from '@/features/signals/hooks/use-signal-alerts';
import { useOnline } from '@/lib/use-online';
import { usePermissions } from '@/lib/permissions';

// Only a reader without a subscription sees the offer (its form and schemas): it loads when the feed is refused.
const loadSubscribeOffer = () => import('@/features/signals/components/subscribe-offer').then((m) => m.SubscribeOffer);

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

function Offline({ online }: { online: boolean }) {
  return online ? null : (
    <p className="banner" role="status">
      You are offline. Reconnecting... new signals will appear as soon as the connection is back.
    </p>
  );
}

/** A reader on a break or self-excluded (ADR 0019): the rules close the feed until then. */
export function pausedNotice(until: number): string {
  return `You chose to stop until ${formatLagosIsoDay(until)}: signals are closed until then. You can still withdraw your money.`;
}

export function SignalFeed({ category }: { category: SignalCategory | null }) {
  const permissions = usePermissions();
  const [generation, setGeneration] = useState(0);
  // A change of what the user may read (a subscription, a permission given or taken) starts a new listener.
  const access = `${permissions?.subscription_expires_at ?? ''}:${permissions?.paused_until ?? ''}:${permissions?.can_post_signal ?? ''}:${permissions?.role ?? ''}`;
  const pausedUntil = permissions?.paused_until ?? null;
  const lastAccess = useRef(access);
  useEffect(() => {
    if (lastAccess.current === access) return;
    lastAccess.current = access;
    setGeneration((g) => g + 1);
  }, [access]);
  const retry = () => setGeneration((g) => g + 1);
  const online = useOnline();
  // Here, not in FeedList: the boundary's key remounts the list with each new listener, and what was
  // seen (and missed while offline) must outlive it.
  const alerts = useSignalAlerts(category, online);

  return (
    <>
      <Offline online={online} />
      {alerts.missed > 0 ? (
        <div className="banner" role="status">
          <span>{missedNotice(alerts.missed)}</span>
          <button type="button" className="button button-small" onClick={alerts.dismissMissed}>
            OK
          </button>
        </div>
      ) : null}
      <FeedBoundary
        key={generation}
        fallback={(error) =>
          errorCode(error) === 'permission-denied' ? (
            pausedUntil !== null && pausedUntil > Date.now() ? (
              <p className="notice" role="status">
                {pausedNotice(pausedUntil)}
              </p>
            ) : (
              <DeferredPanel load={loadSubscribeOffer} props={{ onSubscribed: retry }} />
            )
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
        <FeedList generation={generation} category={category} alerts={alerts} />
      </FeedBoundary>
    </>
  );
}

function FeedList({
  generation,
  category,
  alerts,
}: {
  generation: number;
  category: SignalCategory | null;
  alerts: SignalAlerts;
}) {
  const feed = useMemo(() => signalFeedQuery(generation), [generation]);
  const { status, data } = useFirestoreCollectionData(feed);
  const now = useNow(15_000);
  const all = useMemo(() => (status === 'success' ? data.filter((s): s is Signal => s !== null) : null), [status, data]);
  const { onSnapshot, fresh } = alerts;
  useEffect(() => {
    if (all !== null) onSnapshot(all);
  }, [all, onSnapshot]);
  const signals = useMemo(() => (all === null ? null : signalsForCategory(all, category)), [all, category]);
  if (signals === null) return <Spinner label="Loading signals..." />;
  if (signals.length === 0) return <p className="empty">{SIGNAL_EMPTY_STATE}</p>;
  return (
    <ol className="plain-list signal-list" aria-live="polite" aria-label="Signals">
      {signals.map((signal) => (
        <li key={signal.id} className="signal-row">
          <div className="signal-head">
            <strong className="signal-title">{signal.title}</strong>
            <span className="signal-group">{signalAudienceLabel(signal)}</span>
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
