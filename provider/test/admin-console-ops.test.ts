/**
 * The console's pots, disputes, signal posters and a user's safer play (issue 16, ADR 0022): a pot is edited
 * only before anyone joins and while raising has not ended; its participants show who joined; a buyer disputes
 * a code once and only one they got; resolving notifies the buyer; every change is in the audit log; the
 * console sees a user's break but has no call to lift it.
 */
import { describe, expect, it } from 'vitest';
import { C } from '../src/collections';
import { client, makeProvider, onboardedUser, topUp } from './helpers';

const START = Date.parse('2026-11-10T09:00:00Z');
const DAY = 86_400_000;
const HOUR = 3_600_000;

async function setup() {
  let clock = START;
  const provider = makeProvider({ now: () => clock });
  const c = client(provider);
  const admin = await onboardedUser(provider, { first_name: 'Opera' });
  await provider.deps.store.update(C.users, admin.id, { role: 1 });
  const as =
    (token: string) =>
    (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) =>
      c.call(method, path, body, token, headers);
  return { provider, c, admin, asAdmin: as(admin.token), as, advance: (ms: number) => (clock += ms) };
}

const potFields = (overrides: Record<string, unknown> = {}) => ({
  pot_volume: 1_000_000,
  percentage: 10,
  raising_to: new Date(START + DAY).toISOString(),
  trade_from: new Date(START + 2 * DAY).toISOString(),
  trade_to: new Date(START + 32 * DAY).toISOString(),
  duration: 1,
  type: 'Over 1.5 auto-trade',
  manager: 'Musa Ibrahim',
  terms: 'Capital and result are paid on the due date.',
  managers_number: '2348031110003',
  ...overrides,
});

async function auditActions(provider: ReturnType<typeof makeProvider>) {
  return (await provider.deps.store.query(C.audit)).map((d) => `${String(d.data.action)}:${String(d.data.target)}`);
}

describe('editing a pot', () => {
  it('changes every field before anyone joins, audited; refused once someone joined', async () => {
    const { provider, asAdmin, as } = await setup();
    const created = await asAdmin('POST', '/api/v1/admin/pots/create', potFields());
    const potId = (created.body.data as { id: string }).id;

    const edited = await asAdmin('PUT', '/api/v1/admin/pots/update', {
      pot_id: potId,
      pot: potFields({ pot_volume: 500_000, manager: 'Bola Ade', percentage: 7 }),
    });
    expect(edited.status).toBe(200);
    expect(edited.body.data).toMatchObject({ id: potId, pot_volume: 500_000, manager: 'Bola Ade', editable: true });
    const listed = await asAdmin('GET', '/api/v1/admin/pots?status=Raising');
    expect(listed.body.data).toEqual([
      expect.objectContaining({ id: potId, pot_volume: 500_000, manager: 'Bola Ade', percentage: 7, editable: true }),
    ]);
    expect(await auditActions(provider)).toContain(`pot.update:${potId}`);

    // A subscribed user joins: the pot is no longer editable and the participants list names them.
    const user = await onboardedUser(provider, { first_name: 'Kemi', last_name: 'Ade' });
    await provider.deps.store.update(C.users, user.id, { subscription_expires_at: START + 30 * DAY });
    await topUp(provider, user.token, user.email, 20_000);
    const join = await as(user.token)(
      'POST',
      '/api/v1/user/join-auto-trada',
      { amount: 10_000, pot_id: potId, acceptRisk: true, pin: '1234' },
      { 'idempotency-key': 'join-key-1' },
    );
    expect(join.status).toBe(200);
    // The pot's figures are folded in after the join (ADR 0048); the edit below is refused at once either way.
    await provider.countsFolded();
    const refused = await asAdmin('PUT', '/api/v1/admin/pots/update', { pot_id: potId, pot: potFields({ pot_volume: 10 }) });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('This pot can no longer be edited: someone has joined it or its raising has ended');
    const after = await asAdmin('GET', '/api/v1/admin/pots');
    expect(after.body.data).toEqual([
      expect.objectContaining({ id: potId, pot_volume: 500_000, editable: false, investors_count: 1 }),
    ]);

    const participants = await asAdmin('GET', `/api/v1/admin/pots/${potId}/participants`);
    expect(participants.body.data).toEqual([
      expect.objectContaining({ user_id: user.id, user_email: user.email, name: 'Kemi Ade', amount: 10_000, payout: null }),
    ]);
  });

  it('is refused after the raising end, for an unknown pot, for a bad body, and for a non-admin', async () => {
    const { provider, asAdmin, as, advance } = await setup();
    const created = await asAdmin(
      'POST',
      '/api/v1/admin/pots/create',
      potFields({ raising_to: new Date(START + HOUR).toISOString() }),
    );
    const potId = (created.body.data as { id: string }).id;
    const user = await onboardedUser(provider);
    const byUser = await as(user.token)('PUT', '/api/v1/admin/pots/update', { pot_id: potId, pot: potFields() });
    expect(byUser.status).toBe(403);
    const unknown = await asAdmin('PUT', '/api/v1/admin/pots/update', { pot_id: 'nope', pot: potFields() });
    expect(unknown.status).toBe(404);
    const bad = await asAdmin('PUT', '/api/v1/admin/pots/update', { pot_id: potId, pot: potFields({ duration: 0 }) });
    expect(bad.status).toBe(400);
    advance(2 * HOUR);
    // Even with new dates in the future, a pot whose raising ended stays as it was.
    const late = await asAdmin('PUT', '/api/v1/admin/pots/update', {
      pot_id: potId,
      pot: potFields({
        raising_to: new Date(START + 3 * DAY).toISOString(),
        trade_from: new Date(START + 4 * DAY).toISOString(),
      }),
    });
    expect(late.status).toBe(409);
    expect(await auditActions(provider)).not.toContain(`pot.update:${potId}`);
  });

  it('reads the Auto-Trada switch as the page does (on when never set)', async () => {
    const { asAdmin } = await setup();
    expect((await asAdmin('GET', '/api/v1/admin/auto-trada')).body.data).toEqual({ enabled: true, reason: '' });
    await asAdmin('PUT', '/api/v1/admin/auto-trada', { enabled: false, reason: 'Regulator review' });
    expect((await asAdmin('GET', '/api/v1/admin/auto-trada')).body.data).toEqual({ enabled: false, reason: 'Regulator review' });
  });
});

describe('disputes of a betting code', () => {
  async function boughtCode() {
    const env = await setup();
    const { provider, as } = env;
    const punter = await onboardedUser(provider, { first_name: 'Tunde' });
    await provider.deps.store.update(C.users, punter.id, { can_post_game: true, can_monetize_game: true });
    const game = await as(punter.token)('POST', '/api/v1/puntershub/create-code', {
      odd: 3.5,
      title: 'Sunday banker',
      game_code: 'BC12345',
      platform: 'bet9ja',
      amount: 100,
      startDate: '2099-11-22T18:00:00Z',
      endDate: '2099-11-22T20:00:00Z',
    });
    const gameId = (game.body.data as { id: string }).id;
    const buyer = await onboardedUser(provider, { first_name: 'Kemi' });
    await topUp(provider, buyer.token, buyer.email, 1000);
    const bought = await as(buyer.token)(
      'POST',
      '/api/v1/puntershub/buy-or-get-game',
      { game_id: gameId, amount: 100, pin: '1234' },
      { 'idempotency-key': 'buy-key-1' },
    );
    expect([bought.status, bought.body.message]).toEqual([200, expect.any(String)]);
    // The code's figures are folded in after the purchase (ADR 0048).
    await provider.countsFolded();
    return { ...env, punter, buyer, gameId };
  }

  it('a buyer opens one; the admin resolves it with a note the buyer is sent; both audited', async () => {
    const { provider, asAdmin, as, buyer, gameId } = await boughtCode();
    const opened = await as(buyer.token)('POST', '/api/v1/puntershub/dispute', {
      game_id: gameId,
      reason: 'The code was cut before the first match started',
    });
    expect(opened.status).toBe(201);
    const again = await as(buyer.token)('POST', '/api/v1/puntershub/dispute', {
      game_id: gameId,
      reason: 'Once more, please look',
    });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('You have already opened a dispute for this code');

    const open = await asAdmin('GET', '/api/v1/admin/disputes');
    expect(open.body.data).toEqual([
      expect.objectContaining({
        game_id: gameId,
        game_title: 'Sunday banker',
        user_email: buyer.email,
        reason: 'The code was cut before the first match started',
        status: 'open',
      }),
    ]);
    const disputeId = (open.body.data as Array<{ id: string }>)[0]!.id;
    const resolved = await asAdmin('PUT', '/api/v1/admin/disputes/resolve', { dispute_id: disputeId, note: 'Checked: refunded' });
    expect(resolved.body.data).toMatchObject({ status: 'resolved', note: 'Checked: refunded' });
    expect((await asAdmin('PUT', '/api/v1/admin/disputes/resolve', { dispute_id: disputeId, note: 'Again' })).status).toBe(409);
    expect((await asAdmin('GET', '/api/v1/admin/disputes')).body.data).toEqual([]);
    expect((await asAdmin('GET', '/api/v1/admin/disputes?status=resolved')).body.data).toHaveLength(1);

    const notes = await as(buyer.token)('GET', '/api/v1/admin/notifications');
    const sent = (notes.body.data as Array<{ type: string; meta_data: { message?: string } }>).filter(
      (n) => n.type === 'DISPUTE_RESOLVED',
    );
    expect(sent.map((n) => n.meta_data.message)).toEqual(['Your dispute of "Sunday banker" is resolved: Checked: refunded']);
    expect(await auditActions(provider)).toContain(`dispute.resolve:${disputeId}`);
  });

  it('refuses someone who did not get the code, a short reason, and a non-admin resolving', async () => {
    const { provider, as, gameId, buyer } = await boughtCode();
    const stranger = await onboardedUser(provider);
    const refused = await as(stranger.token)('POST', '/api/v1/puntershub/dispute', {
      game_id: gameId,
      reason: 'I never bought it',
    });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('You can only dispute a code you got');
    const short = await as(buyer.token)('POST', '/api/v1/puntershub/dispute', { game_id: gameId, reason: 'bad' });
    expect(short.status).toBe(400);
    const resolve = await as(buyer.token)('PUT', '/api/v1/admin/disputes/resolve', {
      dispute_id: `${buyer.id}_${gameId}`,
      note: 'x',
    });
    expect(resolve.status).toBe(403);
  });

  it("audits an admin's settlement and correction of a code", async () => {
    const { provider, asAdmin, gameId } = await boughtCode();
    expect((await asAdmin('POST', '/api/v1/puntershub/settle-game', { game_id: gameId, status: 'Cut' })).status).toBe(200);
    expect((await asAdmin('POST', '/api/v1/puntershub/settle-game', { game_id: gameId, status: 'Boom' })).status).toBe(200);
    const actions = await auditActions(provider);
    expect(actions).toContain(`game.settle.Cut:${gameId}`);
    expect(actions).toContain(`game.correct.Boom:${gameId}`);
  });

  it('lists the codes to settle, searchable by title (or punter)', async () => {
    const { asAdmin, gameId } = await boughtCode();
    const found = await asAdmin('GET', '/api/v1/admin/games?q=SUNDAY');
    expect(found.body.data).toEqual([expect.objectContaining({ id: gameId, title: 'Sunday banker', buyers_count: 1 })]);
    expect((await asAdmin('GET', '/api/v1/admin/games?q=nothing-like-it')).body.data).toEqual([]);
  });
});

describe('signals and safer play in the console', () => {
  it('lists who may post signals (permission filter) and the feed newest first', async () => {
    const { provider, asAdmin } = await setup();
    const poster = await onboardedUser(provider, { first_name: 'Segun' });
    await onboardedUser(provider, { first_name: 'Other' });
    await asAdmin('PUT', '/api/v1/users/update', { user_id: poster.id, can_post_signal: true });
    const posters = await asAdmin('GET', '/api/v1/users/all?permission=can_post_signal');
    expect((posters.body.data as Array<{ id: string }>).map((u) => u.id)).toEqual([poster.id]);
    expect((await asAdmin('GET', '/api/v1/users/all?permission=can_fly')).status).toBe(400);

    await provider.deps.store.set('signal', 's1', {
      title: 'Old',
      details: 'a',
      group: 'All',
      status: 'Active',
      created_at: '2026-11-09T10:00:00Z',
    });
    await provider.deps.store.set('signal', 's2', {
      title: 'New',
      details: 'b',
      group: 'All',
      status: 'Active',
      created_at: '2026-11-10T10:00:00Z',
    });
    const feed = await asAdmin('GET', '/api/v1/admin/signals');
    expect((feed.body.data as Array<{ title: string }>).map((s) => s.title)).toEqual(['New', 'Old']);
  });

  it("shows a user's break and limits, read-only", async () => {
    const { provider, asAdmin, as } = await setup();
    const user = await onboardedUser(provider);
    await as(user.token)('POST', '/api/v1/user/safer-play/limit', { kind: 'spend', period: 'day', amount: 5000 });
    const pause = await as(user.token)('POST', '/api/v1/user/safer-play/pause', { kind: 'break', duration: '7d', pin: '1234' });
    expect(pause.status).toBe(200);
    const state = await asAdmin('GET', `/api/v1/admin/users/${user.id}/safer-play`);
    const data = state.body.data as { pause: unknown; limits: Array<{ kind: string; period: string; amount: number | null }> };
    expect(data.pause).toEqual({ kind: 'break', until: new Date(START + 7 * DAY).toISOString() });
    expect(data.limits.find((l) => l.kind === 'spend' && l.period === 'day')?.amount).toBe(5000);
    expect((await as(user.token)('GET', `/api/v1/admin/users/${user.id}/safer-play`)).status).toBe(403);
  });
});
