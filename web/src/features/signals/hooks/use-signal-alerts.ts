/**
 * Alerts for signals that arrive while /signal-4 is open (issue 12): a short tone and a vibration
 * where the device allows, and, while the tab is hidden, the count of unseen signals in the tab
 * title, cleared when the user comes back. No sound file: a 0.15 s Web Audio tone.
 */
import { useEffect, useRef, useState } from 'react';
import { arrivals, arrivedWhileOffline, titleWithCount, type AlertState } from '@/features/signals/hooks/signal-alerts';

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
  /** How many arrived while the reader was offline (0 once the notice is dismissed). */
  missed: number;
  dismissMissed: () => void;
}

export function useSignalAlerts<T extends { id: string }>(signals: readonly T[] | null, online: boolean): SignalAlerts {
  const state = useRef<AlertState>({ seen: null });
  const [fresh, setFresh] = useState<ReadonlySet<string>>(new Set());
  const [missed, setMissed] = useState(0);
  const unseen = useRef(0);
  const baseTitle = useRef(document.title);
  const offline = useRef(!online);
  const backOnlineAt = useRef<number | null>(null);

  useEffect(() => {
    if (!online) offline.current = true;
    else if (offline.current) {
      offline.current = false;
      backOnlineAt.current = Date.now();
    }
  }, [online]);

  useEffect(() => {
    if (signals === null) return;
    const step = arrivals(state.current, signals);
    state.current = step.state;
    if (step.arrived.length === 0) return;
    setFresh((previous) => new Set([...previous, ...step.arrived.map((s) => s.id)]));
    if (arrivedWhileOffline(offline.current, backOnlineAt.current, Date.now())) setMissed((m) => m + step.arrived.length);
    beep();
    navigator.vibrate?.(200);
    if (document.hidden) {
      unseen.current += step.arrived.length;
      document.title = titleWithCount(baseTitle.current, unseen.current);
    }
  }, [signals]);

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
  return { fresh, missed, dismissMissed: () => setMissed(0) };
}
