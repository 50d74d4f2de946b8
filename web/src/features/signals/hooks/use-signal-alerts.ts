/**
 * Alerts for signals that arrive while /signal-4 is open (issue 12): a short tone and a vibration
 * where the device allows; while the tab is hidden, the count of unseen signals in the tab title
 * (cleared when the user comes back) and, once opted in, a system notification through the service
 * worker; after a lost connection, how many arrived meanwhile, once. No sound file: a 0.15 s Web Audio tone.
 *
 * Used by SignalFeed, above the error boundary whose key starts a new listener: what was seen and
 * missed outlives a new listener (a subscription bought, a permission changed, Try again).
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { signalsForCategory, type SignalCategory } from '@punter/core/signals';
import type { Signal } from '@/features/signals/api/signal-feed';
import {
  arrivals,
  connectionChanged,
  initialAlertState,
  CATCH_UP_MS,
  RECONNECT_SETTLE_MS,
  settled,
  titleWithCount,
  type AlertState,
} from '@/features/signals/hooks/signal-alerts';
import { showSignalNotifications } from '@/features/signals/notifications/notification-access';

function beep(): void {
  try {
    const context = new AudioContext();
    const tone = context.createOscillator();
    const gain = context.createGain();
    tone.frequency.value = 880;
    gain.gain.setValueAtTime(0.2, context.currentTime);
    gain.gain.exponentialRampToValueAtTime(0.001, context.currentTime + 0.15);
    tone.connect(gain).connect(context.destination);
    tone.start();
    tone.stop(context.currentTime + 0.15);
    tone.onended = () => void context.close();
  } catch {
    // No audio (blocked until the user interacts, or unsupported): the list and the title still say it.
  }
}

export interface SignalAlerts {
  /** Ids of the signals that arrived since the page opened, for the 'New' mark. */
  fresh: ReadonlySet<string>;
  /** How many of the chosen category's signals arrived while the reader was offline (0 once dismissed). */
  missed: number;
  dismissMissed: () => void;
  /** Every snapshot of the feed (all groups the listener returns), in the list's order. */
  onSnapshot: (signals: readonly Signal[]) => void;
}

export function useSignalAlerts(category: SignalCategory | null, online: boolean): SignalAlerts {
  const state = useRef<AlertState>(initialAlertState(online));
  const [fresh, setFresh] = useState<ReadonlySet<string>>(new Set());
  const [missed, setMissed] = useState(0);
  const unseen = useRef(0);
  const baseTitle = useRef(document.title);
  const categoryRef = useRef(category);
  useEffect(() => {
    categoryRef.current = category;
  }, [category]);

  useEffect(() => {
    state.current = connectionChanged(state.current, online);
    if (state.current.connection !== 'back') return;
    const timer = window.setTimeout(() => (state.current = settled(state.current)), RECONNECT_SETTLE_MS);
    return () => window.clearTimeout(timer);
  }, [online]);

  const onSnapshot = useCallback((signals: readonly Signal[]) => {
    const before = state.current.connection;
    const step = arrivals(state.current, signals);
    state.current = step.state;
    if (before !== 'syncing' && step.state.connection === 'syncing')
      window.setTimeout(() => (state.current = settled(state.current)), CATCH_UP_MS);
    if (step.arrived.length === 0) return;
    setFresh((previous) => new Set([...previous, ...step.arrived.map((s) => s.id)]));
    // Another group's signal is marked New if the reader switches to it, but alerts nobody now.
    const mine = signalsForCategory(step.arrived, categoryRef.current);
    if (mine.length === 0) return;
    if (step.missed) setMissed((m) => m + mine.length);
    beep();
    navigator.vibrate?.(200);
    if (document.hidden) {
      unseen.current += mine.length;
      document.title = titleWithCount(baseTitle.current, unseen.current);
    }
    void showSignalNotifications(mine);
  }, []);

  useEffect(() => {
    const base = baseTitle.current;
    const onVisible = () => {
      if (document.hidden) return;
      unseen.current = 0;
      document.title = base;
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      document.removeEventListener('visibilitychange', onVisible);
      document.title = base;
    };
  }, []);

  const dismissMissed = useCallback(() => setMissed(0), []);
  return { fresh, missed, dismissMissed, onSnapshot };
}
