/**
 * What a loss-recovery plan risks (issue 17, 'Safer play'): for 3, 5 and 8 losses in a row, the
 * stake the calculator would then ask for, what the run has cost, their share of the capital and
 * how likely such a run is. Figures from core's calculator-risk; SPEC's own texts stay as they are.
 */
import { formatChancePercent, formatPercent, RISK_MARGIN_NOTE, type LossRunFigure } from '@punter/core/calculator-risk';
import { formatNaira } from '@punter/core/money';
import type { CalculatorRisk } from '@punter/core/stake-calculator';
import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';

function amount(kobo: number | null): string {
  return kobo === null ? 'Too large' : formatNaira(kobo);
}

function ShareOfCapital({ percent }: { percent: number | null }) {
  if (percent === null) return null;
  return (
    <span className={percent >= 100 ? 'risk-share risk-share-over' : 'risk-share'}>
      {percent >= 100 ? `${formatPercent(percent)} of capital: more than you have` : `${formatPercent(percent)} of capital`}
    </span>
  );
}

function RiskRow({ figure }: { figure: LossRunFigure }) {
  return (
    <tr>
      <th scope="row">{figure.losses}</th>
      <td>
        {amount(figure.nextStake)}
        <ShareOfCapital percent={figure.stakePercentOfCapital} />
      </td>
      <td>
        {amount(figure.lost)}
        <ShareOfCapital percent={figure.lostPercentOfCapital} />
      </td>
      <td>
        {formatChancePercent(figure.chance.percent)}
        <span className="risk-share">about 1 in {figure.chance.oneIn.toLocaleString('en-NG')}</span>
      </td>
    </tr>
  );
}

export function RiskPanel({
  risk,
  capitalHint,
  idPrefix,
}: {
  risk: CalculatorRisk | null;
  /** Shown when the figures have no share of capital (no capital given). */
  capitalHint?: string | undefined;
  idPrefix: string;
}) {
  const titleId = `${idPrefix}-risk-title`;
  const missingShare = risk !== null && risk.figures.some((f) => f.nextStake !== null && f.stakePercentOfCapital === null);
  return (
    <section className="card" aria-labelledby={titleId}>
      <h2 id={titleId}>Risk if you keep losing</h2>
      {risk === null ? (
        <p className="muted">Type an odd to see how big the stakes get if you keep losing.</p>
      ) : (
        <>
          <p>If this game and the next ones are all lost at odd {risk.odd}, recovering the loss needs ever bigger stakes:</p>
          <div className="risk-table-wrap">
            <table className="stake-table risk-table" aria-label={`Losing runs at odd ${risk.odd}`}>
              <thead>
                <tr>
                  <th scope="col">Losses in a row</th>
                  <th scope="col">Next stake</th>
                  <th scope="col">Lost by then</th>
                  <th scope="col">Chance</th>
                </tr>
              </thead>
              <tbody>
                {risk.figures.map((figure) => (
                  <RiskRow key={figure.losses} figure={figure} />
                ))}
              </tbody>
            </table>
          </div>
          {missingShare && capitalHint ? <p className="muted">{capitalHint}</p> : null}
          <p className="muted">
            Each chance is for a run that starts now. Over weeks of play, a long losing run becomes far more likely.
          </p>
          <p className="muted">{RISK_MARGIN_NOTE}</p>
          <p>
            <Link to={paths.saferGambling.getHref()}>Worried about your betting? Get help</Link>
          </p>
        </>
      )}
    </section>
  );
}
