/**
 * Who may do what, read at call time from the caller's permissions document (ADR 0004), never from
 * token claims: a claim lives as long as the ID token (up to an hour) after an admin takes it away.
 */
import { TOKEN_EXPIRED_MESSAGE } from '@punter/core/api/errors';
import type { Permissions } from '@punter/core/permissions';
import { BridgeError } from './errors';

export interface PermissionsReader {
  /** The parsed `user_permissions/{uid}`; null when it is missing or malformed. */
  permissionsOf(uid: string): Promise<Permissions | null>;
}

export const SESSION_ENDED_MESSAGE = 'Your session has ended. Please log in again.';

/**
 * The caller's permissions if their account is active now. No caller, or no permissions document (not
 * a session the app created) -> unauthenticated; an inactive account (suspended, must change its
 * password) -> unauthenticated too: the session is over, the web app logs out.
 */
export async function activePermissions(reader: PermissionsReader, uid: string | null): Promise<Permissions> {
  if (!uid) throw new BridgeError('unauthenticated', TOKEN_EXPIRED_MESSAGE);
  const permissions = await reader.permissionsOf(uid);
  if (!permissions) throw new BridgeError('unauthenticated', TOKEN_EXPIRED_MESSAGE);
  if (!permissions.active) throw new BridgeError('unauthenticated', SESSION_ENDED_MESSAGE);
  return permissions;
}
