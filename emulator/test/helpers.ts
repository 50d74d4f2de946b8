/** Shared helpers of the conformance suites: where the emulator is and unique project ids. */
import { randomBytes } from 'node:crypto';
import { inject } from 'vitest';
import { start } from '../src/index';

export function emulatorHost(): { host: string; port: number; hostPort: string; external: boolean } {
  const hostPort = inject('emulatorHost');
  const i = hostPort.lastIndexOf(':');
  return { host: hostPort.slice(0, i), port: Number(hostPort.slice(i + 1)), hostPort, external: inject('external') };
}

/**
 * The emulator a suite that needs its own start options (rules) runs against: the one FIRESTORE_EMULATOR_HOST
 * names when set (e.g. the official emulator), else one started here on a free port; stop() stops only that.
 */
export async function suiteEmulator(
  options: { rules?: string } = {},
): Promise<{ host: string; port: number; external: boolean; stop(): Promise<void> }> {
  const external = process.env['FIRESTORE_EMULATOR_HOST'];
  if (external) {
    const i = external.lastIndexOf(':');
    return { host: external.slice(0, i), port: Number(external.slice(i + 1)), external: true, stop: () => Promise.resolve() };
  }
  const emulator = await start({ port: 0, ...(options.rules !== undefined ? { rules: options.rules } : {}) });
  return { host: emulator.host, port: emulator.port, external: false, stop: () => emulator.stop() };
}

/** A fresh project id per suite so suites never see each other's data. */
export function uniqueProject(prefix: string): string {
  return `demo-${prefix}-${randomBytes(4).toString('hex')}`;
}

export function sleep(ms: number): Promise<void> {
  return new Promise((r) => setTimeout(r, ms));
}

/** Waits until `check` returns true (polling), or fails after `timeoutMs`. */
export async function waitFor(check: () => boolean, timeoutMs = 5000, what = 'condition'): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > until) throw new Error(`Timed out waiting for ${what}`);
    await sleep(5);
  }
}

export const DENY_ALL_RULES = `rules_version = '2';
service cloud.firestore {
  match /databases/{database}/documents {
    match /{document=**} {
      allow read, write: if false;
    }
  }
}
`;
