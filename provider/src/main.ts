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
// The life of a pot (ADR 0012): the same code a production scheduler calls, on a timer. A failed run is
// logged and the next one tries again; runs never overlap.
let ticking = false;
const potTimer =
  env.PROVIDER_POT_TICK_SECONDS > 0
    ? setInterval(() => {
        if (ticking) return;
        ticking = true;
        provider
          .tickPots()
          .catch((error: unknown) => console.error(JSON.stringify({ message: 'pot tick failed', error: String(error) })))
          .finally(() => (ticking = false));
      }, env.PROVIDER_POT_TICK_SECONDS * 1000)
    : null;
// The scheduled jobs: what a production scheduler calls, run by this process on a timer: the expiry
// reminders (ADR 0016), betting codes left unsettled, ended and refunded (ADR 0010), and punters' Booms
// paid out once their dispute window passed (ADR 0039).
const remind = () => {
  // A missed run is made up by the next one; never a crash.
  const failed = (job: string) => (error: unknown) =>
    provider.deps.log(`${job} failed`, { error: error instanceof Error ? error.message : String(error) });
  remindExpiringSubscriptions(provider.deps).catch(failed('subscription reminders'));
  provider.endUnsettledGames().catch(failed('ending unsettled codes'));
  provider.releaseHeldEscrows().catch(failed('releasing held code sales'));
  provider.refundHeldTopups().catch(failed('refunding held top-ups'));
};
remind();
// Referral bonuses an instance left pending when it stopped (ADR 0055); the pot scheduler's passes sweep them too.
provider.payPendingBonuses().catch((error: unknown) =>
  provider.deps.log('paying pending referral bonuses failed', {
    error: error instanceof Error ? error.message : String(error),
  }),
);
// Codes posted before the provider kept its own copy get one, so Clear Games cannot strand them (ADR 0027).
provider
  .copyOlderGames()
  .catch((error: unknown) =>
    provider.deps.log('copying older codes failed', { error: error instanceof Error ? error.message : String(error) }),
  );
const reminders = setInterval(remind, REMINDER_EVERY_MS);
reminders.unref();
const shutdown = () => {
  if (potTimer) clearInterval(potTimer);
  clearInterval(reminders);
  server.close();
  // The figures folded a second after the last payments (ADR 0048) are written before the store closes, within
  // the few seconds Cloud Run gives a stopping instance; the scheduler's next pass folds anything left.
  const folded = Promise.race([provider.countsFolded(), new Promise((resolve) => setTimeout(resolve, 5000))]);
  void folded.finally(() => store.close().finally(() => process.exit(0)));
};
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
