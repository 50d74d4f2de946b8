/**
 * Rules are kept per project id, as in the official emulator: two rules-unit-testing environments with
 * different project ids and different rules share one emulator without seeing each other's rules. A project
 * with no rules of its own falls back to the rules given at start (or --rules), and without those allows all.
 */
import { assertFails, assertSucceeds, initializeTestEnvironment, type RulesTestEnvironment } from '@firebase/rules-unit-testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { start } from '../../src/index';
import { suiteEmulator } from '../helpers';

const RULES_A = `rules_version = '2';
service cloud.firestore {
  match /databases/{database}/documents {
    match /a/{id} { allow read, write: if true; }
  }
}`;
const RULES_B = `rules_version = '2';
service cloud.firestore {
  match /databases/{database}/documents {
    match /b/{id} { allow read, write: if request.auth != null; }
  }
}`;

let emulator: Awaited<ReturnType<typeof suiteEmulator>> | null = null;
let host = '127.0.0.1';
let port = 0;
const envs: RulesTestEnvironment[] = [];

beforeAll(async () => {
  emulator = await suiteEmulator();
  ({ host, port } = emulator);
});

afterAll(async () => {
  for (const env of envs) await env.cleanup();
  await emulator?.stop();
});

/** An unsigned JWT like rules-unit-testing's mock tokens (the emulator decodes, never verifies). */
function mockToken(uid: string): string {
  const part = (o: object): string => Buffer.from(JSON.stringify(o)).toString('base64url');
  return `${part({ alg: 'none', typ: 'JWT' })}.${part({ sub: uid, user_id: uid, firebase: { sign_in_provider: 'custom' } })}.`;
}

async function env(projectId: string, rules: string): Promise<RulesTestEnvironment> {
  const e = await initializeTestEnvironment({ projectId, firestore: { host, port, rules } });
  envs.push(e);
  return e;
}

describe('rules per project id', () => {
  it('two environments with different project ids and rules share one emulator', async () => {
    const a = await env('demo-rules-project-a', RULES_A);
    const b = await env('demo-rules-project-b', RULES_B);
    const anonA = a.unauthenticatedContext().firestore();
    const anonB = b.unauthenticatedContext().firestore();
    const bobB = b.authenticatedContext('bob').firestore();
    await assertSucceeds(anonA.doc('a/1').set({ x: 1 }));
    await assertFails(anonA.doc('b/1').set({ x: 1 })); // project A has no rule for /b
    await assertFails(anonB.doc('a/1').set({ x: 1 })); // project B has no rule for /a
    await assertFails(anonB.doc('b/1').set({ x: 1 }));
    await assertSucceeds(bobB.doc('b/1').set({ x: 1 }));
    // Loading B's rules again (as a second test file would) leaves A's in force.
    await b.clearFirestore();
    await assertSucceeds(anonA.doc('a/2').get());
    await assertFails(anonA.doc('b/2').get());
  });

  it('a rules file that does not compile keeps that project its previous rules and touches no other project', async () => {
    const a = await env('demo-rules-project-c', RULES_A);
    const b = await env('demo-rules-project-d', RULES_B);
    const res = await fetch(`http://${host}:${port}/emulator/v1/projects/demo-rules-project-d:securityRules`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ rules: { files: [{ content: 'service cloud.firestore { match /x { allow read: if nope; } }' }] } }),
    });
    expect(res.status).toBe(400);
    await assertSucceeds(b.authenticatedContext('bob').firestore().doc('b/1').get());
    await assertFails(b.unauthenticatedContext().firestore().doc('b/1').get());
    await assertSucceeds(a.unauthenticatedContext().firestore().doc('a/1').get());
  });
});

describe.runIf(!process.env['FIRESTORE_EMULATOR_HOST'])('projects without rules of their own (this emulator)', () => {
  it('fall back to the rules given at start, else allow all', async () => {
    const started = await start({ port: 0, rules: RULES_B });
    const base = `http://${started.host}:${started.port}`;
    const get = async (project: string, path: string, token?: string): Promise<number> => {
      const headers: Record<string, string> = token === undefined ? {} : { authorization: `Bearer ${token}` };
      return (await fetch(`${base}/v1/projects/${project}/databases/(default)/documents/${path}`, { headers })).status;
    };
    try {
      const loaded = await fetch(`${base}/emulator/v1/projects/demo-rules-project-own:securityRules`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ rules: { files: [{ content: RULES_A }] } }),
      });
      expect(loaded.status).toBe(200);
      const bob = mockToken('bob');
      // A project that loaded no rules: the start rules (signed-in users on /b only).
      expect([await get('demo-rules-project-none', 'b/1'), await get('demo-rules-project-none', 'b/1', bob)]).toEqual([403, 404]);
      expect(await get('demo-rules-project-none', 'a/1')).toBe(403);
      // A project with its own rules: those only (anyone on /a, nothing on /b).
      expect([await get('demo-rules-project-own', 'a/1'), await get('demo-rules-project-own', 'b/1', bob)]).toEqual([404, 403]);
    } finally {
      await started.stop();
    }
    // The suite's emulator was started without rules: a project that loaded none allows everything.
    const res = await fetch(`http://${host}:${port}/v1/projects/demo-rules-project-none/databases/(default)/documents/b/1`);
    expect(res.status).toBe(404);
  });
});
