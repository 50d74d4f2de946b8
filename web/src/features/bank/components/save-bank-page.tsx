/**
 * /save-bank, 'Save Bank For Withdrawals': bank search, bank dropdown, account number (resolved
 * and locked once more than 9 digits are typed), read-only account name, Save Bank.
 */
import { useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { toast } from '@/lib/notify';
import { saveBankFormSchema, shouldVerifyAccountNumber } from '@punter/core/form-schemas';
import { ErrorMessages } from '@/components/alert';
import { LoadState } from '@/components/load-state';
import { TextField } from '@/components/text-field';
import { paths } from '@/config/paths';
import { filterBanks, resolveAccountName, useBanks, useSaveBank } from '@/features/bank/api/bank-api';
import { BANK_SAVED_MESSAGE } from '@/features/bank/components/messages';
import { useFormSubmit } from '@/lib/use-form-submit';

export function SaveBankPage() {
  const navigate = useNavigate();
  const banks = useBanks();
  const saveBank = useSaveBank();
  const [search, setSearch] = useState('');
  const [code, setCode] = useState('');
  const [accountNumber, setAccountNumber] = useState('');
  const [accountName, setAccountName] = useState('');
  // The bank's name is not the user's registered name: saving needs their explicit confirmation (ADR 0046).
  const [otherName, setOtherName] = useState(false);
  const [confirmed, setConfirmed] = useState(false);
  const [locked, setLocked] = useState(false);
  const [resolving, setResolving] = useState(false);
  const { submit, errors, failure, busy } = useFormSubmit(saveBankFormSchema, async (data) => {
    await saveBank(otherName && confirmed ? { ...data, confirm_other_name: true } : data);
    toast.success(BANK_SAVED_MESSAGE);
    void navigate(paths.dashboard.getHref());
  });

  const filtered = useMemo(() => filterBanks(banks.data ?? [], search), [banks.data, search]);
  const bank = banks.data?.find((b) => b.code === code);

  // Each lookup has a number; an answer to an older lookup is ignored.
  const lookup = useRef(0);

  const resolve = (number: string, bankCode: string) => {
    // Verification runs once more than 9 characters are typed (SPEC section 5, core's rule).
    if (!bankCode || !shouldVerifyAccountNumber(number)) return;
    const id = ++lookup.current;
    setLocked(true);
    setResolving(true);
    setAccountName('');
    setOtherName(false);
    setConfirmed(false);
    resolveAccountName(number, bankCode)
      .then(({ name, ownName }) => {
        if (lookup.current !== id) return;
        setAccountName(name);
        setOtherName(!ownName);
      })
      // SPEC section 8: a failed verification leaves the field locked and shows no message.
      .catch(() => undefined)
      .finally(() => {
        if (lookup.current === id) setResolving(false);
      });
  };

  const unlock = () => {
    lookup.current += 1;
    setResolving(false);
    setLocked(false);
    setAccountName('');
    setAccountNumber('');
    setOtherName(false);
    setConfirmed(false);
  };

  return (
    <section className="page-narrow" aria-labelledby="save-bank-title">
      <h1 id="save-bank-title">Save Bank For Withdrawals</h1>
      <LoadState state={banks} loadingLabel="Loading banks..." className="card" />
      {banks.data ? (
        <form
          className="card"
          noValidate
          onSubmit={(event) =>
            submit(event, { code, bank_name: bank?.name ?? '', account_number: accountNumber, account_name: accountName })
          }
        >
          <ErrorMessages messages={failure} />
          <TextField
            label="Search bank"
            name="bank_search"
            type="search"
            value={search}
            onChange={setSearch}
            autoComplete="off"
          />
          <div className="field">
            <label htmlFor="bank-select">Bank</label>
            <select
              id="bank-select"
              name="bank"
              value={code}
              disabled={locked}
              aria-invalid={errors.code ? true : undefined}
              onChange={(event) => {
                setCode(event.target.value);
                resolve(accountNumber, event.target.value);
              }}
            >
              <option value="">{filtered.length === 0 ? 'No bank matches your search' : 'Select your bank'}</option>
              {filtered.map((b) => (
                <option key={b.code} value={b.code}>
                  {b.name}
                </option>
              ))}
            </select>
            {errors.code ? <p className="field-error">{errors.code}</p> : null}
          </div>
          <TextField
            label="Account number"
            name="account_number"
            inputMode="numeric"
            autoComplete="off"
            maxLength={10}
            value={accountNumber}
            disabled={locked}
            onChange={(value) => {
              const digits = value.replace(/\D/g, '').slice(0, 10);
              setAccountNumber(digits);
              resolve(digits, code);
            }}
            error={errors.account_number}
            hint={code ? undefined : 'Select your bank first'}
          />
          {locked ? (
            <button type="button" className="link-button" onClick={unlock}>
              Change account number
            </button>
          ) : null}
          <TextField
            label="Account name"
            name="account_name"
            value={resolving ? 'Resolving account name...' : accountName}
            onChange={() => undefined}
            readOnly
            error={errors.account_name}
          />
          {otherName && accountName ? (
            <>
              <p className="field-error" role="status">
                This account is not in your registered name. Withdrawals are paid only to your own account, unless you confirm
                this one.
              </p>
              <label className="checkbox">
                <input
                  type="checkbox"
                  name="confirm_other_name"
                  checked={confirmed}
                  onChange={(event) => setConfirmed(event.target.checked)}
                />
                <span>I confirm that my withdrawals may be paid to {accountName}, an account that is not in my name.</span>
              </label>
            </>
          ) : null}
          <button
            type="submit"
            className="button button-block"
            disabled={busy || resolving || !accountName || (otherName && !confirmed)}
          >
            {busy ? 'Saving...' : 'Save Bank'}
          </button>
        </form>
      ) : null}
    </section>
  );
}
