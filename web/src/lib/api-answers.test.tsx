/** The provider's answers as callApi parses them (in the DOM project: the stored session lives in localStorage). */
import { afterEach, describe, expect, test, vi } from 'vitest';
import { callApi } from '@/lib/api';
import { clearProfile } from '@/lib/session';
import { signIn } from '@/testing/render';

// The Firebase side of a call: a signed-in Firebase user, and providerCall answering what a test sets.
const provider = vi.hoisted((): { answer: unknown; calls: unknown[] } => ({ answer: undefined, calls: [] }));
vi.mock('@/lib/firebase-session', () => ({
  hasFirebaseUser: () => Promise.resolve(true),
  callFunction: (_name: string, payload: unknown) => {
    provider.calls.push(payload);
    return Promise.resolve({ data: provider.answer });
  },
  endFirebaseSession: () => Promise.resolve(),
  signInWithToken: () => Promise.resolve(),
}));

afterEach(() => {
  clearProfile();
  provider.calls.length = 0;
});

describe("a call's answer", () => {
  test("is parsed with the schema of its call's group: the wallet's, the notifications', the Hub's", async () => {
    signIn();
    provider.answer = { status: true, message: 'ok', data: { balance: 8200.5 } };
    expect(await callApi('nairaWallet')).toEqual({ status: true, message: 'ok', data: { balance: 8200.5 } });
    provider.answer = { status: true, message: 'ok', data: [] };
    expect(await callApi('notifications')).toEqual({ status: true, message: 'ok', data: [] });
    expect(await callApi('punters')).toEqual({ status: true, message: 'ok', data: [] });
    expect(provider.calls).toHaveLength(3);
  });

  test("that does not match its call's schema is refused with the generic message, for a punter's call and an admin's", async () => {
    signIn();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    provider.answer = { status: true, message: 'ok', data: { balance: -1 } };
    await expect(callApi('nairaWallet')).rejects.toMatchObject({ code: 'bad-answer', messages: ['An error occurred'] });
    provider.answer = { status: true, message: 'ok', data: 'not a list' };
    await expect(callApi('allUsers')).rejects.toMatchObject({ code: 'bad-answer', messages: ['An error occurred'] });
  });
});
