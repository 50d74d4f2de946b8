/**
 * The Rules and the Categorizations of the signal page's panel (SPEC section 2 'Signal page'), which a
 * reader opens with their buttons: loaded then, apart from the page. The figures come from core (SPEC
 * section 9).
 */
import { formatNaira } from '@punter/core/money';
import { capitalRangeLabel, SIGNAL_CATEGORIES, signalGroup } from '@punter/core/signals';

export function RulesPanel() {
  return (
    <section className="stack prose" aria-labelledby="signal-rules-title">
      <h2 id="signal-rules-title">Rules</h2>
      <ol>
        <li>Trade only in your category. Pick it by the capital you set aside for signals, not by how much you hope to win.</li>
        <li>
          <strong>Pre-signal</strong> (ready to trade): open your betting app, find the game and load the stake of your current
          step. Do not place it yet.
        </li>
        <li>
          <strong>Start Trading</strong>: place the trade at once. A signal is good for about a minute and a half; if you miss it,
          skip this round instead of chasing it.
        </li>
        <li>
          <strong>Boom</strong> (game played): you won. Take your target and go back to step 1 of your stake table.
        </li>
        <li>
          A round that loses: move to the next step of the table on the next signal. Never skip a step or double up by hand.
        </li>
        <li>
          <strong>Stop Trading</strong> (all categories): stop for the day, whatever step you are on. Start the next day from the
          same step.
        </li>
        <li>If you lose the last step of your table, stop. The capital is spent; do not top it up the same day.</li>
        <li>Betting can lose money. Stake only capital you can afford to lose, and never borrow to trade.</li>
      </ol>
    </section>
  );
}

export function CategorizationsPanel() {
  return (
    <section className="stack prose" aria-labelledby="signal-categories-title">
      <h2 id="signal-categories-title">Categorizations</h2>
      <p>
        Every signal goes to one group. Your category is the group whose capital you can cover: the capital pays for every step of
        its stake table in a row of losses, so one bad run cannot empty your wallet.
      </p>
      <ul>
        {SIGNAL_CATEGORIES.map((category) => {
          const group = signalGroup(category);
          return (
            <li key={category}>
              <strong>Group {category}</strong>: capital {capitalRangeLabel(category)}, {group.stakesKobo.length} stakes from{' '}
              {formatNaira(group.stakesKobo[0] ?? 0)}, minimum target {formatNaira(group.minTargetKobo)}.
            </li>
          );
        })}
      </ul>
      <p>
        Start in the highest group your capital covers. When your capital grows past the next group&apos;s minimum, move up; after
        a lost table, move down until you have rebuilt it. Stop Trading is sent to every category.
      </p>
    </section>
  );
}
