import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { STEP_UP_NEEDED_MESSAGE } from '@punter/core/api/errors';
import { ApiFailure, UNREACHABLE_MESSAGE } from '@/lib/api';
import { queryClient } from '@/lib/query-client';
import { useMoneyMutation, type MoneyProof } from '@/lib/use-money-mutation';

interface Join {
  potId: string;
  amount: number;
}

/** The hook over a fake call that records what each send carried and answers from `answers` in turn. */
function renderMoneyHook(answers: Array<'ok' | ApiFailure>) {
  const sent: Array<{ variables: Join; proof: MoneyProof }> = [];
  const send = vi.fn((variables: Join, proof: MoneyProof) => {
    sent.push({ variables, proof });
    const answer = answers.shift() ?? 'ok';
    return answer === 'ok' ? Promise.resolve(`joined ${variables.potId}`) : Promise.reject(answer);
  });
  const hook = renderHook(() =>
    useMoneyMutation<Join, string>({
      action: (join) => [join.potId, join.amount],
      send,
      invalidates: [['wallet']],
    }),
  );
  const run = async (join: Join, pin?: string) => {
    let outcome: string | ApiFailure = '';
    await act(async () => {
      outcome = await hook.result.current.run(join, pin).catch((error: ApiFailure) => error);
    });
    return outcome;
  };
  return { hook, sent, run };
}

const lost = () => new ApiFailure([UNREACHABLE_MESSAGE], 'unavailable');
const JOIN = { potId: 'pot-1', amount: 10_000 };

describe('useMoneyMutation', () => {
  it('keeps one idempotency key across retries of the same action after a lost answer, and makes a new one after success', async () => {
    const { sent, run } = renderMoneyHook([lost(), lost(), 'ok', 'ok']);
    expect(await run(JOIN)).toBeInstanceOf(ApiFailure);
    expect(await run(JOIN)).toBeInstanceOf(ApiFailure);
    expect(await run(JOIN)).toBe('joined pot-1');
    const [first, second, third] = sent.map((s) => s.proof.idempotencyKey);
    expect(first).toBeTruthy();
    expect(second).toBe(first);
    expect(third).toBe(first);
    // The next join after a success is another action: a new key.
    await run(JOIN);
    expect(sent[3]?.proof.idempotencyKey).not.toBe(first);
  });

  it('a changed action (another amount) gets a new key; going back to it after a failure gets another', async () => {
    const { sent, run } = renderMoneyHook([lost(), lost(), lost()]);
    await run(JOIN);
    await run({ ...JOIN, amount: 20_000 });
    await run(JOIN);
    const keys = sent.map((s) => s.proof.idempotencyKey);
    expect(new Set(keys).size).toBe(3);
  });

  it('the step-up: needsPin after STEP_UP_NEEDED, and the same action sent again with the PIN under the same key', async () => {
    const { hook, sent, run } = renderMoneyHook([new ApiFailure([STEP_UP_NEEDED_MESSAGE], 'permission-denied'), 'ok']);
    expect(hook.result.current.needsPin).toBe(false);
    const refused = await run(JOIN);
    expect(refused).toBeInstanceOf(ApiFailure);
    await waitFor(() => expect(hook.result.current.needsPin).toBe(true));
    expect(await run(JOIN, '1357')).toBe('joined pot-1');
    expect(sent[0]?.proof).toEqual({ idempotencyKey: sent[0]?.proof.idempotencyKey });
    expect(sent[1]?.proof).toEqual({ idempotencyKey: sent[0]?.proof.idempotencyKey, pin: '1357' });
  });

  it('marks what it changed stale after a success and after a lost answer, not after a refusal', async () => {
    queryClient.setQueryData(['wallet', 'balance', 'u1'], 5_000);
    const stale = () => queryClient.getQueryState(['wallet', 'balance', 'u1'])?.isInvalidated;
    const { run } = renderMoneyHook([new ApiFailure(['Insufficient funds'], 'failed-precondition'), lost(), 'ok']);
    await run(JOIN);
    expect(stale()).toBe(false);
    await run(JOIN);
    expect(stale()).toBe(true);
    queryClient.setQueryData(['wallet', 'balance', 'u1'], 5_000);
    await run(JOIN);
    expect(stale()).toBe(true);
  });

  it('busy while the call is in flight', async () => {
    let finish: (value: string) => void = () => undefined;
    const hook = renderHook(() =>
      useMoneyMutation<Join, string>({
        action: (join) => [join.potId],
        send: () => new Promise<string>((resolve) => (finish = resolve)),
        invalidates: [],
      }),
    );
    let pending: Promise<string> = Promise.resolve('');
    act(() => {
      pending = hook.result.current.run(JOIN);
    });
    await waitFor(() => expect(hook.result.current.busy).toBe(true));
    await act(async () => {
      finish('done');
      await pending;
    });
    await waitFor(() => expect(hook.result.current.busy).toBe(false));
  });
});
