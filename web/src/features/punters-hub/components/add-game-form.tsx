/**
 * Add Game (SPEC section 5 'Post game'): code, odds, title, price (0 only, or 0, 100, 200 or 500
 * naira with can_monetize_game), start, end and platform. Submit stays disabled until every field is
 * there and the odds are a decimal. The provider checks everything again.
 */
import { useState } from 'react';
import {
  allowedPricesKobo,
  GAME_POST_FAILURE,
  GAME_POSTED_SUCCESS,
  PLATFORMS,
  validatePostGame,
  type PostGameForm,
} from '@punter/core/punters-hub';
import { gamePlatformSchema, gamePriceSchema } from '@punter/core/api/punters-hub';
import { koboToNaira } from '@punter/core/money';
import { ApiFailure } from '@/lib/api';
import { fromLagosInput } from '@/lib/format';
import { showToast } from '@/lib/notify';
import { postGame } from '@/features/punters-hub/api/hub-calls';

const EMPTY: PostGameForm = { game_code: '', odd: '', title: '', amount: '0', startDate: '', endDate: '', platform: '' };

/** A datetime-local value ('2026-11-24T18:00') as an ISO instant, read in Lagos time like every date the app shows. */
const toIso = (local: string) => fromLagosInput(local);

export function AddGameForm({ canMonetize, onDone }: { canMonetize: boolean; onDone: () => void }) {
  const [form, setForm] = useState<PostGameForm>(EMPTY);
  const [busy, setBusy] = useState(false);
  const check = validatePostGame(form, canMonetize);
  const set = (field: keyof PostGameForm) => (event: { target: { value: string } }) =>
    setForm({ ...form, [field]: event.target.value });

  const submit = async () => {
    setBusy(true);
    try {
      await postGame({
        game_code: form.game_code.trim(),
        odd: form.odd.trim(),
        title: form.title.trim(),
        amount: gamePriceSchema.parse(Number(form.amount)),
        startDate: toIso(form.startDate),
        endDate: toIso(form.endDate),
        platform: gamePlatformSchema.parse(form.platform),
      });
      showToast('success', GAME_POSTED_SUCCESS, 'post-game');
      onDone();
    } catch (error) {
      const reason = error instanceof ApiFailure ? error.message : '';
      showToast('error', reason ? `${GAME_POST_FAILURE}: ${reason}` : GAME_POST_FAILURE, 'post-game');
    } finally {
      setBusy(false);
    }
  };

  return (
    <form
      noValidate
      className="stack"
      onSubmit={(event) => {
        event.preventDefault();
        if (check.canSubmit) void submit();
      }}
    >
      <div className="field">
        <label htmlFor="game-code">Game code</label>
        <input id="game-code" value={form.game_code} onChange={set('game_code')} autoComplete="off" />
      </div>
      <div className="field">
        <label htmlFor="game-odd">Total odds</label>
        <input
          id="game-odd"
          inputMode="decimal"
          value={form.odd}
          onChange={set('odd')}
          aria-invalid={check.oddsError !== null}
          aria-describedby={check.oddsError ? 'game-odd-error' : undefined}
        />
        {check.oddsError ? (
          <p id="game-odd-error" className="field-error" role="alert">
            {check.oddsError}
          </p>
        ) : null}
      </div>
      <div className="field">
        <label htmlFor="game-title">Title</label>
        <input id="game-title" value={form.title} onChange={set('title')} maxLength={120} />
      </div>
      <div className="field">
        <label htmlFor="game-price">Price</label>
        <select id="game-price" value={form.amount} onChange={set('amount')}>
          {allowedPricesKobo(canMonetize).map((kobo) => {
            const naira = koboToNaira(kobo);
            return (
              <option key={kobo} value={String(naira)}>
                {naira === 0 ? 'Free' : `₦${naira}`}
              </option>
            );
          })}
        </select>
      </div>
      <div className="field">
        <label htmlFor="game-start">Starts</label>
        <input id="game-start" type="datetime-local" value={form.startDate} onChange={set('startDate')} />
      </div>
      <div className="field">
        <label htmlFor="game-end">Ends</label>
        <input id="game-end" type="datetime-local" value={form.endDate} onChange={set('endDate')} />
      </div>
      <div className="field">
        <label htmlFor="game-platform">Platform</label>
        <select id="game-platform" value={form.platform} onChange={set('platform')}>
          <option value="">Choose a platform</option>
          {PLATFORMS.map((p) => (
            <option key={p} value={p}>
              {p}
            </option>
          ))}
        </select>
      </div>
      <p className="muted">Once posted, the code and its odds are locked: nobody can change them.</p>
      <button type="submit" className="button button-block" disabled={!check.canSubmit || busy}>
        {busy ? 'Posting...' : 'Post game'}
      </button>
    </form>
  );
}
