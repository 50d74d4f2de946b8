/**
 * The provider's configuration from the environment (every variable it reads is here).
 *   PROVIDER_PORT           port of the HTTP server (default 8787)
 *   PROVIDER_HOST           interface to listen on (default 127.0.0.1)
 *   PROVIDER_PUBLIC_ORIGIN  origin the browser reaches the provider at, for referral links and the
 *                           sandbox checkout (default http://127.0.0.1:<port>)
 *   WEB_APP_URL             the web app's origin, for referral links /referral/{code} (default http://127.0.0.1:5173)
 *   GCLOUD_PROJECT          Firebase project id (default demo-punter)
 *   PROVIDER_SANDBOX_PROJECT  the project id again, to let the sandboxes run on that non-demo project
 *                           (a test deployment); it must equal GCLOUD_PROJECT, so a copied environment
 *                           never opens them on another project
 *   FIRESTORE_EMULATOR_HOST host:port of the Firestore emulator (read by firebase-admin)
 *   FLW_SECRET_KEY          Flutterwave secret key: when set, payments and account-name resolution go
 *                           to Flutterwave instead of the sandbox, and withdrawals wait for an admin's
 *                           approval (no payout API is wired in)
 *   TERMII_API_KEY          Termii API key: when set, one-time codes are sent by SMS through Termii
 *   TERMII_SENDER_ID        Termii sender id (default 'Punter')
 *   PROVIDER_SANDBOX        'false' to unmount /sandbox/* (default: mounted unless FLW_SECRET_KEY is set)
 *   PROVIDER_SANDBOX_PAYOUTS  'instant' (default: the sandbox pays at once, except its magic accounts) or
 *                           'pending' (every sandbox withdrawal waits in the console's queue for Approve/Decline)
 *
 * The sandboxes record a payment nobody made and show every one-time code, so they run only for a
 * `demo-` project (which can only reach an emulator's data) or PROVIDER_SANDBOX_PROJECT; on any other
 * project optionsFromEnv refuses to build a provider without FLW_SECRET_KEY and TERMII_API_KEY.
 *   PROVIDER_TOKEN_TTL_MINUTES  bearer token lifetime (default 1440 = 24 h)
 *   PROVIDER_POT_TICK_SECONDS   how often this process moves pots whose time has come (default 15; 0: never,
 *                               when a scheduler calls tickPots instead; ADR 0012)
 *   PROVIDER_TRUSTED_PROXIES    comma-separated addresses whose X-Forwarded-For names the client (the
 *                           functions calling over HTTP); default loopback (127.0.0.1,::1,::ffff:127.0.0.1)
 *   PROVIDER_LIMITS         JSON object overriding abuse-limit settings, e.g. {"smsPerSourcePerHour":10}
 *                           (keys: see 'Abuse limits' in the README)
 *   PROVIDER_DEVICE_KEY     secret (at least 32 characters) that device tokens are hashed with (HMAC-SHA256,
 *                           ADR 0051); default: derived from FLW_SECRET_KEY when that is set, else a fixed
 *                           key for local development. Changing it makes every recorded device unknown.
 */
import { createHmac } from 'node:crypto';
import { z } from 'zod';
import { createFlutterwaveBankResolver } from './adapters/bank-resolver';
import { createFlutterwavePayments } from './adapters/payments';
import { SANDBOX_PAYOUT_MODES, createManualPayouts, createSandboxPayouts } from './adapters/payouts';
import { createTermiiSms } from './adapters/sms';
import type { ProviderOptions } from './provider';
import type { Store } from './store';

/** The abuse-limit settings an operator may change (names as in ProviderSettings). */
const limitSettingsSchema = z.partialRecord(
  z.enum([
    'pinMaxTries',
    'pinLocksBeforeReset',
    'loginMaxTries',
    'loginAccountMaxFailuresPerHour',
    'loginsPerSourcePerMinute',
    'registrationsPerSourcePerHour',
    'smsPerSourcePerHour',
    'codeChecksPerSourcePerHour',
    'wrongCodesPerAccountPerDay',
    'smsPerHour',
    'otpSendsPerHour',
  ]),
  z.number().int().positive(),
);

const envSchema = z.object({
  PROVIDER_PORT: z.coerce.number().int().min(0).max(65535).default(8787),
  PROVIDER_HOST: z.string().default('127.0.0.1'),
  PROVIDER_PUBLIC_ORIGIN: z.url().optional(),
  WEB_APP_URL: z.url().default('http://127.0.0.1:5173'),
  GCLOUD_PROJECT: z.string().min(1).default('demo-punter'),
  FLW_SECRET_KEY: z.string().min(1).optional(),
  TERMII_API_KEY: z.string().min(1).optional(),
  TERMII_SENDER_ID: z.string().min(1).max(11).default('Punter'),
  PROVIDER_SANDBOX: z.enum(['true', 'false']).optional(),
  PROVIDER_SANDBOX_PROJECT: z.string().min(1).optional(),
  PROVIDER_DEVICE_KEY: z.string().min(32, 'must be at least 32 characters').optional(),
  PROVIDER_SANDBOX_PAYOUTS: z.enum(SANDBOX_PAYOUT_MODES).default('instant'),
  PROVIDER_TOKEN_TTL_MINUTES: z.coerce.number().int().positive().default(1440),
  PROVIDER_POT_TICK_SECONDS: z.coerce.number().int().min(0).max(3600).default(15),
  PROVIDER_TRUSTED_PROXIES: z
    .string()
    .transform((v) =>
      v
        .split(',')
        .map((a) => a.trim())
        .filter((a) => a !== ''),
    )
    .optional(),
  PROVIDER_LIMITS: z
    .string()
    .transform((text, ctx) => {
      try {
        return JSON.parse(text) as unknown;
      } catch {
        ctx.addIssue({ code: 'custom', message: 'must be a JSON object' });
        return z.NEVER;
      }
    })
    .pipe(limitSettingsSchema)
    .optional(),
});
export type ProviderEnv = z.infer<typeof envSchema>;

export function readEnv(env: NodeJS.ProcessEnv = process.env): ProviderEnv {
  // Empty strings count as unset.
  const result = envSchema.safeParse(Object.fromEntries(Object.entries(env).filter(([, v]) => v !== '')));
  if (!result.success) {
    const problems = result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Invalid provider configuration: ${problems}`);
  }
  return result.data;
}

/** Whether the sandboxes may run: a `demo-` project, or the project named by PROVIDER_SANDBOX_PROJECT. */
export function sandboxAllowed(env: ProviderEnv): boolean {
  return env.GCLOUD_PROJECT.startsWith('demo-') || env.PROVIDER_SANDBOX_PROJECT === env.GCLOUD_PROJECT;
}

/** Refuses a configuration that would run a sandbox on a real project (fail closed, issue 10 section 5). */
function assertNoSandboxOnRealProject(env: ProviderEnv): void {
  if (sandboxAllowed(env)) return;
  const project = env.GCLOUD_PROJECT;
  const why = `project '${project}' is not a demo- project, and the sandboxes run only for demo- projects or with PROVIDER_SANDBOX_PROJECT=${project}`;
  if (env.FLW_SECRET_KEY === undefined) {
    throw new Error(`FLW_SECRET_KEY is not set: ${why} (the sandbox checkout records payments nobody made)`);
  }
  if (env.TERMII_API_KEY === undefined) {
    throw new Error(`TERMII_API_KEY is not set: ${why} (the SMS sandbox shows every one-time code)`);
  }
  if (env.PROVIDER_SANDBOX === 'true') throw new Error(`PROVIDER_SANDBOX=true is refused: ${why}`);
}

/**
 * The key device tokens are hashed with (ADR 0051): PROVIDER_DEVICE_KEY, else one derived from FLW_SECRET_KEY
 * (HMAC of a fixed label, so the secret key itself is never the HMAC key), else none (the development default).
 */
export function deviceKeyFrom(env: ProviderEnv): string | undefined {
  if (env.PROVIDER_DEVICE_KEY !== undefined) return env.PROVIDER_DEVICE_KEY;
  if (env.FLW_SECRET_KEY !== undefined) {
    return createHmac('sha256', env.FLW_SECRET_KEY).update('punter device-token key v1').digest('hex');
  }
  return undefined;
}

/**
 * Provider options for an environment: Flutterwave adapters when FLW_SECRET_KEY is set, else sandboxes,
 * which only a demo- project (or PROVIDER_SANDBOX_PROJECT) may use: otherwise this throws, naming the variable.
 */
export function optionsFromEnv(env: ProviderEnv, store: Store): ProviderOptions {
  assertNoSandboxOnRealProject(env);
  const origin = env.PROVIDER_PUBLIC_ORIGIN ?? `http://127.0.0.1:${env.PROVIDER_PORT}`;
  const live = env.FLW_SECRET_KEY !== undefined;
  const options: ProviderOptions = {
    store,
    settings: {
      publicOrigin: origin,
      webAppUrl: env.WEB_APP_URL,
      sandboxRoutes: env.PROVIDER_SANDBOX ? env.PROVIDER_SANDBOX === 'true' : !live,
      tokenTtlMs: env.PROVIDER_TOKEN_TTL_MINUTES * 60_000,
      ...env.PROVIDER_LIMITS,
    },
  };
  const deviceKey = deviceKeyFrom(env);
  if (deviceKey !== undefined && options.settings) options.settings.deviceKey = deviceKey;
  if (env.PROVIDER_SANDBOX_PAYOUTS === 'pending') options.payouts = createSandboxPayouts({ mode: 'pending' });
  if (env.FLW_SECRET_KEY) {
    options.payments = createFlutterwavePayments({ secretKey: env.FLW_SECRET_KEY });
    options.bankResolver = createFlutterwaveBankResolver({ secretKey: env.FLW_SECRET_KEY });
    // Real money: never let the sandbox mark a withdrawal paid. Admins settle them by hand.
    options.payouts = createManualPayouts();
  }
  if (env.TERMII_API_KEY) options.sms = createTermiiSms({ apiKey: env.TERMII_API_KEY, senderId: env.TERMII_SENDER_ID });
  return options;
}
