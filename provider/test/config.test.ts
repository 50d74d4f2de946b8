/**
 * Fail closed (issue 10 section 5): the sandboxes (a checkout that records payments nobody made, an
 * SMS inbox showing every one-time code) run only for a demo- project or a project that names itself
 * in PROVIDER_SANDBOX_PROJECT. For any other project id the provider refuses to start, naming the
 * missing variable, instead of quietly falling back to them.
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { optionsFromEnv, readEnv } from '../src/config';
import { createMemoryStore } from '../src/store-memory';
import { makeProvider } from './helpers';

const options = (env: Record<string, string>) => optionsFromEnv(readEnv(env), createMemoryStore());
const keys = { FLW_SECRET_KEY: 'FLWSECK-test', TERMII_API_KEY: 'termii-test' };

describe('sandboxes on a real project id', () => {
  it('are refused without FLW_SECRET_KEY or TERMII_API_KEY, and PROVIDER_SANDBOX=true is refused, each naming the variable', () => {
    expect(() => options({ GCLOUD_PROJECT: 'punter-prod' })).toThrow(
      /^FLW_SECRET_KEY is not set: project 'punter-prod' is not a demo- project/,
    );
    expect(() => options({ GCLOUD_PROJECT: 'punter-prod', FLW_SECRET_KEY: 'FLWSECK-test' })).toThrow(
      /^TERMII_API_KEY is not set/,
    );
    expect(() => options({ GCLOUD_PROJECT: 'punter-prod', ...keys, PROVIDER_SANDBOX: 'true' })).toThrow(
      /^PROVIDER_SANDBOX=true is refused/,
    );
    // The setting must name this very project: an environment copied to another project stays closed.
    expect(() => options({ GCLOUD_PROJECT: 'punter-prod', PROVIDER_SANDBOX_PROJECT: 'punter-staging' })).toThrow(
      /^FLW_SECRET_KEY is not set/,
    );
  });

  it('with both keys: no sandbox route answers, no sandbox adapter is used', async () => {
    const provider = makeProvider(options({ GCLOUD_PROJECT: 'punter-prod', ...keys }));
    expect([provider.deps.payments.name, provider.deps.sms.name, provider.deps.payouts.name]).toEqual([
      'flutterwave',
      'termii',
      'manual',
    ]);
    const pay = await provider.handle({
      method: 'POST',
      path: '/sandbox/checkout/pay',
      body: { tx_ref: 'x', amount: 1_000_000_000, currency: 'NGN', method: 'card', customer_email: 'a@b.co' },
    });
    expect(pay.status).toBe(404);
    expect((await provider.handle({ method: 'GET', path: '/sandbox/sms', query: { phone: '08031234567' } })).status).toBe(404);
  });

  it('run for a demo- project, or for the project PROVIDER_SANDBOX_PROJECT names', async () => {
    for (const env of [
      { GCLOUD_PROJECT: 'demo-punter' },
      { GCLOUD_PROJECT: 'punter-staging', PROVIDER_SANDBOX_PROJECT: 'punter-staging' },
    ]) {
      const provider = makeProvider(options(env));
      expect(provider.deps.settings.sandboxRoutes).toBe(true);
      expect((await provider.handle({ method: 'GET', path: '/sandbox/sms', query: { phone: '08031234567' } })).status).toBe(200);
    }
  });

  it('the provider process refuses to start for a real project without FLW_SECRET_KEY, and says why', async () => {
    const main = fileURLToPath(new URL('../src/main.ts', import.meta.url));
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      GCLOUD_PROJECT: 'punter-prod',
      PROVIDER_PORT: '0',
      METADATA_SERVER_DETECTION: 'none',
    };
    for (const name of ['FLW_SECRET_KEY', 'TERMII_API_KEY', 'PROVIDER_SANDBOX', 'PROVIDER_SANDBOX_PROJECT']) delete env[name];
    const child = spawn(process.execPath, ['--import', 'tsx', main], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (out += d.toString()));
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    expect(code).toBe(1);
    expect(out).toContain("The provider did not start. FLW_SECRET_KEY is not set: project 'punter-prod'");
    expect(out).not.toContain('Provider listening');
  }, 30_000);
});
