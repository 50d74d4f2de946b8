/**
 * /stake-calculator (SPEC sections 2, 4 and 5): collapsible system details, Start Session and
 * Reset System, Enter Game Details (only with a target above 0), the current game with Win / Loss.
 * The rules are core/stake-calculator; the state lives in localStorage. Safer play (issue 17): risk
 * settings (capital, maximum stake), the stop when a stake would pass the maximum, and the risk figures.
 */
import { useState, type FormEvent } from 'react';
import {
  calculateStake,
  loadStakeCalculatorState,
  recordLoss,
  recordWin,
  resetStakeCalculator,
  saveStakeRiskSettings,
  serializeStakeCalculatorState,
  STAKE_CALCULATOR_STORAGE_KEY,
  stakeCalculatorRisk,
  stakeCalculatorStop,
  stakeCalculatorView,
  startSession,
} from '@punter/core/stake-calculator';
import { formatNaira, koboToNaira } from '@punter/core/money';
import { Alert } from '@/components/alert';
import { TextField } from '@/components/text-field';
import { gameStatusLabel } from '@/features/calculators/components/game-status-label';
import { RiskPanel } from '@/features/calculators/components/risk-panel';
import { StatGrid } from '@/features/calculators/components/stat-grid';
import { useCalculator } from '@/features/calculators/components/use-calculator';

function nairaText(kobo: number): string {
  return kobo === 0 ? '' : String(koboToNaira(kobo));
}

export function StakeCalculatorPage() {
  const { state, apply } = useCalculator(STAKE_CALCULATOR_STORAGE_KEY, loadStakeCalculatorState, serializeStakeCalculatorState);
  const [detailsOpen, setDetailsOpen] = useState(true);
  const [target, setTarget] = useState('');
  const [option, setOption] = useState('');
  const [odd, setOdd] = useState('');
  const [capital, setCapital] = useState(nairaText(state.capital));
  const [maxStake, setMaxStake] = useState(nairaText(state.maxStake));
  const view = stakeCalculatorView(state);
  const stop = stakeCalculatorStop(state, odd);

  const start = (event: FormEvent) => {
    event.preventDefault();
    if (apply(startSession(state, target))) setTarget('');
  };

  const reset = () => {
    if (apply(resetStakeCalculator())) {
      setCapital('');
      setMaxStake('');
    }
  };

  const calculate = (event: FormEvent) => {
    event.preventDefault();
    if (apply(calculateStake(state, { option, odd }))) {
      setOption('');
      setOdd('');
    }
  };

  return (
    <div className="stack-lg">
      <h1>Stake Calculator</h1>
      <section className="card" aria-labelledby="stake-details-title">
        <div className="card-header">
          <h2 id="stake-details-title">System details</h2>
          <button
            type="button"
            className="button button-small button-secondary"
            aria-expanded={detailsOpen}
            aria-controls="stake-details"
            onClick={() => setDetailsOpen((o) => !o)}
          >
            {detailsOpen ? 'Hide details' : 'Show details'}
          </button>
        </div>
        {detailsOpen ? (
          <div id="stake-details">
            <StatGrid
              items={[
                ['Game target', view.gameTarget],
                ['Accumulated loss', view.totalLost],
                ['Profit', view.gameProfit],
                ['Games', state.gameCount],
                ['Wins', state.winCount],
                ['Losses', state.lossCount],
                ['Status', gameStatusLabel(state)],
                ['Capital', state.capital === 0 ? 'Not set' : formatNaira(state.capital)],
                ['Maximum stake', state.maxStake === 0 ? 'None' : formatNaira(state.maxStake)],
              ]}
            />
          </div>
        ) : null}
        <form className="inline-form" noValidate onSubmit={start}>
          <TextField
            label="Game target (₦)"
            name="game_target"
            inputMode="decimal"
            autoComplete="off"
            value={target}
            onChange={setTarget}
          />
          <div className="row">
            <button type="submit" className="button">
              Start Session
            </button>
            <button type="button" className="button button-danger" onClick={reset}>
              Reset System
            </button>
          </div>
        </form>
      </section>

      <div className="grid-2">
        {view.showEnterGameDetails ? (
          <section className="card" aria-labelledby="game-details-title">
            <h2 id="game-details-title">Enter Game Details</h2>
            {view.gameGoingOnMessage ? <p className="notice">{view.gameGoingOnMessage}</p> : null}
            {stop ? <Alert>{stop}</Alert> : null}
            {view.showGameForm ? (
              <form noValidate onSubmit={calculate}>
                <TextField
                  label="Option"
                  name="option"
                  autoComplete="off"
                  placeholder="e.g. Over 1.5"
                  value={option}
                  onChange={setOption}
                />
                <TextField
                  label="Odd"
                  name="odd"
                  inputMode="decimal"
                  autoComplete="off"
                  placeholder="e.g. 1.50"
                  value={odd}
                  onChange={setOdd}
                />
                <button type="submit" className="button button-block">
                  Calculate
                </button>
              </form>
            ) : null}
          </section>
        ) : null}
        <section className="card" aria-labelledby="current-game-title">
          <h2 id="current-game-title">Current game</h2>
          {view.currentGameEmptyMessage ? (
            <p className="empty">{view.currentGameEmptyMessage}</p>
          ) : (
            <>
              <StatGrid
                items={[
                  ['Option', state.option || '—'],
                  ['Odd', state.odd],
                  ['Stake', view.stake],
                ]}
              />
              <div className="row">
                <button
                  type="button"
                  className="button button-danger grow"
                  disabled={!view.canRecordResult}
                  onClick={() => apply(recordLoss(state))}
                >
                  Loss
                </button>
                <button
                  type="button"
                  className="button grow"
                  disabled={!view.canRecordResult}
                  onClick={() => apply(recordWin(state))}
                >
                  Win
                </button>
              </div>
            </>
          )}
        </section>
      </div>

      {state.gameTarget > 0 ? (
        <RiskPanel
          risk={stakeCalculatorRisk(state, odd)}
          idPrefix="stake"
          capitalHint="Add your capital under Risk settings to see what share of it each stake is."
        />
      ) : null}

      <section className="card" aria-labelledby="stake-risk-settings-title">
        <h2 id="stake-risk-settings-title">Risk settings</h2>
        <p className="muted">
          A maximum stake stops the session instead of asking for a bigger stake. You can lower it at any time, and raise it only
          after a win or a reset.
        </p>
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            apply(saveStakeRiskSettings(state, { capital, maxStake }));
          }}
        >
          <TextField
            label="Capital (₦, optional)"
            name="capital"
            inputMode="decimal"
            autoComplete="off"
            value={capital}
            onChange={setCapital}
          />
          <TextField
            label="Maximum stake (₦, optional)"
            name="max_stake"
            inputMode="decimal"
            autoComplete="off"
            value={maxStake}
            onChange={setMaxStake}
          />
          <button type="submit" className="button button-secondary">
            Save risk settings
          </button>
        </form>
      </section>
    </div>
  );
}
