/**
 * The one hook for every action that moves money (a pot join or payout, a code bought, a withdrawal, the
 * subscription), on TanStack Query's useMutation with the page's query client (lib/query-client.ts):
 *
 * - One idempotency key per intended action. `action(variables)` says what the user means to do (which pot, how
 *   much); trying the same action again after a failure, a lost answer included, sends the same key, so the
 *   provider moves the money once. A success, or another action, gets a new key. The PIN is never part of the
 *   action: sending the same join again with the PIN is the same join.
 * - The PIN step-up: when the provider answers STEP_UP_NEEDED (a login older than 15 minutes, no `pin`),
 *   `needsPin` turns true; the form shows the PIN field (components/step-up-pin.tsx) and sends the same action
 *   again with `pin`, under the same key. The step-up itself is no failure to show.
 * - It invalidates what it changed (`invalidates`, for example the wallet): after a success, and after a failure
 *   that may still have moved money (the answer was lost), so no screen keeps an old balance.
 */
import { useMutation, type QueryKey } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import { STEP_UP_NEEDED_MESSAGE } from '@punter/core/api/errors';
import { ApiFailure, toApiFailure } from '@/lib/api';
import { randomId } from '@/lib/flash';
import { queryClient } from '@/lib/query-client';

/** What the action's call receives besides its variables. */
export interface MoneyProof {
  idempotencyKey: string;
  /** The transaction PIN, once the provider asked for it (or a form that always asks, as the withdrawal). */
  pin?: string;
}

export interface MoneyActionOptions<V, R> {
  /** What makes two sends the same intended action (JSON-comparable): the key is kept while it stays the same. */
  action: (variables: V) => unknown;
  /** The call, through the one API client (lib/api.ts). */
  send: (variables: V, proof: MoneyProof) => Promise<R>;
  /** Query keys (prefixes) whose answers the action changes. */
  invalidates: readonly QueryKey[];
}

export interface MoneyMutation<V, R> {
  /** Sends the action (with `pin` once the step-up asked for it); rejects with an ApiFailure. */
  run: (variables: V, pin?: string) => Promise<R>;
  busy: boolean;
  /** The provider asked for the transaction PIN: show the PIN field and send again with it. */
  needsPin: boolean;
}

/** True when the provider asks for the transaction PIN before it moves the money. */
export function isStepUpNeeded(error: unknown): boolean {
  return error instanceof ApiFailure && error.messages.includes(STEP_UP_NEEDED_MESSAGE);
}

/** Refusals the provider answered: nothing moved, so nothing needs reading again. */
const REFUSED = new Set([
  'invalid-argument',
  'failed-precondition',
  'permission-denied',
  'already-exists',
  'not-found',
  'resource-exhausted',
  'unauthenticated',
  'out-of-range',
]);

export function useMoneyMutation<V, R>(options: MoneyActionOptions<V, R>): MoneyMutation<V, R> {
  const latest = useRef(options);
  latest.current = options;
  const attempt = useRef<{ action: string; key: string } | null>(null);
  const [needsPin, setNeedsPin] = useState(false);

  const invalidate = () => {
    for (const queryKey of latest.current.invalidates) void queryClient.invalidateQueries({ queryKey });
  };

  const mutation = useMutation<R, ApiFailure, { variables: V; pin: string | undefined }>(
    {
      mutationFn: async ({ variables, pin }) => {
        const action = JSON.stringify(latest.current.action(variables));
        if (attempt.current?.action !== action) attempt.current = { action, key: randomId() };
        const proof: MoneyProof = { idempotencyKey: attempt.current.key, ...(pin ? { pin } : {}) };
        try {
          return await latest.current.send(variables, proof);
        } catch (error) {
          throw toApiFailure(error);
        }
      },
      onSuccess: () => {
        attempt.current = null;
        invalidate();
      },
      onError: (failure) => {
        if (isStepUpNeeded(failure)) setNeedsPin(true);
        else if (!REFUSED.has(failure.code)) invalidate();
      },
    },
    queryClient,
  );

  const { mutateAsync } = mutation;
  const run = useCallback((variables: V, pin?: string) => mutateAsync({ variables, pin }), [mutateAsync]);
  return { run, busy: mutation.isPending, needsPin };
}
