/**
 * Session callables: login, register, phone verification and password reset go through to the
 * provider. A profile with code 200 or 203 comes back with a Firebase custom token (uid = provider
 * user id; claims role, can_post_signal, can_post_game, can_monetize_game). Plain inputs, plain outputs.
 */
import { LOGGED_IN_CODES, profileSchema, type Profile } from '@punter/core/api/profile';
import { claimsFromProfile, type CustomClaims } from '@punter/core/bridge-schemas';
import {
  sessionLoginSchema,
  sessionRegisterSchema,
  sessionRequestOtpSchema,
  sessionResetPasswordSchema,
  sessionSendResetOtpSchema,
  sessionVerifyOtpSchema,
  type SessionResult,
} from '@punter/core/session-callables';
import type { z } from 'zod';
import { BridgeError, GENERIC_MESSAGE, fromProviderError, parsePayload } from './errors';
import type { ProviderClient } from './provider-client';

export interface SessionDeps {
  provider: ProviderClient;
  mintToken(uid: string, claims: CustomClaims): Promise<string>;
  log?: (message: string, fields?: Record<string, unknown>) => void;
}

async function forward(
  deps: SessionDeps,
  path: string,
  body: unknown,
  source: string | undefined,
): Promise<Record<string, unknown>> {
  const answer = await deps.provider.call({
    method: 'POST',
    path,
    body,
    headers: {},
    ...(source === undefined ? {} : { source }),
  });
  if (answer.status >= 400) throw fromProviderError(answer.status, answer.body);
  if (typeof answer.body !== 'object' || answer.body === null) {
    deps.log?.('provider answered a non-object body', { path, status: answer.status });
    throw new BridgeError('internal', GENERIC_MESSAGE);
  }
  return answer.body as Record<string, unknown>;
}

function messageOf(body: Record<string, unknown>): string {
  return typeof body.message === 'string' ? body.message : '';
}

async function withProfile(deps: SessionDeps, body: Record<string, unknown>): Promise<SessionResult> {
  const parsed = profileSchema.safeParse({ code: body.code, token: body.token, data: body.data });
  if (!parsed.success) {
    deps.log?.('provider profile did not match the schema', { issues: parsed.error.issues.slice(0, 3) });
    throw new BridgeError('internal', GENERIC_MESSAGE);
  }
  const profile: Profile = parsed.data;
  const loggedIn = (LOGGED_IN_CODES as readonly number[]).includes(profile.code);
  const firebaseToken = loggedIn ? await deps.mintToken(profile.data.id, claimsFromProfile(profile.data)) : null;
  // Keep the provider's profile data untouched (fields beyond the schema included) for the browser.
  const rawData = body.data as Profile['data'];
  return { profile: { code: profile.code, token: profile.token, data: rawData }, firebaseToken, message: messageOf(body) };
}

function messageOnly(body: Record<string, unknown>): SessionResult {
  return { profile: null, firebaseToken: null, message: messageOf(body) };
}

type Schema = z.core.$ZodType;
async function run(
  deps: SessionDeps,
  schema: Schema,
  data: unknown,
  path: string,
  kind: 'profile' | 'message',
  source: string | undefined,
) {
  const input = parsePayload(schema, data);
  const body = await forward(deps, path, input, source);
  return kind === 'profile' ? withProfile(deps, body) : messageOnly(body);
}

export const sessionLogin = (deps: SessionDeps, data: unknown, source?: string) =>
  run(deps, sessionLoginSchema, data, '/api/v1/user/login', 'profile', source);
export const sessionRegister = (deps: SessionDeps, data: unknown, source?: string) =>
  run(deps, sessionRegisterSchema, data, '/api/v1/user/register', 'profile', source);
export const sessionRequestOtp = (deps: SessionDeps, data: unknown, source?: string) =>
  run(deps, sessionRequestOtpSchema, data, '/api/v1/otp/request', 'message', source);
export const sessionVerifyOtp = (deps: SessionDeps, data: unknown, source?: string) =>
  run(deps, sessionVerifyOtpSchema, data, '/api/v1/otp/verify', 'profile', source);
export const sessionSendResetOtp = (deps: SessionDeps, data: unknown, source?: string) =>
  run(deps, sessionSendResetOtpSchema, data, '/api/v1/user/password/send-otp', 'message', source);
export const sessionResetPassword = (deps: SessionDeps, data: unknown, source?: string) =>
  run(deps, sessionResetPasswordSchema, data, '/api/v1/user/password/reset', 'message', source);
