/**
 * The caller of a request, from `Authorization: Bearer <token>`: 'owner' bypasses rules (admin SDK,
 * withSecurityRulesDisabled); anything else is read as a JWT whose payload is decoded but NEVER verified
 * and whose expiry is NEVER checked (rules-unit-testing's mock tokens are unsigned and already expired).
 */
import type { Caller } from '../contract';

function decodeJwtPayload(token: string): Record<string, unknown> | null {
  const parts = token.split('.');
  if (parts.length < 2) return null;
  const payload = parts[1];
  if (payload === undefined || payload.length === 0 || payload.length > 64 * 1024) return null;
  try {
    const text = Buffer.from(payload.replace(/-/g, '+').replace(/_/g, '/'), 'base64').toString('utf8');
    const parsed: unknown = JSON.parse(text);
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return null;
    return parsed as Record<string, unknown>;
  } catch {
    return null;
  }
}

/** Decodes an Authorization header value (or undefined when absent). */
export function callerFromAuthorization(header: string | undefined | null): Caller {
  if (header === undefined || header === null) return { kind: 'anonymous' };
  const m = /^\s*Bearer\s+(.+?)\s*$/i.exec(header);
  if (!m) return { kind: 'anonymous' };
  const token = m[1] ?? '';
  if (token === 'owner') return { kind: 'owner' };
  const payload = decodeJwtPayload(token);
  if (!payload) return { kind: 'anonymous' };
  const uid = typeof payload.sub === 'string' && payload.sub !== '' ? payload.sub : payload.user_id;
  if (typeof uid !== 'string' || uid === '') return { kind: 'anonymous' };
  return { kind: 'user', uid, token: payload };
}
