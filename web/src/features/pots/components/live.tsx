/**
 * Shared pieces of the pot screens: an error boundary for live listeners (reactfire throws a listener's
 * failure during render), the clock the countdown reads, and the eye toggle.
 */
import { Component, useEffect, useState, type ReactNode } from 'react';
import { EyeIcon, EyeOffIcon, iconProps } from '@/components/icons';

export class LiveBoundary extends Component<{ children: ReactNode; fallback: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override render(): ReactNode {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

/** The current time, re-read every `intervalMs`. */
export function useClock(intervalMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), intervalMs);
    return () => window.clearInterval(timer);
  }, [intervalMs]);
  return now;
}

export function EyeToggle({ hidden, onToggle, what }: { hidden: boolean; onToggle: () => void; what: string }) {
  return (
    <button
      type="button"
      className="eye-button"
      aria-pressed={hidden}
      aria-label={hidden ? `Show ${what}` : `Hide ${what}`}
      onClick={onToggle}
    >
      {hidden ? <EyeIcon {...iconProps} /> : <EyeOffIcon {...iconProps} />}
    </button>
  );
}
