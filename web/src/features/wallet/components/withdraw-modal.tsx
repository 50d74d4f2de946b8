/**
 * Payout: amount, PIN and a saved bank (SPEC sections 2, 5, 7 and 8). The PIN is checked first;
 * a wrong PIN shows the server's message in red. No saved bank: a link to /save-bank. A running pot does not
 * lock the wallet (ADR 0040): the form always shows, and a refusal says the provider's words.
 */
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { toast } from '@/lib/notify';
import { withdrawFormSchema } from '@punter/core/form-schemas';
import { ErrorMessages } from '@/components/alert';
import { LoadState, isLoadPending } from '@/components/load-state';
import { CodeInput } from '@/components/code-input';
import { Modal } from '@/components/modal';
import { TextField } from '@/components/text-field';
import { paths } from '@/config/paths';
import { useSavedBanks, useWithdraw } from '@/features/wallet/api/wallet-api';
import { bankOptionLabel } from '@/features/wallet/components/bank-option-label';
import { WALLET_MESSAGES } from '@/features/wallet/components/messages';
import { useFormSubmit } from '@/lib/use-form-submit';

interface WithdrawModalProps {
  open: boolean;
  onClose: () => void;
  onDone: () => void;
  /** Code 203 (ADR 0001): the account has no PIN yet. */
  needsPin: boolean;
}

export function WithdrawModal({ open, onClose, onDone, needsPin }: WithdrawModalProps) {
  return (
    <Modal open={open} title="Withdraw" onClose={onClose}>
      {needsPin ? (
        <div className="stack">
          <p>Create your transaction PIN before you withdraw.</p>
          <Link className="button button-block" to={paths.createPin.getHref()}>
            Create PIN
          </Link>
        </div>
      ) : (
        <WithdrawForm onDone={onDone} />
      )}
    </Modal>
  );
}

function WithdrawForm({ onDone }: { onDone: () => void }) {
  const banks = useSavedBanks();
  const withdraw = useWithdraw();
  const [amount, setAmount] = useState('');
  const [pin, setPin] = useState('');
  const [bankId, setBankId] = useState('');
  const { submit, errors, failure, busy } = useFormSubmit(
    withdrawFormSchema,
    async (data) => {
      // useWithdraw checks the PIN and keeps one idempotency key per intended withdrawal.
      await withdraw.run({ destinationAccount: data.destination_account, amountNaira: data.amount, pin: data.pin });
      toast.success(WALLET_MESSAGES.withdrawSuccess);
      onDone();
    },
    { fallback: WALLET_MESSAGES.withdrawError },
  );

  if (isLoadPending(banks)) return <LoadState state={banks} loadingLabel="Loading your banks..." />;
  const saved = banks.data ?? [];
  const selected = bankId || saved[0]?.id || '';
  const chosen = saved.find((bank) => bank.id === selected);

  return (
    <form noValidate onSubmit={(event) => submit(event, { amount, pin, destination_account: selected })}>
      <ErrorMessages messages={failure} />
      <TextField
        label="Amount (₦)"
        name="amount"
        inputMode="decimal"
        autoComplete="off"
        value={amount}
        onChange={setAmount}
        error={errors.amount}
      />
      <CodeInput label="Transaction PIN" kind="pin" value={pin} onChange={setPin} error={errors.pin} />
      <p className="form-aside">
        <Link to={paths.resetPin.getHref()}>Forgot PIN?</Link>
      </p>
      {saved.length === 0 ? (
        <p className="notice">
          <Link to={paths.saveBank.getHref()}>{WALLET_MESSAGES.noBank}</Link>
        </p>
      ) : (
        <div className="field">
          <label htmlFor="withdraw-bank">Bank</label>
          <select id="withdraw-bank" name="bank" value={selected} onChange={(event) => setBankId(event.target.value)}>
            {saved.map((bank) => (
              <option key={bank.id} value={bank.id}>
                {bankOptionLabel(bank)}
              </option>
            ))}
          </select>
          {chosen ? (
            <p className="field-hint" data-testid="withdraw-bank-details">
              {chosen.bank_name} · {chosen.account_number} · {chosen.account_name}
            </p>
          ) : null}
          {errors.destination_account ? <p className="field-error">{errors.destination_account}</p> : null}
        </div>
      )}
      <button type="submit" className="button button-block" disabled={busy || saved.length === 0}>
        {busy ? 'Processing...' : 'Withdraw'}
      </button>
    </form>
  );
}
