import { describe, expect, it, vi } from 'vitest';
import { toApiFailure, UNREACHABLE_MESSAGE } from '@/lib/api';
import { CallableError } from '@/lib/callable';
import { AuthServiceError } from '@/lib/firebase-auth';
import { asCallableError } from '@/lib/firebase-session';

// The module's Firebase app is not needed to map errors.
vi.mock('@/lib/firebase', () => ({ auth: {}, firebaseApp: {}, functionsConfig: {} }));

describe("the Auth service's failures, as a user reads them", () => {
  it('no answer from the service is the connection: the unreachable message', () => {
    const error = asCallableError(new AuthServiceError('network'));
    expect(error).toBeInstanceOf(CallableError);
    expect(toApiFailure(error).messages).toEqual([UNREACHABLE_MESSAGE]);
    expect(toApiFailure(asCallableError(new AuthServiceError('bad-answer'))).messages).toEqual([UNREACHABLE_MESSAGE]);
  });

  it("a refusal never shows the service's words", () => {
    const { messages, code } = toApiFailure(asCallableError(new AuthServiceError('INVALID_CUSTOM_TOKEN')));
    expect(code).toBe('internal');
    expect(messages.join(' ')).not.toContain('INVALID_CUSTOM_TOKEN');
  });

  it('leaves any other error as it is', () => {
    const other = new CallableError('permission-denied', 'Only admins can clear games');
    expect(asCallableError(other)).toBe(other);
  });
});
