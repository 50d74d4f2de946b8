/**
 * The loading and error states of a panel that loads with useApiQuery(), the same on every screen: a
 * spinner until the first data arrives, then, when a load fails, the failure's messages with
 * 'Try again'. Renders nothing while there is data to show and no failure.
 */
import { ErrorMessages } from '@/components/alert';
import { Spinner } from '@/components/spinner';
import type { AsyncState } from '@/lib/use-api-query';

export function LoadState({
  state,
  loadingLabel,
  className = 'stack',
}: {
  state: AsyncState<unknown> & { reload: () => void };
  loadingLabel?: string;
  className?: string;
}) {
  if (state.status === 'loading' && state.data === undefined)
    return <Spinner {...(loadingLabel ? { label: loadingLabel } : {})} />;
  if (state.status !== 'error') return null;
  return (
    <div className={className}>
      <ErrorMessages messages={state.error.messages} />
      <button type="button" className="button button-small" onClick={state.reload}>
        Try again
      </button>
    </div>
  );
}

/** True while a LoadState has something to say (first load, or a failure). */
export function isLoadPending(state: AsyncState<unknown>): boolean {
  return (state.status === 'loading' && state.data === undefined) || state.status === 'error';
}
