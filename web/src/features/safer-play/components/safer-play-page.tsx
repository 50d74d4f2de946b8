/**
 * /safer-play (ADR 0019): limits on deposits and spending per day, week and month, a break, and
 * self-exclusion. The provider enforces all of it; this page explains each tool, shows what is used,
 * a raise waiting for its 24 hours, and a pause in force. Changes need the network: offline, the page
 * shows the last known settings and says so instead of trying.
 */
import { useState } from 'react';
import { toast } from '@/lib/notify';
import type { LimitState, SaferPlayState } from '@punter/core/api/safer-play';
import { limitFormSchema, pauseFormSchema } from '@punter/core/form-schemas';
import {
  BREAK_OPTIONS,
  EXCLUSION_OPTIONS,
  LIMIT_KINDS,
  LIMIT_PERIODS,
  type BreakOption,
  type ExclusionOption,
  type LimitKind,
  type LimitPeriod,
} from '@punter/core/safer-play';
import { Alert, ErrorMessages } from '@/components/alert';
import { CodeInput } from '@/components/code-input';
import { LoadState, isLoadPending } from '@/components/load-state';
import { TextField } from '@/components/text-field';
import { setLimit, startPause, useSaferPlay } from '@/features/safer-play/api/safer-play-api';
import { useOnline } from '@/lib/use-online';
import { formatApiNaira, formatDateTime } from '@/lib/format';
import { useProfile } from '@/lib/session';
import { useFormSubmit } from '@/lib/use-form-submit';

export const OFFLINE_NOTICE = 'You are offline. These are your last known settings; changing them needs a connection.';

const KIND_TITLE: Record<LimitKind, { title: string; about: string }> = {
  deposit: { title: 'Deposit limits', about: 'How much you can top up your wallet.' },
  spend: { title: 'Spending limits', about: 'How much you can spend on paid betting codes and pot joins.' },
};
const PERIOD_LABEL: Record<LimitPeriod, string> = { day: 'Per day', week: 'Per week (7 days)', month: 'Per month (30 days)' };

export function SaferPlayPage() {
  const state = useSaferPlay();
  const online = useOnline();

  return (
    <div className="stack-lg">
      <h1>Safer play</h1>
      <p>
        Betting can lose money. Set limits before you play, not while you are chasing a loss. A lower limit works at once; a
        higher one waits 24 hours. A break or self-exclusion closes top-ups, betting codes, pots and signals; you can always
        withdraw your money.
      </p>
      {!online ? <Alert kind="info">{OFFLINE_NOTICE}</Alert> : null}
      {isLoadPending(state) ? <LoadState state={state} loadingLabel="Loading your settings..." /> : null}
      {state.data ? <Settings state={state.data} online={online} /> : null}
    </div>
  );
}

function Settings({ state, online }: { state: SaferPlayState; online: boolean }) {
  return (
    <>
      {state.pause ? (
        <Alert kind="info">
          {state.pause.kind === 'break'
            ? `You are taking a break until ${formatDateTime(state.pause.until)}.`
            : `You have excluded yourself until ${formatDateTime(state.pause.until)}.`}{' '}
          Top-ups, betting codes, pots and signals are closed until then; withdrawals stay open.
        </Alert>
      ) : null}
      {LIMIT_KINDS.map((kind) => (
        <section key={kind} className="card stack" aria-label={KIND_TITLE[kind].title}>
          <h2>{KIND_TITLE[kind].title}</h2>
          <p className="field-hint">{KIND_TITLE[kind].about}</p>
          {LIMIT_PERIODS.map((period) => {
            const limit = state.limits.find((l) => l.kind === kind && l.period === period);
            return limit ? <LimitRow key={period} limit={limit} online={online} /> : null;
          })}
        </section>
      ))}
      <PauseSection kind="break" online={online} />
      <PauseSection kind="exclusion" online={online} />
    </>
  );
}

function LimitRow({ limit, online }: { limit: LimitState; online: boolean }) {
  const uid = useProfile()?.data.id ?? '';
  const [amount, setAmount] = useState(limit.amount === null ? '' : String(limit.amount));
  const { submit, errors, failure, busy } = useFormSubmit(limitFormSchema, async (data) => {
    toast.success(await setLimit(uid, { kind: limit.kind, period: limit.period, amount: data.amount }));
  });
  const id = `limit-${limit.kind}-${limit.period}`;
  return (
    <form
      noValidate
      className="stack-sm"
      aria-label={`${KIND_TITLE[limit.kind].title}: ${PERIOD_LABEL[limit.period]}`}
      onSubmit={(e) => submit(e, { amount })}
    >
      <ErrorMessages messages={failure} />
      <TextField
        id={id}
        label={`${PERIOD_LABEL[limit.period]} (₦)`}
        name={id}
        inputMode="decimal"
        autoComplete="off"
        placeholder="No limit"
        value={amount}
        onChange={setAmount}
        error={errors.amount}
        hint={`${limit.amount === null ? 'No limit' : `Limit ${formatApiNaira(limit.amount)}`} · used ${formatApiNaira(limit.used)}`}
      />
      {limit.pending ? (
        <p className="notice" data-testid={`${id}-pending`}>
          {limit.pending.amount === null ? 'No limit' : formatApiNaira(limit.pending.amount)} from{' '}
          {formatDateTime(limit.pending.effective_at)}
        </p>
      ) : null}
      <button type="submit" className="button button-secondary" disabled={busy || !online}>
        {busy ? 'Saving...' : 'Save'}
      </button>
    </form>
  );
}

const PAUSE_TEXT = {
  break: {
    title: 'Take a break',
    about: 'Step away for a while. You cannot end a break early.',
    confirm: (label: string) => `Start a break of ${label}? It cannot be ended early.`,
    button: 'Start my break',
    options: Object.entries(BREAK_OPTIONS).map(([value, option]) => ({ value, label: option.label })),
  },
  exclusion: {
    title: 'Self-exclusion',
    about:
      'For when betting is no longer fun or costs more than you can afford. Nobody, including our support team, can lift it before it ends.',
    confirm: (label: string) => `Exclude yourself for ${label}? Nobody can lift it before it ends.`,
    button: 'Exclude me',
    options: Object.entries(EXCLUSION_OPTIONS).map(([value, option]) => ({ value, label: option.label })),
  },
} as const;

function PauseSection({ kind, online }: { kind: 'break' | 'exclusion'; online: boolean }) {
  const uid = useProfile()?.data.id ?? '';
  const text = PAUSE_TEXT[kind];
  const [duration, setDuration] = useState('');
  const [pin, setPin] = useState('');
  const [confirming, setConfirming] = useState(false);
  const label = text.options.find((o) => o.value === duration)?.label ?? '';
  const { submit, errors, failure, busy } = useFormSubmit(pauseFormSchema, async (data) => {
    if (kind === 'break') await startPause(uid, { kind, duration: data.duration as BreakOption, pin: data.pin });
    else await startPause(uid, { kind, duration: data.duration as ExclusionOption, pin: data.pin });
    setConfirming(false);
    setPin('');
    toast.success('Your choice is saved');
  });
  const id = `pause-${kind}`;
  return (
    <section className="card stack" aria-label={text.title}>
      <h2>{text.title}</h2>
      <p className="field-hint">{text.about}</p>
      <form noValidate className="stack-sm" onSubmit={(e) => submit(e, { duration, pin })}>
        <ErrorMessages messages={failure} />
        <div className="field">
          <label htmlFor={`${id}-duration`}>How long</label>
          <select
            id={`${id}-duration`}
            value={duration}
            onChange={(event) => {
              setDuration(event.target.value);
              setConfirming(false);
            }}
          >
            <option value="">Choose...</option>
            {text.options.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </select>
          {errors.duration ? <p className="field-error">{errors.duration}</p> : null}
        </div>
        {confirming ? (
          <>
            <p className="notice">{text.confirm(label)}</p>
            <CodeInput label="Transaction PIN" kind="pin" value={pin} onChange={setPin} error={errors.pin} />
            <button type="submit" className="button" disabled={busy || !online}>
              {busy ? 'Saving...' : text.button}
            </button>
            <button type="button" className="button button-secondary" onClick={() => setConfirming(false)}>
              Cancel
            </button>
          </>
        ) : (
          <button
            type="button"
            className="button button-secondary"
            disabled={!duration || !online}
            onClick={() => setConfirming(true)}
          >
            Continue
          </button>
        )}
      </form>
    </section>
  );
}
