/** /create-pin: a 4-digit transaction PIN; Continue goes to /save-bank (SPEC sections 2 and 7). */
import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { toast } from 'react-toastify';
import { ACCOUNT_MESSAGES } from '@punter/core/account';
import { createPinFormSchema, parseForm } from '@punter/core/form-schemas';
import { ErrorMessages } from '@/components/alert';
import { CodeInput } from '@/components/code-input';
import { paths } from '@/config/paths';
import { callApi, toApiFailure } from '@/lib/api';
import { hasActiveSession, setProfileCode, useProfile } from '@/lib/session';

export function CreatePinPage() {
  const navigate = useNavigate();
  const profile = useProfile();
  const [pin, setPin] = useState('');
  const [error, setError] = useState<string>();
  const [failure, setFailure] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);

  if (!hasActiveSession(profile)) {
    return (
      <section className="auth-card">
        <h1>Create transaction PIN</h1>
        <p>Log in first to create your PIN.</p>
        <Link className="button button-block" to={paths.login.getHref(paths.createPin.getHref())}>
          Go to login
        </Link>
      </section>
    );
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure([]);
    const form = parseForm(createPinFormSchema, { pin });
    if (!form.ok) {
      setError(form.errors.pin);
      return;
    }
    setError(undefined);
    setBusy(true);
    try {
      await callApi('pinSet', { body: form.data });
      // The account now has a PIN: what a new login would answer (200, ADR 0001).
      if (profile.code === 203) setProfileCode(200);
      toast.success(ACCOUNT_MESSAGES.pinCreated);
      void navigate(paths.saveBank.getHref());
    } catch (err) {
      setFailure(toApiFailure(err).messages);
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="auth-card" aria-labelledby="pin-title">
      <h1 id="pin-title">Create transaction PIN</h1>
      <p className="muted">You will use this 4-digit PIN to approve withdrawals. Keep it secret.</p>
      <form noValidate onSubmit={(event) => void submit(event)}>
        <ErrorMessages messages={failure} />
        <CodeInput label="4-digit PIN" kind="pin" value={pin} onChange={setPin} error={error} autoFocus />
        <button type="submit" className="button button-block" disabled={busy || pin.length !== 4}>
          {busy ? 'Saving...' : 'Continue'}
        </button>
      </form>
    </section>
  );
}
