import { describe, expect, test, vi } from 'vitest';
import { errorBodyFromZod } from '@punter/core/api/errors';
import { withdrawRequestSchema } from '@punter/core/api/wallet';
import { ApiFailure, callPath, toApiFailure } from '@/lib/api';

describe('callPath', () => {
  test('adds the filters as a query string, leaving out blank ones, and fills path parameters', () => {
    expect(callPath('allUsers', { query: { page: 2, q: 'kemi ade', status: '', role: undefined } })).toBe(
      '/api/v1/users/all?page=2&q=kemi+ade',
    );
    expect(callPath('allUsers', { query: { status: '' } })).toBe('/api/v1/users/all');
    expect(callPath('userLedger', { params: { id: 'u/2' } })).toBe('/api/v1/admin/users/u%2F2/ledger');
  });
});

describe('toApiFailure', () => {
  test("shows the provider's message when its body says status false", () => {
    const failure = toApiFailure({
      code: 'functions/invalid-argument',
      message: 'ignored',
      details: { status: false, message: 'Incorrect PIN. You have 4 attempts left.', error: [{ message: 'x' }] },
    });
    expect(failure.messages).toEqual(['Incorrect PIN. You have 4 attempts left.']);
    expect(failure.code).toBe('invalid-argument');
  });

  test('shows a refused request the way the provider and the callables word it: the first bad field and its problem', () => {
    const refused = withdrawRequestSchema.safeParse({ destination_account: 'b1', amount: 0, pin: '1234' });
    const failure = toApiFailure({
      code: 'functions/invalid-argument',
      message: 'ignored',
      details: errorBodyFromZod(refused.error!),
    });
    expect(failure.messages).toEqual(['amount: Amount must be greater than 0']);
  });

  test('shows every item of the error list otherwise (SPEC section 8)', () => {
    const failure = toApiFailure({
      code: 'functions/invalid-argument',
      details: { message: 'two problems', error: [{ message: 'a' }, { message: 'b' }] },
    });
    expect(failure.messages).toEqual(['a', 'b']);
  });

  test('never shows the text of an internal error', () => {
    expect(toApiFailure({ code: 'functions/internal', message: 'TypeError: x is undefined' }).messages).toEqual([
      'An error occurred',
    ]);
    expect(toApiFailure(new Error('boom')).messages).toEqual(['An error occurred']);
    expect(toApiFailure('weird').messages).toEqual(['An error occurred']);
  });

  test('says when the service cannot be reached', () => {
    expect(toApiFailure({ code: 'functions/unavailable', message: 'fetch failed' }).messages[0]).toMatch(/unreachable/);
  });

  test("offline, a failure without the provider's words says to check the connection; the provider's words stay", () => {
    vi.stubGlobal('navigator', { onLine: false });
    try {
      const unreachable = 'The service is unreachable. Check your connection and try again.';
      expect(toApiFailure(new TypeError('Failed to fetch dynamically imported module')).messages).toEqual([unreachable]);
      expect(toApiFailure({ code: 'functions/internal', message: 'TypeError: x' }).messages).toEqual([unreachable]);
      expect(toApiFailure('weird').messages).toEqual([unreachable]);
      expect(
        toApiFailure({ code: 'functions/failed-precondition', details: { message: 'Insufficient balance' } }).messages,
      ).toEqual(['Insufficient balance']);
    } finally {
      vi.unstubAllGlobals();
    }
  });

  test('keeps the message of a callable validation error', () => {
    expect(toApiFailure({ code: 'functions/invalid-argument', message: 'Please Enter Your Email' }).messages).toEqual([
      'Please Enter Your Email',
    ]);
  });

  test('passes an ApiFailure through', () => {
    const failure = new ApiFailure(['x'], 'unauthenticated');
    expect(toApiFailure(failure)).toBe(failure);
  });
});

describe('callPath for a GET with a query', () => {
  test('adds the query string with keys sorted and values encoded, and nothing when there is no query', () => {
    expect(callPath('analystGames', { query: { team: 'ASH', date: '2026-11-22T18:36', country: 'England' } })).toBe(
      '/games?country=England&date=2026-11-22T18%3A36&team=ASH',
    );
    expect(callPath('analystGames', { query: { team: 'A&B=C' } })).toBe('/games?team=A%26B%3DC');
    expect(callPath('topGames', { query: {} })).toBe('/top-games');
    expect(callPath('topGames', {})).toBe('/top-games');
  });
});
