/**
 * The functions' configuration from the environment (every variable they read is here).
 *   PROVIDER_API_URL         base of the provider API ending in /api/v1; unset = the reference provider
 *                            runs in-process inside the functions (on the same Firestore)
 *   GCLOUD_PROJECT           Firebase project id (set by the Functions runtime and emulator)
 *   FIRESTORE_EMULATOR_HOST  Firestore emulator host:port (read by firebase-admin; in-process provider)
 *   FIREBASE_AUTH_EMULATOR_HOST  Auth emulator host:port (read by firebase-admin; set by firebase-tools)
 *   APP_CHECK_ENFORCE        'true': the callables refuse requests without a valid App Check token
 *                            (read in callable.ts when the functions load)
 *   SIGNAL_PUSH              'fcm': postSignal also sends each signal to its group's FCM topic and
 *                            registerSignalPush subscribes readers' tokens (ADR 0014); 'local' or
 *                            unset: no push (the web page's live listener alerts readers)
 * With an in-process provider, the provider's own variables apply too (provider/src/config.ts:
 * FLW_SECRET_KEY, PROVIDER_PUBLIC_ORIGIN, PROVIDER_SANDBOX, PROVIDER_TOKEN_TTL_MINUTES).
 */
import { z } from 'zod';

const envSchema = z.object({
  PROVIDER_API_URL: z.url().optional(),
  GCLOUD_PROJECT: z.string().min(1).default('demo-punter'),
  SIGNAL_PUSH: z.enum(['local', 'fcm'], { error: "SIGNAL_PUSH must be 'local' or 'fcm'" }).default('local'),
});

export type FunctionsEnv = z.infer<typeof envSchema>;

export function readFunctionsEnv(env: NodeJS.ProcessEnv = process.env): FunctionsEnv {
  const result = envSchema.safeParse({
    PROVIDER_API_URL: env.PROVIDER_API_URL || undefined,
    GCLOUD_PROJECT: env.GCLOUD_PROJECT || undefined,
    SIGNAL_PUSH: env.SIGNAL_PUSH || undefined,
  });
  if (!result.success)
    throw new Error(`Invalid functions configuration: ${result.error.issues.map((i) => i.message).join('; ')}`);
  return result.data;
}
