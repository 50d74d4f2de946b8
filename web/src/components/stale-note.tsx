/**
 * 'Offline · last updated {time}' under figures shown from the last known answers while the device is
 * offline (ADR 0024): the user sees they may have changed. Renders nothing online or without figures.
 */
import { formatDateTime } from '@/lib/format';
import { useOnline } from '@/lib/use-online';

export function staleText(updatedAt: number): string {
  return `Offline · last updated ${formatDateTime(new Date(updatedAt).toISOString())}`;
}

export function StaleNote({ updatedAt, className = 'stale-note' }: { updatedAt: number | undefined; className?: string }) {
  const online = useOnline();
  if (online || !updatedAt) return null;
  return <p className={className}>{staleText(updatedAt)}</p>;
}
