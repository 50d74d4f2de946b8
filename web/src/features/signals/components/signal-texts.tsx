/**
 * The right panel's first text for readers (SPEC section 2 'Signal page'): the stake table of the chosen
 * group. The Rules and the Categorizations, shown on demand, are in ./signal-guide (loaded then). The
 * figures come from core (SPEC section 9).
 */
import { formatNaira } from '@punter/core/money';
import { capitalRangeLabel, signalGroup, stakeTable, type SignalCategory } from '@punter/core/signals';

export function StakeTablePanel({ category }: { category: SignalCategory }) {
  const group = signalGroup(category);
  const rows = stakeTable(category);
  return (
    <section className="stack" aria-labelledby="stake-table-title">
      <h2 id="stake-table-title">Group {category} stakes</h2>
      <dl className="stat-grid">
        <div className="stat">
          <dt>Minimum capital</dt>
          <dd>{capitalRangeLabel(category)}</dd>
        </div>
        <div className="stat">
          <dt>Minimum target</dt>
          <dd>{formatNaira(group.minTargetKobo)}</dd>
        </div>
      </dl>
      <table className="stake-table">
        <caption className="muted">
          {rows.length} steps. After a loss, stake the next step; after Boom, start again at step 1.
        </caption>
        <thead>
          <tr>
            <th scope="col">Step</th>
            <th scope="col">Stake</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.step}>
              <td>{row.step}</td>
              <td>{row.stake}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
