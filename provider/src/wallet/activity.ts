/** What the wallet screens list beside money: the user's referrals and notifications. */
import { shownDuringPause } from '@punter/core/safer-play';
import { notifications, users } from '../collections';
import type { ProviderDeps, UserDoc } from '../context';
import { ok, type ProviderResponse } from '../http';
import { activePause } from '../safer-play';

export function createActivity(deps: ProviderDeps) {
  return {
    async referrals(user: UserDoc): Promise<ProviderResponse> {
      const docs = await users.query(deps.store, { where: [['referred_by', '==', user.id]] });
      const now = deps.now();
      const list = docs
        .map((d) => d.data)
        .sort((a, b) => b.created_at - a.created_at)
        .map((u) => ({
          first_name: u.first_name,
          last_name: u.last_name,
          subscription: u.subscription_expires_at !== null && u.subscription_expires_at > now,
          createdAt: new Date(u.created_at).toISOString(),
        }));
      return ok({ message: 'Referrals fetched', data: list });
    },

    async notifications(user: UserDoc): Promise<ProviderResponse> {
      const docs = await notifications.query(deps.store, { where: [['user_id', '==', user.id]] });
      // During a break or self-exclusion only what concerns the user's own money is shown; the rest
      // waits for the end of the pause (ADR 0025).
      const paused = activePause(user, deps.now()) !== null;
      const list = docs
        .map((d) => d.data)
        .filter((n) => !paused || shownDuringPause(n.type))
        .sort((a, b) => b.created_at - a.created_at)
        .slice(0, 50)
        .map((n) => ({
          id: n.id,
          type: n.type,
          meta_data: n.meta_data,
          createdAt: new Date(n.created_at).toISOString(),
        }));
      return ok({ message: 'Notifications fetched', data: list });
    },
  };
}
