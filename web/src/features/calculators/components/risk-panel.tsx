/**
 * What a loss-recovery plan risks (issue 17, 'Safer play'): for 3, 5 and 8 losses in a row, the
 * stake the calculator would then ask for, what the run has cost, their share of the capital and
 * how likely such a run is. Figures from core's calculator-risk; SPEC's own texts stay as they are.
 */
import { formatChancePercent, formatPercent, RISK_MARGIN_NOTE, type LossRunFigure } from '@punter/core/calculator-risk';
import { formatNaira, groupThousands } from '@punter/core/money';
import type { CalculatorRisk } from '@punter/core/stake-calculator';
import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';

function amount(kobo: number | null): string {
  return kobo === null ? 'Too large' : formatNaira(kobo);
}

function ShareOfCapital({ percent }: { percent: number | null }) {
  if (percent === null) return null;
  const text = `${formatPercent(percent)} of capital`;
  // The space keeps the amount and its share apart when read as text.
  return percent >= 100 ? (
    <>
      {' '}
      <span className="risk-share risk-share-over">{text}: more than you have</span>
    </>
  ) : (
    <>
      {' '}
      <span className="risk-share">{text}</span>
    </>
  );
}

function RiskRun({ figure }: { figure: LossRunFigure }) {
  return (
    <li className="risk-run">
      <h3>{figure.losses} losses in a row</h3>
      <dl>
        <div>
          <dt>Next stake</dt>
          <dd>
            {amount(figure.nextStake)}
            <ShareOfCapital percent={figure.stakePercentOfCapital} />
          </dd>
        </div>
        <div>
          <dt>Lost by then</dt>
          <dd>
            {amount(figure.lost)}
            <ShareOfCapital percent={figure.lostPercentOfCapital} />
          </dd>
        </div>
        <div>
          <dt>Chance</dt>
          <dd>
            {formatChancePercent(figure.chance.percent)}{' '}
            <span className="risk-share">about 1 in {groupThousands(figure.chance.oneIn)}</span>
          </dd>
        </div>
      </dl>
    </li>
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
          <ol className="risk-list" aria-label={`Losing runs at odd ${risk.odd}`}>
            {risk.figures.map((figure) => (
              <RiskRun key={figure.losses} figure={figure} />
            ))}
          </ol>
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
