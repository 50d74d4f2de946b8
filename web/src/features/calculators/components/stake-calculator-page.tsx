/**
 * /stake-calculator (SPEC sections 2, 4 and 5): collapsible system details, Start Session and
 * Reset System, Enter Game Details (only with a target above 0), the current game with Win / Loss.
 * The rules are core/stake-calculator; the state lives in localStorage.
 */
import { useState, type FormEvent } from 'react';
import {
  calculateStake,
  loadStakeCalculatorState,
  recordLoss,
  recordWin,
  resetStakeCalculator,
  serializeStakeCalculatorState,
  STAKE_CALCULATOR_STORAGE_KEY,
  stakeCalculatorView,
  startSession,
} from '@punter/core/stake-calculator';
import { TextField } from '@/components/text-field';
import { gameStatusLabel } from '@/features/calculators/components/game-status-label';
import { StatGrid } from '@/features/calculators/components/stat-grid';
import { useCalculator } from '@/features/calculators/components/use-calculator';

export function StakeCalculatorPage() {
  const { state, apply } = useCalculator(STAKE_CALCULATOR_STORAGE_KEY, loadStakeCalculatorState, serializeStakeCalculatorState);
  const [detailsOpen, setDetailsOpen] = useState(true);
  const [target, setTarget] = useState('');
  const [option, setOption] = useState('');
  const [odd, setOdd] = useState('');
  const view = stakeCalculatorView(state);

  const start = (event: FormEvent) => {
    event.preventDefault();
    if (apply(startSession(state, target))) setTarget('');
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
            <button type="button" className="button button-danger" onClick={() => apply(resetStakeCalculator())}>
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
    </div>
  );
}
