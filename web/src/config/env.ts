/**
 * The web app's configuration, read from import.meta.env once and validated with zod.
 * A wrong or missing value stops the app at start-up with a message naming the variable.
 */
import { z } from 'zod/mini';
import { parseHowToLinks } from '@punter/core/how-to';

const hostPort = z
  .string()
  .check(z.regex(/^[A-Za-z0-9.-]+:\d{1,5}$/, { error: 'must look like host:port, for example 127.0.0.1:9099' }));

const envSchema = z
  .object({
    VITE_FIREBASE_PROJECT_ID: z._default(z.string().check(z.minLength(1)), 'demo-punter'),
    VITE_FIREBASE_API_KEY: z._default(z.string().check(z.minLength(1)), 'demo-api-key'),
    VITE_FIREBASE_APP_ID: z.optional(z.string().check(z.minLength(1))),
    VITE_FIREBASE_AUTH_DOMAIN: z.optional(z.string().check(z.minLength(1))),
    VITE_FUNCTIONS_REGION: z._default(z.string().check(z.minLength(1)), 'us-central1'),
    VITE_USE_EMULATORS: z.pipe(
      z._default(z.enum(['true', 'false'], { error: "must be 'true' or 'false'" }), 'true'),
      z.transform((v) => v === 'true'),
    ),
    VITE_AUTH_EMULATOR_HOST: z._default(hostPort, '127.0.0.1:9099'),
    VITE_FUNCTIONS_EMULATOR_HOST: z._default(hostPort, '127.0.0.1:5001'),
    VITE_FIRESTORE_EMULATOR_HOST: z._default(hostPort, '127.0.0.1:8080'),
    /** Origin of the provider; its sandbox checkout page is opened in the top-up modal. */
    VITE_PROVIDER_ORIGIN: z._default(z.url({ error: 'must be a URL such as http://127.0.0.1:8787' }), 'http://127.0.0.1:8787'),
    /**
     * Flutterwave public key. Set: the top-up modal opens Flutterwave's inline checkout (and the provider
     * must verify with FLW_SECRET_KEY); unset: the provider's sandbox checkout.
     */
    VITE_FLW_PUBLIC_KEY: z.optional(
      z.string().check(
        z.refine((v) => !/^FLWSECK/i.test(v), {
          error:
            "is a Flutterwave secret key (FLWSECK...): it must never be built into the web app; set the public key (FLWPUBK...) here and the secret key as the provider's FLW_SECRET_KEY",
          abort: true,
        }),
        z.regex(/^FLWPUBK(_TEST)?-[A-Za-z0-9-]+$/, {
          error:
            'must be a Flutterwave public key such as FLWPUBK-...-X (live) or FLWPUBK_TEST-...-X (test), from the Flutterwave dashboard (Settings > API keys)',
        }),
      ),
    ),
    /** The Flutterwave inline script, loaded only when a top-up starts with VITE_FLW_PUBLIC_KEY set. */
    VITE_FLW_CHECKOUT_SCRIPT: z._default(
      z.url({ protocol: /^https?$/, error: 'must be an http(s) URL such as https://checkout.flutterwave.com/v3.js' }),
      'https://checkout.flutterwave.com/v3.js',
    ),
    /**
     * Web Push (VAPID) public key of the Firebase project (Cloud Messaging > Web Push certificates).
     * Set, with VITE_FIREBASE_MESSAGING_SENDER_ID: a reader who turns notifications on also registers
     * for FCM pushes (ADR 0014; the functions need SIGNAL_PUSH=fcm); unset: the live listener alone.
     */
    VITE_FCM_VAPID_KEY: z.optional(
      z
        .string()
        .check(z.regex(/^[A-Za-z0-9_-]{80,100}$/, { error: 'must be the Web Push public key (87 URL-safe base64 characters)' })),
    ),
    VITE_FIREBASE_MESSAGING_SENDER_ID: z.optional(z.string().check(z.regex(/^\d+$/, { error: 'must be the numeric sender id' }))),
    /**
     * The /how-to videos' YouTube links in page order (SPEC's eight: sign-up guide, introduction, stake
     * calculator, over 2.5 strategy 1 and 2, 4k daily tips, over 4.5 signal, Punters Hub), separated by commas;
     * an empty place is a video not available yet (ADR 0045).
     */
    VITE_HOW_TO_VIDEOS: z._default(
      z.string().check(
        z.superRefine((value, ctx) => {
          const links = parseHowToLinks(value);
          if (!links.ok)
            ctx.issues.push({
              code: 'custom',
              input: value,
              message: `must be YouTube links separated by commas: ${links.errors.join('; ')}`,
            });
        }),
      ),
      '',
    ),
    /** WhatsApp number of customer support, international format without '+'. */
    VITE_SUPPORT_WHATSAPP: z._default(
      z.string().check(z.regex(/^\d{8,15}$/, { error: 'must be digits only, international format without +' })),
      '2348000000000',
    ),
  })
  .check(
    z.refine((env) => !env.VITE_FCM_VAPID_KEY || env.VITE_FIREBASE_MESSAGING_SENDER_ID, {
      error: 'VITE_FCM_VAPID_KEY needs VITE_FIREBASE_MESSAGING_SENDER_ID (Firebase console > Project settings > Cloud Messaging)',
      path: ['VITE_FIREBASE_MESSAGING_SENDER_ID'],
    }),
    z.refine((env) => env.VITE_USE_EMULATORS || !env.VITE_FIREBASE_PROJECT_ID.startsWith('demo-'), {
      error: 'a demo- project only exists in the emulators: set VITE_USE_EMULATORS=true or a real VITE_FIREBASE_PROJECT_ID',
      path: ['VITE_USE_EMULATORS'],
    }),
  );

export type Env = z.output<typeof envSchema>;

export class EnvError extends Error {
  override readonly name = 'EnvError';
}

/** Parses an env record; throws an EnvError listing every bad variable. */
export function parseEnv(raw: Record<string, unknown>): Env {
  // Vite gives empty strings for variables set to nothing: treat them as unset.
  const cleaned = Object.fromEntries(Object.entries(raw).filter(([, v]) => v !== ''));
  const result = envSchema.safeParse(cleaned);
  if (result.success) return result.data;
  const lines = result.error.issues.map((issue) => `${issue.path.join('.') || 'env'}: ${issue.message}`);
  throw new EnvError(`Invalid web configuration (check web/.env or the VITE_* variables):\n${lines.join('\n')}`);
}

function load(): { env: Env; envError: string | null } {
  try {
    return { env: parseEnv(import.meta.env), envError: null };
  } catch (error) {
    // main.tsx shows envError instead of the app; the defaults only keep imports from failing.
    return { env: envSchema.parse({}), envError: error instanceof Error ? error.message : String(error) };
  }
}

const loaded = load();
export const env: Env = loaded.env;
/** Set when the configuration is invalid: the app must not start. */
export const envError: string | null = loaded.envError;
