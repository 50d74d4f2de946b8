/**
 * Issue 32, abuse limits on keys many share (ADR 0055): the ceiling on all SMS (one key for the whole service) and
 * the per-address windows (a carrier NAT address) are kept in shards, so a burst spreads over them. A burst of
 * password-reset codes through two provider instances sends exactly `smsPerHour` SMS, never more, and on the
 * emulator in production-limits mode no limit document takes a delayed write or an abort (before: one document
 * took every SMS's increment). On the memory store the same burst is exact too. (A per-address window in shards
 * still refuses past its max: abuse.test.ts, 30 registrations at once from one address, exactly 10 pass.)
 */
import { describe, expect, it } from 'vitest';
import { SANDBOX_SMS } from '../src/adapters/sms';
import { unique, users } from '../src/collections';
import { uniqueKey } from '../src/context';
import { LIMITS_COLLECTION } from '../src/limits';
import type { Provider } from '../src/provider';
import type { Store } from '../src/store';
import { createMemoryStore } from '../src/store-memory';
import { client, makeProvider, uniqueSuffix } from './helpers';
import { userDoc } from './pot-users';
import { productionLimitsEmulator } from './stores';

/** A clock that stands still: the hour's window never rolls over during a test, however slow the machine. */
const still = () => Date.parse('2026-11-22T08:00:30Z');
const CODE_SENT = 'If the details match an account, a code has been sent to its phone number';
const CEILING = 'We cannot send codes right now. Please try again later.';

/** `count` accounts with distinct e-mails and phones, written straight into the store. */
async function accounts(store: Store, count: number): Promise<string[]> {
  const tag = uniqueSuffix();
  const emails: string[] = [];
  for (let i = 0; i < count; i += 1) {
    const id = `sms${tag}${i}`;
    const email = `${id}@example.com`;
    await users.set(store, id, userDoc(id, { email, phone_number: `+23481${String(i).padStart(8, '0')}` }));
    await unique.set(store, uniqueKey('email', email), { user_id: id });
    emails.push(email);
  }
  return emails;
}

/** Every e-mail asks for a reset code at once, from its own address, alternately on instance a and b. */
async function burst(a: Provider, b: Provider, emails: string[]) {
  return Promise.all(
    emails.map((email, i) =>
      client(i % 2 === 0 ? a : b, `198.51.${Math.floor(i / 250)}.${i % 250}`).call('POST', '/api/v1/user/password/send-otp', {
        email,
      }),
    ),
  );
}

const smsSent = async (store: Store) => (await store.query(SANDBOX_SMS)).length;

describe('the ceiling on all SMS on the memory store (two provider instances)', () => {
  it('a burst of 60 code requests under a ceiling of 40: exactly 40 SMS, the others hear the ceiling or the usual answer', async () => {
    const store = createMemoryStore();
    const settings = { smsPerHour: 40, smsPerSourcePerHour: 1000 };
    const [a, b] = [makeProvider({ store, now: still, settings }), makeProvider({ store, now: still, settings })];
    const results = await burst(a, b, await accounts(store, 60));
    expect(await smsSent(store)).toBe(40);
    for (const r of results)
      expect([
        [200, CODE_SENT],
        [429, CEILING],
      ]).toContainEqual([r.status, r.body.message]);
    // Kept in shards: more than one window document, each with its TTL date.
    const windows = (await store.query(LIMITS_COLLECTION)).filter((d) => d.data.bucket === 'sms-all');
    expect(windows.length).toBeGreaterThan(1);
    for (const w of windows) expect(w.data.expire_at).toBeInstanceOf(Date);
    expect(windows.reduce((sum, w) => sum + Number(w.data.count), 0)).toBe(40);
  });
});

describe('the ceiling on all SMS on the emulator in production-limits mode (two provider instances)', () => {
  const limited = productionLimitsEmulator();

  it('a burst of 60 code requests under a ceiling of 40: exactly 40 SMS, and no limit document is a hot document', async () => {
    const [s1, s2] = [limited.store('limit-shards-1'), limited.store('limit-shards-2')];
    const settings = { smsPerHour: 40, smsPerSourcePerHour: 1000 };
    const [a, b] = [makeProvider({ store: s1, now: still, settings }), makeProvider({ store: s2, now: still, settings })];
    const emails = await accounts(s1, 60);
    const results = await burst(a, b, emails);
    for (const r of results)
      expect([
        [200, CODE_SENT],
        [429, CEILING],
      ]).toContainEqual([r.status, r.body.message]);
    expect(await smsSent(s1)).toBe(40);
    const report = limited.emulator().productionLimitsReport(100_000);
    const limitDocs = (report?.documents ?? []).filter((d) => d.path.includes(`${LIMITS_COLLECTION}/`));
    const hottest = [...limitDocs].sort((x, y) => y.writes - x.writes)[0];
    console.log(
      `production limits: 60 code requests, ${limitDocs.length} limit documents written; the busiest: ${JSON.stringify(hottest)}`,
    );
    expect(limitDocs.length).toBeGreaterThan(1);
    expect(limitDocs.filter((d) => d.delayedWrites > 0 || d.aborts > 0)).toEqual([]);
  }, 300_000);
});
