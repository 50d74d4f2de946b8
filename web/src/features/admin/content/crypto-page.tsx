/**
 * Crypto rates: the buy and sell rate (naira per unit) of each symbol; set a new symbol's rates or change
 * one's. crypto/update writes a symbol's rates whole; SPEC names no call that removes one.
 */
import { useState, type FormEvent } from 'react';
import { API_CALLS } from '@punter/core/api/calls';
import { ErrorMessages } from '@/components/alert';
import { LoadState } from '@/components/load-state';
import { TextField } from '@/components/text-field';
import { formatApiNaira, formatDateTime } from '@/lib/format';
import { showToast } from '@/lib/notify';
import { useFormSubmit } from '@/lib/use-form-submit';
import { TableScroll, FormActions } from '../components/admin-ui';
import { updateCryptoRate, useCryptoRates, type CryptoRate } from './admin-content-api';
import './admin-content.css';

const amount = (text: string) => (text.trim() === '' ? undefined : Number(text.replace(/,/g, '')));

export function CryptoPage() {
  const rates = useCryptoRates();
  const [editing, setEditing] = useState<CryptoRate | 'new' | null>(null);
  return (
    <section className="stack" aria-labelledby="crypto-title">
      <div className="row wrap content-head">
        <h1 id="crypto-title">Crypto rates</h1>
        {editing === null ? (
          <button type="button" className="button" onClick={() => setEditing('new')}>
            New rate
          </button>
        ) : null}
      </div>
      {editing !== null ? (
        <RateForm
          key={editing === 'new' ? 'new' : editing.symbol}
          rate={editing === 'new' ? null : editing}
          onDone={() => setEditing(null)}
        />
      ) : null}
      <LoadState state={rates} loadingLabel="Loading rates..." />
      {rates.data?.length === 0 ? <p className="empty">No rate yet.</p> : null}
      {rates.data && rates.data.length > 0 ? (
        <TableScroll label="Crypto rates">
          <table className="admin-table">
            <thead>
              <tr>
                <th scope="col">Symbol</th>
                <th scope="col" className="num">
                  We buy at
                </th>
                <th scope="col" className="num">
                  We sell at
                </th>
                <th scope="col">Updated</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {rates.data.map((r) => (
                <tr key={r.symbol} data-testid="rate-row">
                  <th scope="row">{r.symbol}</th>
                  <td className="num">{formatApiNaira(r.buy_rate)}</td>
                  <td className="num">{formatApiNaira(r.sell_rate)}</td>
                  <td className="nowrap">{formatDateTime(r.updatedAt)}</td>
                  <td>
                    <button
                      type="button"
                      className="button button-small button-secondary"
                      aria-label={`Edit ${r.symbol}`}
                      onClick={() => setEditing(r)}
                    >
                      Edit
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      ) : null}
    </section>
  );
}

function RateForm({ rate, onDone }: { rate: CryptoRate | null; onDone: () => void }) {
  const [symbol, setSymbol] = useState(rate?.symbol ?? '');
  const [buy, setBuy] = useState(rate ? String(rate.buy_rate) : '');
  const [sell, setSell] = useState(rate ? String(rate.sell_rate) : '');
  const form = useFormSubmit(API_CALLS.cryptoUpdate.request, async (data) => {
    showToast('success', await updateCryptoRate(data));
    onDone();
  });
  const submit = (event: FormEvent) =>
    form.submit(event, { symbol: symbol.trim().toUpperCase(), buy_rate: amount(buy), sell_rate: amount(sell) });
  return (
    <form className="content-card stack" aria-label={rate ? `Edit ${rate.symbol}` : 'New rate'} noValidate onSubmit={submit}>
      <h2>{rate ? `Edit ${rate.symbol}` : 'New rate'}</h2>
      <ErrorMessages messages={form.failure} />
      <TextField
        label="Symbol"
        value={symbol}
        onChange={setSymbol}
        error={form.errors.symbol}
        readOnly={rate !== null}
        maxLength={10}
      />
      <TextField label="We buy at (₦)" inputMode="decimal" value={buy} onChange={setBuy} error={form.errors.buy_rate} />
      <TextField label="We sell at (₦)" inputMode="decimal" value={sell} onChange={setSell} error={form.errors.sell_rate} />
      <FormActions busy={form.busy} onCancel={onDone} label="Save rate" />
    </form>
  );
}
