import { describe, expect, it } from 'vitest';
import { z } from 'zod/mini';
import {
  TOKEN_EXPIRED_MESSAGE,
  errorBody,
  errorBodyFromZod,
  errorBodySchema,
  isTokenExpiredMessage,
  providerErrorMessages,
  readErrorBody,
} from './errors';
import { withdrawRequestSchema } from './wallet';

describe('the error body (SPEC section 8)', () => {
  it('takes status false, a message and an optional list of { message, field? }', () => {
    expect(errorBodySchema.safeParse({ status: false, message: TOKEN_EXPIRED_MESSAGE }).success).toBe(true);
    expect(errorBodySchema.parse({ status: false, message: 'Bad', error: [{ message: 'Bad', field: 'amount' }] })).toEqual({
      status: false,
      message: 'Bad',
      error: [{ message: 'Bad', field: 'amount' }],
    });
    expect(errorBodySchema.safeParse({ status: true, message: 'x' }).success).toBe(false);
    expect(errorBodySchema.safeParse({ status: false, message: 'x', error: [{ field: 'a' }] }).success).toBe(false);
  });

  it('errorBody lists the message itself unless the problems are named', () => {
    expect(errorBody('Insufficient funds')).toEqual({
      status: false,
      message: 'Insufficient funds',
      error: [{ message: 'Insufficient funds' }],
    });
    expect(errorBody('Bad', [{ message: 'Too short', field: 'pin' }]).error).toEqual([{ message: 'Too short', field: 'pin' }]);
  });

  it('recognises the token-expired message', () => {
    expect(TOKEN_EXPIRED_MESSAGE).toBe('Token is expired or invalid.');
    expect(isTokenExpiredMessage('Token is expired or invalid.')).toBe(true);
    expect(isTokenExpiredMessage('Token is expired')).toBe(false);
    expect(isTokenExpiredMessage(undefined)).toBe(false);
  });
});

describe('errorBodyFromZod', () => {
  it('names the first bad field in the message and lists every problem with its field', () => {
    const result = withdrawRequestSchema.safeParse({ amount: 0, pin: '1', destination_account: 'b' });
    expect(result.success).toBe(false);
    const body = errorBodyFromZod(result.error!);
    expect(body).toEqual({
      status: false,
      message: 'amount: Amount must be greater than 0',
      error: [
        { message: 'Amount must be greater than 0', field: 'amount' },
        { message: 'PIN must be 4 digits', field: 'pin' },
      ],
    });
    expect(errorBodySchema.parse(body)).toEqual(body);
  });

  it('joins nested paths with dots and leaves the field out for the whole input', () => {
    const nested = z.object({ items: z.array(z.object({ id: z.string() })) }).safeParse({ items: [{ id: 1 }] });
    expect(errorBodyFromZod(nested.error!).error[0]?.field).toBe('items.0.id');
    expect(errorBodyFromZod(nested.error!).message.startsWith('items.0.id: ')).toBe(true);
    const whole = z.string().safeParse(1);
    const body = errorBodyFromZod(whole.error!);
    expect(body.error).toEqual([{ message: whole.error!.issues[0]!.message }]);
    expect(body.message).toBe(whole.error!.issues[0]!.message);
    expect(errorBodyFromZod(new z.core.$ZodError([])).message).toBe('Invalid request');
  });
});

describe('readErrorBody', () => {
  it('reads an error body and keeps its problems', () => {
    const body = { status: false, message: 'Bad', error: [{ message: 'Too short', field: 'pin' }] };
    expect(readErrorBody(body)).toEqual(body);
  });

  it('gives the message as the only problem when the list is missing, empty or malformed', () => {
    const only = [{ message: 'Nope' }];
    expect(readErrorBody({ status: false, message: 'Nope' })?.error).toEqual(only);
    expect(readErrorBody({ status: false, message: 'Nope', error: [] })?.error).toEqual(only);
    expect(readErrorBody({ status: false, message: 'Nope', error: [{ msg: 1 }] })?.error).toEqual(only);
    expect(readErrorBody({ status: false, message: 'Nope', error: 'a string' })?.error).toEqual(only);
  });

  it('is undefined for anything that is not an error body', () => {
    for (const body of [null, 'garbage', { status: true, message: 'ok' }, { message: 'x' }, { status: false, message: '' }]) {
      expect(readErrorBody(body)).toBeUndefined();
    }
  });
});

describe('providerErrorMessages (what the web shows)', () => {
  it('shows the message when status is false', () => {
    expect(providerErrorMessages({ status: false, message: 'Email taken', error: [{ message: 'x' }] })).toEqual(['Email taken']);
  });
  it('otherwise lists each error item', () => {
    expect(providerErrorMessages({ error: [{ message: 'Bad email' }, { message: 'Short password', field: 'p' }] })).toEqual([
      'Bad email',
      'Short password',
    ]);
  });
  it('falls back to the message, then to a generic text', () => {
    expect(providerErrorMessages({ message: 'Server down' })).toEqual(['Server down']);
    expect(providerErrorMessages({ status: false })).toEqual(['An error occurred']);
    expect(providerErrorMessages({ error: [] }, 'Oops')).toEqual(['Oops']);
    expect(providerErrorMessages('<html>')).toEqual(['An error occurred']);
    expect(providerErrorMessages({ error: [{ msg: 1 }] })).toEqual(['An error occurred']);
  });
});
