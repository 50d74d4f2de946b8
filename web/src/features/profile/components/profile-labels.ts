/** How /profile shows the account's permissions and its referrals (SPEC sections 2 and 4). */
import type { Permissions } from '@punter/core/permissions';

/** What the account may do ('Member' when nothing beyond reading). */
export function permissionLabels(
  p: Pick<Permissions, 'role' | 'can_post_signal' | 'can_post_game' | 'can_monetize_game'>,
): string[] {
  const labels = [
    p.role === 1 ? 'Admin' : null,
    p.can_post_signal ? 'Posts signals' : null,
    p.can_post_game ? 'Posts games' : null,
    p.can_monetize_game ? 'Sells games' : null,
  ].filter((label): label is string => label !== null);
  return labels.length > 0 ? labels : ['Member'];
}

/** SPEC section 5: the referral link is shown truncated to 10 characters plus an ellipsis, lowercased. */
export function referralLinkDisplay(link: string): string {
  const lower = link.trim().toLowerCase();
  return lower.length > 10 ? `${lower.slice(0, 10)}...` : lower;
}

export const NO_REFERRALS_MESSAGE = 'You have no referral..';

/** Subscribed (green) or Not Subscribed (orange). */
export function referralSubscriptionDisplay(subscribed: boolean): { label: string; colour: 'green' | 'orange' } {
  return subscribed ? { label: 'Subscribed', colour: 'green' } : { label: 'Not Subscribed', colour: 'orange' };
}
