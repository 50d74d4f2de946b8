/**
 * Alerts for signals that arrive while /signal-4 is open (issue 12): a short tone and a vibration
 * where the device allows, and, while the tab is hidden, the count of unseen signals in the tab
 * title, cleared when the user comes back. No sound file: a 0.15 s Web Audio tone.
 */
import { useEffect, useRef, useState } from 'react';
import { arrivals, titleWithCount, type AlertState } from '@/features/signals/hooks/signal-alerts';

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

/** Returns the signals that arrived since the page opened (newest first), for the 'new' marker. */
export function useSignalAlerts<T extends { id: string }>(signals: readonly T[] | null): ReadonlySet<string> {
  const state = useRef<AlertState>({ seen: null });
  const [fresh, setFresh] = useState<ReadonlySet<string>>(new Set());
  const unseen = useRef(0);
  const baseTitle = useRef(document.title);

  useEffect(() => {
    if (signals === null) return;
    const step = arrivals(state.current, signals);
    state.current = step.state;
    if (step.arrived.length === 0) return;
    setFresh((previous) => new Set([...previous, ...step.arrived.map((s) => s.id)]));
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
  return fresh;
}
