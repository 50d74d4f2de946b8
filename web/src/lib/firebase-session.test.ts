import { FirebaseError } from 'firebase/app';
import { describe, expect, it, vi } from 'vitest';
import { toApiFailure, UNREACHABLE_MESSAGE } from '@/lib/api';
import { asCallableError } from '@/lib/firebase-session';

// The module's Firebase app is not needed to map errors.
vi.mock('@/lib/firebase', () => ({ auth: {}, firebaseApp: {}, functions: {} }));

describe("the Auth service's failures to sign in, as a user reads them", () => {
  it('no answer from the service is the connection: the unreachable message', () => {
    const offline = asCallableError(
      new FirebaseError('auth/network-request-failed', 'Firebase: Error (auth/network-request-failed).'),
    );
    expect(toApiFailure(offline).messages).toEqual([UNREACHABLE_MESSAGE]);
    expect(toApiFailure(asCallableError(new FirebaseError('auth/timeout', 'timeout'))).code).toBe('unavailable');
  });

  it("a refusal never shows the service's words", () => {
    const refused = new FirebaseError('auth/invalid-custom-token', 'Firebase: Error (auth/invalid-custom-token).');
    const { messages, code } = toApiFailure(asCallableError(refused));
    expect(code).toBe('internal');
    expect(messages.join(' ')).not.toContain('invalid-custom-token');
    expect(toApiFailure(asCallableError(new Error('anything else'))).code).toBe('internal');
  });
});
