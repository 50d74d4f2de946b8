/**
 * /overtwofivecalculator (SPEC sections 2, 4, 5 and 9): a system-details panel that can be hidden,
 * Setup / Reset System / Guidelines, the odds entry with Calculate, the Current Game panel with
 * Loss and Win. Rules from core/over-two-five; the state lives in localStorage. Safer play (issue 17):
 * an optional maximum stake in Setup that stops the session, and the risk figures of the split plan.
 */
import { useState, type FormEvent } from 'react';
import {
  calculateOverTwoFive,
  INITIAL_OVER_TWO_FIVE_STATE,
  isCalculateDisabled,
  loadOverTwoFiveState,
  OVER_TWO_FIVE_STORAGE_KEY,
  overTwoFiveRisk,
  overTwoFiveStop,
  overTwoFiveView,
  recordOverTwoFiveLoss,
  recordOverTwoFiveWin,
  resetOverTwoFive,
  saveOverTwoFiveSetup,
  serializeOverTwoFiveState,
  setupFeedback,
  SPLIT_OPTIONS,
  STOP_LOSS_OPTIONS,
  STRETCH_OPTIONS,
  type OverTwoFiveState,
} from '@punter/core/over-two-five';
import { formatNaira, koboToNaira } from '@punter/core/money';
import { GAME_GOING_ON_MESSAGE, NO_GAME_GOING_ON_MESSAGE } from '@punter/core/stake-calculator';
import { Alert } from '@/components/alert';
import { ChevronDownIcon, GuidelinesIcon, iconProps, ResetIcon, SetupIcon } from '@/components/icons';
import { Modal } from '@/components/modal';
import { TextField } from '@/components/text-field';
import { RiskPanel } from '@/features/calculators/components/risk-panel';
import { StatGrid } from '@/features/calculators/components/stat-grid';
import { useCalculator } from '@/features/calculators/components/use-calculator';

function nairaText(kobo: number): string {
  return kobo === 0 ? '' : String(koboToNaira(kobo));
}

export function OverTwoFivePage() {
  const { state, apply } = useCalculator(OVER_TWO_FIVE_STORAGE_KEY, loadOverTwoFiveState, serializeOverTwoFiveState);
  const [showDetails, setShowDetails] = useState(true);
  const [modal, setModal] = useState<'setup' | 'guidelines' | null>(null);
  const [odd, setOdd] = useState('');
  const view = overTwoFiveView(state);
  const stop = overTwoFiveStop(state, odd);

  const calculate = (event: FormEvent) => {
    event.preventDefault();
    if (apply(calculateOverTwoFive(state, odd))) setOdd('');
  };

  return (
    <div className="stack-lg">
      <h1>Over 2.5 Calculator</h1>
      <div className="toolbar" role="group" aria-label="System">
        <button type="button" className="button toolbar-button" onClick={() => setModal('setup')}>
          <SetupIcon {...iconProps} />
          Setup
        </button>
        <button type="button" className="button button-danger toolbar-button" onClick={() => apply(resetOverTwoFive())}>
          <ResetIcon {...iconProps} />
          Reset System
        </button>
        <button type="button" className="button button-secondary toolbar-button" onClick={() => setModal('guidelines')}>
          <GuidelinesIcon {...iconProps} />
          Guidelines
        </button>
      </div>
      <button
        type="button"
        className="disclosure"
        aria-expanded={showDetails}
        aria-controls="o25-details"
        onClick={() => setShowDetails((s) => !s)}
      >
        {showDetails ? 'Hide system details' : 'Show system details'}
        <ChevronDownIcon {...iconProps} className={showDetails ? 'flip' : undefined} />
      </button>
      {view.stopLossWarning ? <Alert>{view.stopLossWarning}</Alert> : null}
      {showDetails ? (
        <section className="card" id="o25-details" aria-labelledby="o25-details-title">
          <h2 id="o25-details-title">System details</h2>
          {view.isSetUp ? null : <p className="muted">Press Setup to enter your capital, target, stop loss and splits.</p>}
          <StatGrid
            items={[
              ['Capital', view.capital],
              ['Game target', view.gameTarget],
              ['Stop loss', `${state.stop_lost}%`],
              ['Split after', state.stretch],
              ['Splits', state.splits],
              ['Accumulated loss', view.totalLosses],
              ['Remembered split loss', view.splittedLost],
              ['Profit', view.profit],
              ['Games', state.game_count],
              ['Wins', state.win_count],
              ['Losses', state.loss_count],
              ['Maximum stake', state.max_stake === 0 ? 'None' : formatNaira(state.max_stake)],
            ]}
          />
        </section>
      ) : null}
      <div className="grid-2">
        <section className="card" aria-labelledby="o25-odds-title">
          <h2 id="o25-odds-title">Enter odds</h2>
          {view.isPlaying ? (
            <p className="notice">{GAME_GOING_ON_MESSAGE}</p>
          ) : (
            <form noValidate onSubmit={calculate}>
              {stop ? <Alert>{stop}</Alert> : null}
              <TextField
                label="Over 2.5 odd"
                name="odd"
                inputMode="decimal"
                autoComplete="off"
                placeholder="e.g. 1.50"
                value={odd}
                onChange={setOdd}
              />
              <button type="submit" className="button button-block" disabled={isCalculateDisabled(odd)}>
                Calculate
              </button>
            </form>
          )}
        </section>
        <section className="card" aria-labelledby="o25-current-title">
          <h2 id="o25-current-title">Current Game</h2>
          {view.isPlaying ? (
            <>
              <StatGrid
                items={[
                  ['Odd', state.overTwoFiveOdd],
                  ['Stake', view.stake],
                ]}
              />
              <div className="row">
                <button
                  type="button"
                  className="button button-danger grow"
                  disabled={!view.canRecordResult}
                  onClick={() => apply(recordOverTwoFiveLoss(state))}
                >
                  Loss
                </button>
                <button
                  type="button"
                  className="button grow"
                  disabled={!view.canRecordResult}
                  onClick={() => apply(recordOverTwoFiveWin(state))}
                >
                  Win
                </button>
              </div>
            </>
          ) : (
            <p className="empty">{NO_GAME_GOING_ON_MESSAGE}</p>
          )}
        </section>
      </div>
      {view.isSetUp ? <RiskPanel risk={overTwoFiveRisk(state, odd)} idPrefix="o25" /> : null}
      <Modal open={modal === 'setup'} title="Setup" onClose={() => setModal(null)}>
        <SetupForm
          state={state}
          onSave={(input) => {
            if (apply(saveOverTwoFiveSetup(state, input))) setModal(null);
          }}
        />
      </Modal>
      <Modal open={modal === 'guidelines'} title="Guidelines" onClose={() => setModal(null)}>
        <Guidelines />
      </Modal>
    </div>
  );
}

interface SetupInput {
  capital: string;
  gameTarget: string;
  stopLoss: number;
  stretch: number;
  splits: number;
  maxStake: string;
}

function SetupForm({ state, onSave }: { state: OverTwoFiveState; onSave: (input: SetupInput) => void }) {
  const initial = state === INITIAL_OVER_TWO_FIVE_STATE ? null : state;
  const [capital, setCapital] = useState(nairaText(initial?.capital ?? 0));
  const [gameTarget, setGameTarget] = useState(nairaText(initial?.game_target ?? 0));
  const [stopLoss, setStopLoss] = useState<number>(state.stop_lost || STOP_LOSS_OPTIONS[0]);
  const [stretch, setStretch] = useState<number>(state.stretch || STRETCH_OPTIONS[0]);
  const [splits, setSplits] = useState<number>(state.splits || SPLIT_OPTIONS[0]);
  const [maxStake, setMaxStake] = useState(nairaText(initial?.max_stake ?? 0));
  const feedback = setupFeedback({ capital, gameTarget });

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        onSave({ capital, gameTarget, stopLoss, stretch, splits, maxStake });
      }}
    >
      <TextField
        label="Capital (₦)"
        name="capital"
        inputMode="decimal"
        autoComplete="off"
        value={capital}
        onChange={setCapital}
      />
      <TextField
        label="Winning target per game (₦)"
        name="game_target"
        inputMode="decimal"
        autoComplete="off"
        value={gameTarget}
        onChange={setGameTarget}
        hint={feedback.targetPercent !== null ? `${feedback.targetPercent}% of capital` : undefined}
      />
      {feedback.error ? <Alert>{feedback.error}</Alert> : null}
      {feedback.hint ? <Alert kind="info">{feedback.hint}</Alert> : null}
      <OptionSelect
        label="Stop loss (% of capital)"
        value={stopLoss}
        options={STOP_LOSS_OPTIONS}
        onChange={setStopLoss}
        suffix="%"
      />
      <OptionSelect label="Split after (losses in a row)" value={stretch} options={STRETCH_OPTIONS} onChange={setStretch} />
      <OptionSelect label="Number of splits" value={splits} options={SPLIT_OPTIONS} onChange={setSplits} />
      <TextField
        label="Maximum stake (₦, optional)"
        name="max_stake"
        inputMode="decimal"
        autoComplete="off"
        value={maxStake}
        onChange={setMaxStake}
        hint="Stops the session instead of asking for a bigger stake. Raise it only after a win or a reset."
      />
      <button type="submit" className="button button-block" disabled={feedback.saveDisabled}>
        Save
      </button>
    </form>
  );
}

function OptionSelect({
  label,
  value,
  options,
  onChange,
  suffix = '',
}: {
  label: string;
  value: number;
  options: readonly number[];
  onChange: (value: number) => void;
  suffix?: string;
}) {
  const id = `select-${label.replace(/\W+/g, '-').toLowerCase()}`;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select id={id} value={value} onChange={(event) => onChange(Number(event.target.value))}>
        {options.map((option) => (
          <option key={option} value={option}>
            {option}
            {suffix}
          </option>
        ))}
      </select>
    </div>
  );
}

function Guidelines() {
  return (
    <div className="prose">
      <ol>
        <li>Set your capital and a winning target per game. The target may not be above 3% of capital; 1.5% is suggested.</li>
        <li>Choose a stop loss (5, 10, 15 or 20% of capital). Stop for the day when the warning shows.</li>
        <li>
          Choose after how many losses in a row the accumulated loss is split, and into how many parts, so no single stake grows
          too big.
        </li>
        <li>
          Pick an over 2.5 game, enter its odd and press Calculate. Place the stake shown; placing a trade takes under 1 minute 30
          seconds, so be ready before kick-off.
        </li>
        <li>Record Win or Loss when the game ends. The next stake recovers the accumulated loss plus your target.</li>
        <li>Never stake money you cannot afford to lose. Betting is risky.</li>
      </ol>
    </div>
  );
}
