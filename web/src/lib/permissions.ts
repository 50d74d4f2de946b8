/**
 * The signed-in user's permissions, live (ADR 0004). The permissions watcher (app/permissions-watcher,
 * lazy, so no screen's first load carries the Firestore SDK) listens to `user_permissions/{uid}` and
 * publishes it here; any screen reads it with usePermissions() and re-renders when an admin changes it.
 * Until the first snapshot arrives the stored profile's permissions stand in.
 */
import { useSyncExternalStore } from 'react';
import type { Permissions } from '@punter/core/permissions';
import { getProfile, type StoredProfile } from '@/lib/session';

type Listener = () => void;
const listeners = new Set<Listener>();
let live: { uid: string; permissions: Permissions | null } | null = null;

/** Called by the watcher with each snapshot (null: no document, or a malformed one). */
export function publishPermissions(uid: string, permissions: Permissions | null): void {
  live = { uid, permissions };
  for (const listener of listeners) listener();
}

function fromProfile(profile: StoredProfile): Permissions {
  const d = profile.data;
  return {
    active: true,
    role: d.role,
    can_post_signal: d.can_post_signal,
    can_post_game: d.can_post_game,
    can_monetize_game: d.can_monetize_game,
    subscription_expires_at: d.subscription_expires_at ? Date.parse(d.subscription_expires_at) : null,
    // The profile does not carry a pause; the live document (ADR 0019) does.
    paused_until: null,
    updated_at: 0,
  };
}

let cached: { source: unknown; profile: StoredProfile | null; value: Permissions | null } | null = null;

/** The user's permissions now: the live document once it is known, else the profile's copy. */
export function currentPermissions(): Permissions | null {
  const profile = getProfile();
  const source = live && profile && live.uid === profile.data.id ? live : null;
  if (cached && cached.source === source && cached.profile === profile) return cached.value;
  const value = source ? source.permissions : profile ? fromProfile(profile) : null;
  cached = { source, profile, value };
  return value;
}

function subscribe(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function usePermissions(): Permissions | null {
  return useSyncExternalStore(subscribe, currentPermissions, () => null);
}
