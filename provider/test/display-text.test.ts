/**
 * Names and texts other people see are normalised and refused at the provider's edge (issue 10
 * section 5): HTML in names, right-to-left overrides, NUL. Nothing refused reaches the store.
 */
import { describe, expect, it } from 'vitest';
import { C } from '../src/collections';
import { client, makeProvider, onboardedUser, registrationPayload } from './helpers';

describe('names and texts at the edge', () => {
  it('registration refuses HTML, control and direction characters in names, and stores normalised names', async () => {
    const provider = makeProvider();
    const c = client(provider);
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ first_name: '<img src=x onerror=alert(1)>' }, 'first_name: First name must not contain < or >'],
      [{ last_name: 'Obi\u0000admin' }, 'last_name: Last name must not contain control characters'],
      [{ first_name: 'Ada\u202Egnp.exe' }, 'first_name: First name must not contain text-direction characters'],
      [{ last_name: 'O\u200Bbi' }, 'last_name: Last name must not contain invisible characters'],
    ];
    for (const [overrides, message] of cases) {
      const res = await c.call('POST', '/api/v1/user/register', registrationPayload(overrides));
      expect([res.status, res.body.message]).toEqual([400, message]);
    }
    expect(await provider.deps.store.query(C.users)).toEqual([]);

    const res = await c.call(
      'POST',
      '/api/v1/user/register',
      registrationPayload({ first_name: '  Chine\u0301du ', last_name: ' Okafor   Eze\t' }),
    );
    expect(res.status).toBe(201);
    const stored = await provider.deps.store.get(C.users, (res.body.data as { id: string }).id);
    expect([stored?.first_name, stored?.last_name]).toEqual(['Chin\u00e9du', 'Okafor Eze']);
  });

  it('game titles, blog posts and admin name changes are checked the same way', async () => {
    const provider = makeProvider();
    const c = client(provider);
    const admin = await onboardedUser(provider);
    await provider.deps.store.update(C.users, admin.id, { role: 1, can_post_game: true });
    const game = {
      odd: '2.50',
      game_code: 'CODE1',
      platform: 'bet9ja',
      amount: 0,
      startDate: '2026-11-22T18:00',
      endDate: '2026-11-22T21:00',
    };
    const titled = await c.call(
      'POST',
      '/api/v1/puntershub/create-code',
      { ...game, title: 'Sure odds \u202Eeldnaws' },
      admin.token,
    );
    expect([titled.status, titled.body.message]).toEqual([400, 'title: Title must not contain text-direction characters']);
    expect(await provider.deps.store.query(C.games)).toEqual([]);
    const blog = await c.call('POST', '/api/v1/blog/create', { title: 'Stake plans', body: 'Read\u0000me' }, admin.token);
    expect([blog.status, blog.body.message]).toEqual([400, 'body: Body must not contain control characters']);
    const renamed = await c.call('PUT', '/api/v1/users/update', { user_id: admin.id, first_name: '<b>Boss</b>' }, admin.token);
    expect([renamed.status, renamed.body.message]).toEqual([400, 'first_name: First name must not contain < or >']);
    expect((await provider.deps.store.get(C.users, admin.id))?.first_name).toBe('Ada');
  });
});
