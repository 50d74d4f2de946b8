/**
 * POST /api/v1/user/join-auto-trada: joins a Raising pot of the app's 'trading_pots' collection.
 * One transaction: SPEC section 5's checks in order, the JOIN_AUTO_TRADA debit, the participant
 * document, the pot's raised_amount and investors_count, and the 2.5% instant referral bonus
 * (SPEC section 9) credited to the referrer. Needs an active subscription (SPEC section 1).
 */
import { z } from 'zod';
import { koboToNaira, nairaToKobo, percentOfKobo } from '@punter/core/money';
import {
  PARTICIPANT_INITIAL_STATUS,
  POT_JOINED,
  POT_NOT_FOUND,
  POT_STATUS_RAISING,
  REFERRAL_BONUS_INSTANT_PERCENT,
  checkPotJoin,
  joinQuote,
  participantDisplayName,
} from '@punter/core/pots';
import { myPots, potParticipants, pots, unique, users } from './collections';
import { KeyedMutex, notify, type ProviderDeps, type UserDoc } from './context';
import { badRequest, forbidden, notFound, ok, parseBody, type ProviderResponse } from './http';
import { HOUSE, idempotent, postEntry, readAccount, readWallet, transactionView, transactionViewSchema } from './ledger';
import { joinAutoTradaBody } from './schemas';
import { newId, type Tx } from './store';

const joinAnswerSchema = z.object({ transaction: transactionViewSchema, balance: z.number() });

export const REFERRAL_CODE_INVALID = 'The referral code is not valid';
export const REFERRAL_CODE_OWN = 'You cannot use your own referral code';
export const REFERRAL_CODE_CIRCULAR = 'You cannot use the referral code of someone you referred';

/**
 * Who earns the bonus of a join (SPEC 9). The referrer fixed at registration always; a code given at
 * join time only when the user has none yet, and never the user's own or that of someone the user
 * referred (a second account bouncing the bonus back). A later code is ignored rather than refused:
 * the web app passes the code of a referral link on every join, and ignoring it pays no one new.
 * Reads only, inside the join's transaction, so two concurrent joins with different codes cannot both set one.
 */
async function referrerFor(tx: Tx, user: UserDoc, code: string | null): Promise<string | null> {
  if (user.referred_by !== null) return user.referred_by === user.id ? null : user.referred_by;
  if (!code) return null;
  const ref = await unique.get(tx, `referral:${code}`);
  if (!ref) throw badRequest(REFERRAL_CODE_INVALID);
  if (ref.user_id === user.id) throw badRequest(REFERRAL_CODE_OWN);
  const referrer = await users.get(tx, ref.user_id);
  if (!referrer) throw badRequest(REFERRAL_CODE_INVALID);
  if (referrer.referred_by === user.id) throw badRequest(REFERRAL_CODE_CIRCULAR);
  return referrer.id;
}

export function createPots(deps: ProviderDeps) {
  const locks = new KeyedMutex();
  return {
    async join(user: UserDoc, body: unknown, idempotencyKey: string): Promise<ProviderResponse> {
      const input = parseBody(joinAutoTradaBody, body);
      const amount = nairaToKobo(input.amount);
      const now = deps.now();
      if (!user.subscription_expires_at || user.subscription_expires_at <= now) {
        throw forbidden('Your subscription has expired. Please subscribe to join a pot.');
      }
      const code = input.referalCode ? input.referalCode.toUpperCase() : null;
      const { value } = await locks.run(user.id, () =>
        deps.store.runTransaction((tx) =>
          idempotent(
            tx,
            'join-pot',
            user.id,
            idempotencyKey,
            input,
            joinAnswerSchema,
            async () => {
              const pot = await pots.get(tx, input.pot_id);
              if (!pot) throw notFound(POT_NOT_FOUND);
              if (pot.status !== POT_STATUS_RAISING) throw badRequest('This pot is not raising at the moment');
              const current = await users.get(tx, user.id);
              if (!current) throw notFound('Account not found');
              const referrerId = await referrerFor(tx, current, code);
              const wallet = await readWallet(tx, user.id);
              const referrer = referrerId ? await users.get(tx, referrerId) : null;
              const referrerWallet = referrer ? await readWallet(tx, referrer.id) : null;
              // The pot's own account holds what its participants put in (double entry).
              const potAccount = await readAccount(tx, { kind: 'pot', id: input.pot_id });
              const check = checkPotJoin(amount, {
                balanceKobo: wallet.balance_kobo,
                potVolumeKobo: nairaToKobo(pot.pot_volume),
                raisedAmountKobo: nairaToKobo(pot.raised_amount ?? 0),
              });
              if (!check.ok) throw badRequest(check.error);
              const raised = nairaToKobo(pot.raised_amount ?? 0);
              // A code given now becomes the user's referrer for good, in the same transaction as the join.
              if (referrerId && current.referred_by === null) users.update(tx, user.id, { referred_by: referrerId });
              const posted = postEntry(deps, tx, wallet, {
                type: 'JOIN_AUTO_TRADA',
                direction: 'debit',
                counterparty: potAccount,
                amountKobo: amount,
                narration: `Joined pot ${pot.type ?? ''} managed by ${pot.manager ?? ''}`.trim(),
                reference: `join-pot:${input.pot_id}`,
              });
              // SPEC 9: the participant ROI is the pot's percentage of the amount times the pot's duration.
              const quote = joinQuote(amount, (pot.percentage ?? 0) * Math.max(1, pot.duration ?? 1));
              const roi = quote.roiKobo;
              // The public list shows others only what it needs (SPEC 2 'Pot detail'): a display name, never
              // an id or a full name. The joiner's own record, with user_id, is in 'my-pots' (owner-only rules).
              const participantId = newId();
              const participant = {
                pot_id: input.pot_id,
                name: participantDisplayName(current.first_name, current.last_name),
                amount: koboToNaira(amount),
                roi: koboToNaira(roi),
                total: koboToNaira(amount + roi),
                trading_capital: koboToNaira(amount),
                status: PARTICIPANT_INITIAL_STATUS,
                timestamp: new Date(now),
              };
              potParticipants.set(tx, participantId, participant);
              myPots.set(tx, participantId, { ...participant, user_id: user.id });
              pots.update(tx, input.pot_id, {
                raised_amount: koboToNaira(raised + amount),
                investors_count: (pot.investors_count ?? 0) + 1,
              });
              notify(deps, tx, user.id, 'JOIN_AUTO_TRADA', {
                amount: koboToNaira(amount),
                pot_id: input.pot_id,
                message: 'Pot joined',
              });
              if (referrer && referrerWallet) {
                const bonus = percentOfKobo(amount, REFERRAL_BONUS_INSTANT_PERCENT);
                if (bonus > 0) {
                  postEntry(deps, tx, referrerWallet, {
                    type: 'MC_DASAINT_BONUS',
                    direction: 'credit',
                    // A bonus is not created from nothing: the house pays it.
                    counterparty: HOUSE,
                    amountKobo: bonus,
                    narration: `2.5% referral bonus: ${user.username} joined a pot`,
                    reference: `referral-bonus:${posted.entry.id}`,
                  });
                  notify(deps, tx, referrer.id, 'REFERRAL_BONUS', {
                    amount: koboToNaira(bonus),
                    message: 'You earned a referral bonus',
                  });
                }
              }
              return { transaction: transactionView(posted.entry), balance: koboToNaira(posted.wallet.balance_kobo) };
            },
            now,
          ),
        ),
      );
      return ok({ message: POT_JOINED, data: value });
    },
  };
}
