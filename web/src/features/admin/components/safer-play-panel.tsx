/**
 * A user's safer play as the console sees it (ADR 0019, issue 17): a break or self-exclusion until a date, and
 * the limits with what is used. Read-only: nobody in the console can lift a pause or change a limit.
 */
import { Alert } from '@/components/alert';
import { LoadState } from '@/components/load-state';
import { formatApiNaira, formatDateTime } from '@/lib/format';
import { useUserSaferPlay } from '../api/console-api';

export function SaferPlayPanel({ userId }: { userId: string }) {
  const state = useUserSaferPlay(userId);
  const limits = state.data?.limits.filter((l) => l.amount !== null || l.pending !== null) ?? [];
  return (
    <section className="stack card" aria-labelledby="safer-play-title">
      <h2 id="safer-play-title">Safer play</h2>
      <LoadState state={state} loadingLabel="Loading safer play..." />
      {state.data ? (
        <>
          <p data-testid="safer-play-pause">
            {state.data.pause
              ? `${state.data.pause.kind === 'exclusion' ? 'Self-excluded' : 'On a break'} until ${formatDateTime(state.data.pause.until)}`
              : 'No break or self-exclusion'}
          </p>
          {state.data.pause ? (
            <Alert kind="info">Only the user's own time ends a break or self-exclusion; the console cannot lift it.</Alert>
          ) : null}
          {limits.length === 0 ? (
            <p className="muted">No limit set.</p>
          ) : (
            <ul className="plain-list" data-testid="safer-play-limits">
              {limits.map((l) => (
                <li key={`${l.kind}-${l.period}`}>
                  {l.kind === 'deposit' ? 'Deposit' : 'Spend'} limit a {l.period}:{' '}
                  {l.amount === null ? 'none' : formatApiNaira(l.amount)} (used {formatApiNaira(l.used)})
                  {l.pending
                    ? `; ${l.pending.amount === null ? 'removal' : formatApiNaira(l.pending.amount)} from ${formatDateTime(l.pending.effective_at)}`
                    : ''}
                </li>
              ))}
            </ul>
          )}
        </>
      ) : null}
    </section>
  );
}
