/**
 * Runs the provider over HTTP: `node --import tsx provider/src/main.ts`.
 * Prints `Provider listening on http://127.0.0.1:<port>/api/v1` once it listens. Environment: see config.ts.
 */
import { optionsFromEnv, readEnv } from './config';
import { createProvider } from './provider';
import { createHttpServer } from './server';
import { createFirestoreStore } from './store-firestore';
import { remindExpiringSubscriptions } from './wallet/subscription-reminders';

/** How often the subscription reminders run (each run sends only what no run has sent: ADR 0016). */
const REMINDER_EVERY_MS = 60 * 60 * 1000;

// Locally there is no GCE metadata server; skip the admin SDK's probe (and its warning).
process.env.METADATA_SERVER_DETECTION ??= 'none';
let env: ReturnType<typeof readEnv>;
let options: ReturnType<typeof optionsFromEnv>;
let store: ReturnType<typeof createFirestoreStore>;
try {
  env = readEnv();
  store = createFirestoreStore({ projectId: env.GCLOUD_PROJECT });
  options = optionsFromEnv(env, store);
} catch (error) {
  // A configuration the provider refuses (a bad variable, a sandbox on a real project): say which, and stop.
  console.error(`The provider did not start. ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
}
const provider = createProvider(options);
const server = createHttpServer(provider, env.PROVIDER_TRUSTED_PROXIES ? { trustedProxies: env.PROVIDER_TRUSTED_PROXIES } : {});
server.listen(env.PROVIDER_PORT, env.PROVIDER_HOST, () => {
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : env.PROVIDER_PORT;
  const mode = provider.deps.payments.name === 'sandbox' ? 'sandbox adapters' : 'Flutterwave adapters';
  console.log(`Provider listening on http://${env.PROVIDER_HOST}:${port}/api/v1 (${mode})`);
  if (provider.deps.settings.sandboxRoutes) {
    const origin = provider.deps.settings.publicOrigin;
    console.log(`Sandbox checkout: ${origin}/sandbox/checkout  SMS inbox: ${origin}/sandbox/sms?phone=...`);
  }
});
// The scheduled jobs: what a production scheduler calls, run by this process on a timer.
const remind = () => {
  remindExpiringSubscriptions(provider.deps).catch((error: unknown) => {
    // A missed run is made up by the next one; never a crash.
    provider.deps.log('subscription reminders failed', { error: error instanceof Error ? error.message : String(error) });
  });
};
remind();
const reminders = setInterval(remind, REMINDER_EVERY_MS);
reminders.unref();
const shutdown = () => {
  clearInterval(reminders);
  server.close();
  void store.close().finally(() => process.exit(0));
};
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
