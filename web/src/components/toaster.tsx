/**
 * Where toasts show (lib/toast.ts): top centre, above the page, each closing itself after its time (5 s)
 * (the clock stops while a finger or the pointer rests on it) or when tapped. Read out by screen readers.
 */
import { useEffect, useState } from 'react';
import { toast, useToasts, type Toast } from '@/lib/toast';

function ToastItem({ item }: { item: Toast }) {
  const [paused, setPaused] = useState(false);
  useEffect(() => {
    if (paused) return;
    const timer = window.setTimeout(() => toast.dismiss(item.id), item.autoClose);
    return () => window.clearTimeout(timer);
  }, [item.id, item.autoClose, paused]);
  return (
    <div
      className={`toast toast-${item.type}`}
      role="alert"
      onClick={() => toast.dismiss(item.id)}
      onPointerEnter={() => setPaused(true)}
      onPointerLeave={() => setPaused(false)}
    >
      <span className="toast-message">{item.message}</span>
      <button type="button" className="toast-close" aria-label="Close">
        {/* A drawn cross, not a '×' character: the toast's text is its message alone. */}
        <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true">
          <path d="M6 6l12 12M18 6 6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" fill="none" />
        </svg>
      </button>
    </div>
  );
}

export function Toaster() {
  const toasts = useToasts();
  return (
    <div className="toaster">
      {toasts.map((item) => (
        <ToastItem key={item.id} item={item} />
      ))}
    </div>
  );
}
