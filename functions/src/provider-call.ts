/**
 * providerCall: forwards an allow-listed SPEC section 7 call (core's API_CALLS, auth 'user' or
 * 'admin') with the caller's bearer token. The caller must be signed in to Firebase, and the token
 * must belong to that Firebase user (uid = provider user id): the proxy asks the provider whose token
 * it is (GET /api/v1/users/profile) and remembers the answer for a minute. The caller's account must
 * be active by its permissions document, read on every call (ADR 0004), so a suspension stops the
 * proxy at once, whatever the owner cache remembers.
 */
import { TOKEN_EXPIRED_MESSAGE } from '@punter/core/api/errors';
import { API_ROUTES } from '@punter/core/api/routes';
import { providerCallRequestSchema, type ProviderCallResult } from '@punter/core/provider-call-schemas';
import { createHash } from 'node:crypto';
import { BridgeError, GENERIC_MESSAGE, fromProviderError, parsePayload } from './errors';
import { activePermissions, type PermissionsReader } from './permissions';
import type { ProviderClient } from './provider-client';

export interface ProviderCallDeps {
  provider: ProviderClient;
  /** The callers' permissions documents. */
  permissions: PermissionsReader;
  now?: () => number;
  /** How long a token's owner is remembered. */
  ownerTtlMs?: number;
  log?: (message: string, fields?: Record<string, unknown>) => void;
  /**
   * After the provider saved a break or self-exclusion of `uid`: takes their devices off the signal
   * topics at once (ADR 0025). A failure is logged, never the caller's: the pause is saved, and the
   * scheduled check drops the tokens within the hour.
   */
  onPaused?: (uid: string) => Promise<unknown>;
}

const OWNER_CACHE_MAX = 5000;
const PAUSE = API_ROUTES.saferPlayPause;

export function createProviderCall(deps: ProviderCallDeps) {
  const now = deps.now ?? (() => Date.now());
  const ttl = deps.ownerTtlMs ?? 60_000;
  const owners = new Map<string, { uid: string; until: number }>();

  async function ownerOf(token: string): Promise<string> {
    const key = createHash('sha256').update(token).digest('hex');
    const cached = owners.get(key);
    if (cached && cached.until > now()) return cached.uid;
    const answer = await deps.provider.call({
      method: 'GET',
      path: '/api/v1/users/profile',
      headers: { authorization: `Bearer ${token}` },
    });
    if (answer.status >= 400) throw fromProviderError(answer.status, answer.body);
    const id = (answer.body as { data?: { id?: unknown } } | null)?.data?.id;
    if (typeof id !== 'string' || !id) throw new BridgeError('internal', GENERIC_MESSAGE);
    if (owners.size >= OWNER_CACHE_MAX) owners.clear();
    owners.set(key, { uid: id, until: now() + ttl });
    return id;
  }

  return async function providerCall(authUid: string | null, data: unknown, source?: string): Promise<ProviderCallResult> {
    if (!authUid) throw new BridgeError('unauthenticated', TOKEN_EXPIRED_MESSAGE);
    await activePermissions(deps.permissions, authUid);
    const input = parsePayload(providerCallRequestSchema, data);
    const owner = await ownerOf(input.token);
    if (owner !== authUid)
      throw new BridgeError('permission-denied', 'This session belongs to another user. Please log in again.');
    const [pathname = '', queryString = ''] = input.path.split('?', 2);
    const query = Object.fromEntries(new URLSearchParams(queryString));
    const answer = await deps.provider.call({
      method: input.method,
      path: pathname,
      query,
      headers: { ...(input.headers ?? {}), authorization: `Bearer ${input.token}`, accept: 'application/json' },
      ...(input.body !== undefined ? { body: input.body } : {}),
      ...(source === undefined ? {} : { source }),
    });
    if (answer.status >= 400) {
      if (answer.status === 401) owners.delete(createHash('sha256').update(input.token).digest('hex'));
      throw fromProviderError(answer.status, answer.body);
    }
    if (deps.onPaused && input.method === PAUSE.method && pathname === PAUSE.path) {
      try {
        await deps.onPaused(authUid);
      } catch (error) {
        deps.log?.('dropping signal push after a pause failed', {
          error: error instanceof Error ? error.message : String(error),
        });
      }
    }
    return { status: answer.status, data: answer.body };
  };
}
