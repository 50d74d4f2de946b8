import { describe, expect, test, vi } from 'vitest';
import { loginFormSchema } from '@punter/core/form-schemas';
import { ApiFailure } from '@/lib/api';
import { NEEDS_NETWORK_MESSAGE, submitForm, type FormState } from '@/lib/use-form-submit';

function recorder() {
  const patches: Partial<FormState>[] = [];
  return { patches, update: (patch: Partial<FormState>) => patches.push(patch) };
}

describe('submitForm', () => {
  test('refused values show their field messages and send nothing', async () => {
    const send = vi.fn(() => Promise.resolve());
    const { patches, update } = recorder();
    await submitForm(loginFormSchema, { email: 'not-an-email', password: '' }, send, update);
    expect(send).not.toHaveBeenCalled();
    expect(patches).toEqual([
      { failure: [] },
      { errors: { email: expect.any(String) as string, password: 'Please Enter Your Password' } },
    ]);
  });

  test('valid values clear the old messages, are sent once, and the form is busy meanwhile', async () => {
    const send = vi.fn(() => Promise.resolve());
    const { patches, update } = recorder();
    await submitForm(loginFormSchema, { email: 'ada@punter.test', password: 'secret' }, send, update);
    expect(send).toHaveBeenCalledExactlyOnceWith({ email: 'ada@punter.test', password: 'secret' });
    expect(patches).toEqual([{ failure: [] }, { errors: {}, busy: true }, { busy: false }]);
  });

  test("a failed call shows the provider's message and ends the busy state", async () => {
    const { patches, update } = recorder();
    const send = () =>
      Promise.reject(
        Object.assign(new Error('x'), {
          code: 'functions/invalid-argument',
          details: { status: false, message: 'Invalid email or password' },
        }),
      );
    await submitForm(loginFormSchema, { email: 'ada@punter.test', password: 'wrong' }, send, update);
    expect(patches.slice(-2)).toEqual([{ failure: ['Invalid email or password'] }, { busy: false }]);
  });

  test('a failure without words shows the fallback when there is one', async () => {
    const { patches, update } = recorder();
    const send = () => Promise.reject(new ApiFailure([]));
    await submitForm(loginFormSchema, { email: 'ada@punter.test', password: 'x' }, send, update, 'Withdrawal failed');
    expect(patches).toContainEqual({ failure: ['Withdrawal failed'] });
  });

  test('offline, valid values are not sent: the form says the action needs a connection instead of spinning', async () => {
    vi.stubGlobal('navigator', { onLine: false });
    try {
      const send = vi.fn(() => Promise.resolve());
      const { patches, update } = recorder();
      await submitForm(loginFormSchema, { email: 'ada@punter.test', password: 'secret' }, send, update);
      expect(send).not.toHaveBeenCalled();
      expect(patches).toEqual([{ failure: [] }, { errors: {}, failure: [NEEDS_NETWORK_MESSAGE] }]);
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
