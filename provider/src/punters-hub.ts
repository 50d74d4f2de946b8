/**
 * Punters Hub: betting codes posted by punters (can_post_game; a price only with can_monetize_game),
 * listed for everyone with the code hidden until the user gets or buys it. A purchase debits BUY_GAME
 * once per (user, game), and writes the user's 'my-games' document, all in one transaction.
 *
 * The public game documents live in the app's 'games' collection (the web reads them live; an admin
 * may clear them); the secret codes live in provider_game_codes and the copy settlement reads in
 * provider_games (ADR 0027), both closed to every client.
 */
import { z } from 'zod';
import { formatNaira, koboToNaira, multiplyKobo, nairaToKobo } from '@punter/core/money';
import { SALES_CLOSED_MESSAGE, salesClosed } from '@punter/core/punters-hub';
import {
  gameCodes,
  gameCopies,
  gameSchema,
  games,
  myGames,
  punterRecords,
  purchases,
  type EntryDoc,
  type GameDoc,
} from './collections';
import { gameCopyOf, gameRecordFields, recordOf } from './hub-settlement';
import { KeyedMutex, notify, type ProviderDeps, type UserDoc } from './context';
import { badRequest, forbidden, notFound, ok, parseBody, type ProviderResponse } from './http';
import { assertNotPaused, assertWithinLimits, readPlayGuard, recordUsage } from './safer-play';
import {
  assertShardOpen,
  idempotent,
  postEntry,
  readAccount,
  readEntry,
  readWallet,
  transactionView,
  transactionViewSchema,
} from './ledger';
import { buyGameBody, createCodeRequestSchemaFor } from './schemas';
import { newId, type Tx } from './store';
import { createFolder, ESCROW_SHARDS, KeyedLimiter, shardId, shardOf } from './counters';

/** The secret code of a game ('' when it has none). */
async function codeOf(from: Pick<Tx, 'get'>, gameId: string): Promise<string> {
  return (await gameCodes.get(from, gameId))?.game_code ?? '';
}

/** A game as the API shows it: without the server timestamp, with the code for its owner and buyers. */
const gameViewSchema = gameSchema.omit({ timestamp: true }).extend({ game_code: z.string().optional() });
/** What buy-or-get answers (and keeps for an idempotent replay). */
const buyAnswerSchema = z.object({ game: gameViewSchema, transaction: transactionViewSchema.nullable() });

function gameView(game: GameDoc, code: string | undefined) {
  const { timestamp: _t, ...rest } = game;
  return code === undefined ? rest : { ...rest, game_code: code };
}

/**
 * Folds a code's buyers_count and possible_profit into its public document from its purchases (ADR 0048): one
 * count query, and a write only when the figure changed. What the debounced folder runs after purchases.
 */
export async function foldGameCounts(deps: Pick<ProviderDeps, 'store'>, gameId: string): Promise<void> {
  const buyers = await deps.store.count(purchases.path, { where: [['game_id', '==', gameId]] });
  const game = await games.get(deps.store, gameId);
  if (!game || game.buyers_count === buyers) return;
  await games.update(deps.store, gameId, {
    buyers_count: buyers,
    possible_profit: koboToNaira(multiplyKobo(nairaToKobo(game.amount), buyers)),
  });
}

/** How long after a purchase its code's figures are folded: at most one write a second per code and instance. */
export const FOLD_DELAY_MS = 1000;

export function createPuntersHub(deps: ProviderDeps) {
  const locks = new KeyedMutex();
  const countsFolder = createFolder((gameId) => foldGameCounts(deps, gameId), { delayMs: FOLD_DELAY_MS, log: deps.log });
  // Purchases of one code side by side, half as many at once as its escrow has shards (ADR 0048).
  const inFlight = new KeyedLimiter();

  /** The codes `user` may see (all, or one punter's), newest first, with the code where they have it. */
  async function viewsFor(user: UserDoc, punterId?: string) {
    const [listed, bought] = await Promise.all([
      games.query(deps.store, punterId === undefined ? { limit: 500 } : { where: [['user_id', '==', punterId]], limit: 500 }),
      purchases.query(deps.store, { where: [['user_id', '==', user.id]] }),
    ]);
    const boughtIds = new Set(bought.map((p) => p.data.game_id));
    const visible = listed.map((g) => g.data).sort((a, b) => b.createdAt.localeCompare(a.createdAt));
    const codes = await Promise.all(
      visible.map(async (g) => (g.user_id === user.id || boughtIds.has(g.id) ? codeOf(deps.store, g.id) : undefined)),
    );
    return visible.map((g, i) => gameView(g, codes[i]));
  }

  return {
    /** Resolves once every purchase's counts are folded in (tests, shutdown). */
    countsFolded: () => countsFolder.idle(),

    async list(user: UserDoc): Promise<ProviderResponse> {
      return ok({ message: 'Betting codes fetched', data: await viewsFor(user) });
    },

    viewsFor,

    async create(user: UserDoc, body: unknown): Promise<ProviderResponse> {
      if (!user.can_post_game) throw forbidden('Only approved punters can post games');
      const input = parseBody(createCodeRequestSchemaFor(user.can_monetize_game), body);
      const id = newId();
      const now = deps.now();
      // The punter's verified record as it stands, shown on the code (ADR 0010).
      const recordDoc = await punterRecords.get(deps.store, user.id);
      const game: GameDoc = {
        id,
        title: input.title,
        odd: input.odd,
        platform: input.platform,
        amount: input.amount,
        startDate: input.startDate,
        endDate: input.endDate,
        status: 'Active',
        punter_name: user.username,
        user_id: user.id,
        ...gameRecordFields(recordOf(recordDoc)),
        buyers_count: 0,
        possible_profit: 0,
        createdAt: new Date(now).toISOString(),
        earliest_game_time: input.startDate,
      };
      await deps.store.runTransaction(async (tx) => {
        // A punter's record exists from their first code, so their profile can be found before any settles.
        const existing = await punterRecords.get(tx, user.id);
        if (!existing)
          punterRecords.set(tx, user.id, { user_id: user.id, username: user.username, results: {}, updated_at: now });
        gameCodes.create(tx, id, { game_code: input.game_code, user_id: user.id });
        // Settlement works from the provider's copy; the public game is display only (ADR 0027).
        gameCopies.create(tx, id, gameCopyOf(game, 'Active', now));
        games.create(tx, id, { ...game, timestamp: new Date(now) });
      });
      return ok({ message: 'Game posted successfully', data: gameView(game, input.game_code) });
    },

    async buyOrGet(user: UserDoc, body: unknown, idempotencyKey: string | undefined): Promise<ProviderResponse> {
      const input = parseBody(buyGameBody, body);
      const priceKobo = nairaToKobo(input.amount);
      const purchaseId = `${user.id}_${input.game_id}`;
      // One purchase per user at a time in this instance. Purchases of one code by different users share no
      // document (ADR 0048): the money goes to the buyer's shard of the escrow, the count is folded later.
      // The code is read before the transaction, not in it: a document every purchase's transaction read would
      // order them all one after another (ADR 0048). Its price and dates never change; its status may change
      // meanwhile (an admin may settle it any time), so a paid purchase is also refused once its escrow shard
      // was closed by the settlement's gathering, which the transaction reads (ADR 0048, amended).
      const game = await games.get(deps.store, input.game_id);
      const code = game ? await codeOf(deps.store, game.id) : '';
      const result = await locks.run(user.id, () =>
        inFlight.run(`game:${input.game_id}`, ESCROW_SHARDS / 2, () =>
          deps.store.runTransaction((tx) =>
            idempotent(
              tx,
              'buy-game',
              user.id,
              idempotencyKey,
              input,
              buyAnswerSchema,
              async () => {
                if (!game) throw notFound('Game not found');
                const earlier = await purchases.get(tx, purchaseId);
                if (game.user_id === user.id || earlier) {
                  const entry = earlier?.entry_id ? await readEntry(tx, user.id, earlier.entry_id) : null;
                  return {
                    game: gameView(game, code),
                    transaction: entry ? transactionView(entry) : null,
                  };
                }
                // On a break or self-excluded: no new code, free or paid (one already bought stays readable above).
                assertNotPaused(user, deps.now());
                if (game.status !== 'Active') throw badRequest('Game has ended');
                // Once the first game has started the outcome is being decided: nobody buys in (ADR 0010).
                if (salesClosed(game, deps.now())) throw badRequest(SALES_CLOSED_MESSAGE);
                if (priceKobo !== nairaToKobo(game.amount)) throw badRequest('The amount does not match the price of this game');
                const wallet = priceKobo > 0 ? await readWallet(tx, user.id) : null;
                // A paid code's money is held in the code's escrow, not paid to the punter at once: in the buyer's
                // shard of it, gathered when the code is settled (ADR 0048).
                const escrow =
                  priceKobo > 0
                    ? await readAccount(tx, { kind: 'escrow', id: shardId(game.id, shardOf(user.id, ESCROW_SHARDS)) })
                    : null;
                // Settlement gathers and closes every shard first (ADR 0048, amended): a purchase that read the code
                // still open but meets its shard closed is refused with no money moved, never left in the shard.
                if (escrow) assertShardOpen(escrow, SALES_CLOSED_MESSAGE);
                const guard = priceKobo > 0 ? await readPlayGuard(tx, user.id) : null;
                let entry: EntryDoc | null = null;
                if (wallet && escrow && guard) {
                  if (priceKobo > wallet.balance_kobo) throw badRequest('Insufficient funds');
                  assertWithinLimits(guard, 'spend', priceKobo, deps.now());
                  recordUsage(tx, user.id, guard, 'spend', priceKobo, deps.now());
                  entry = postEntry(deps, tx, wallet, {
                    type: 'BUY_GAME',
                    direction: 'debit',
                    counterparty: escrow,
                    amountKobo: priceKobo,
                    narration: `Bought betting code '${game.title}' from ${game.punter_name}`,
                    reference: `buy-game:${game.id}`,
                  }).entry;
                  notify(deps, tx, user.id, 'BUY_GAME', {
                    amount: koboToNaira(priceKobo),
                    game_id: game.id,
                    message: `You bought '${game.title}' for ${formatNaira(priceKobo)}`,
                  });
                }
                const now = deps.now();
                // buyers_count and possible_profit are folded in after the commit (countsFolder below).
                purchases.create(tx, purchaseId, {
                  user_id: user.id,
                  game_id: game.id,
                  entry_id: entry?.id ?? null,
                  amount_kobo: priceKobo,
                  created_at: now,
                });
                myGames.set(tx, purchaseId, {
                  user_id: user.id,
                  game_id: game.id,
                  timestamp: new Date(now),
                  title: game.title,
                  punter_name: game.punter_name,
                  status: game.status,
                  amount: game.amount,
                  platform: game.platform,
                  game_code: code,
                  odd: game.odd,
                  startDate: game.startDate,
                  endDate: game.endDate,
                });
                return { game: gameView(game, code), transaction: entry ? transactionView(entry) : null };
              },
              deps.now(),
            ),
          ),
        ),
      );
      if (!result.replay) countsFolder.schedule(input.game_id);
      const value = result.value;
      return ok({
        message: priceKobo === 0 ? 'Game code retrieved successfully' : 'Game bought successfully',
        data: value,
        // SPEC section 7: '200 gives game.game_code'.
        game: value.game,
      });
    },
  };
}
