/** /create-pin: a 4-digit transaction PIN; Continue goes to /save-bank (SPEC sections 2 and 7). */
import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { toast } from '@/lib/notify';
import { createPinFormSchema } from '@punter/core/form-schemas';
import { ErrorMessages } from '@/components/alert';
import { CodeInput } from '@/components/code-input';
import { paths } from '@/config/paths';
import { AUTH_MESSAGES } from '@/features/auth/components/messages';
import { callApi } from '@/lib/api';
import { hasActiveSession, setProfileCode, useProfile } from '@/lib/session';
import { useFormSubmit } from '@/lib/use-form-submit';

export function CreatePinPage() {
  const navigate = useNavigate();
  const profile = useProfile();
  const [pin, setPin] = useState('');
  const form = useFormSubmit(createPinFormSchema, async (data) => {
    await callApi('pinSet', { body: data });
    // The account now has a PIN: what a new login would answer (200, ADR 0001).
    if (profile?.code === 203) setProfileCode(200);
    toast.success(AUTH_MESSAGES.pinCreated);
    void navigate(paths.saveBank.getHref());
  });

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

  return (
    <section className="auth-card" aria-labelledby="pin-title">
      <h1 id="pin-title">Create transaction PIN</h1>
      <p className="muted">You will use this 4-digit PIN to approve withdrawals. Keep it secret.</p>
      <form noValidate onSubmit={(event) => form.submit(event, { pin })}>
        <ErrorMessages messages={form.failure} />
        <CodeInput label="4-digit PIN" kind="pin" value={pin} onChange={setPin} error={form.errors.pin} autoFocus />
        <button type="submit" className="button button-block" disabled={form.busy || pin.length !== 4}>
          {form.busy ? 'Saving...' : 'Continue'}
        </button>
      </form>
    </section>
  );
}
