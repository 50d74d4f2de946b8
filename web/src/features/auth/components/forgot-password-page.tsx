/** /forgot-password: email, Continue -> /change-password; the back arrow goes to /login. */
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { forgotPasswordFormSchema, parseForm } from '@punter/core/form-schemas';
import { ErrorMessages } from '@/components/alert';
import { TextField } from '@/components/text-field';
import { paths } from '@/config/paths';
import { BackLink } from '@/features/auth/components/back-link';
import { callSession, toApiFailure } from '@/lib/api';
import { getResetEmail, setResetEmail } from '@/lib/session';

export function ForgotPasswordPage() {
  const navigate = useNavigate();
  const [email, setEmail] = useState(getResetEmail);
  const [error, setError] = useState<string>();
  const [failure, setFailure] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure([]);
    const form = parseForm(forgotPasswordFormSchema, { email });
    if (!form.ok) {
      setError(form.errors.email);
      return;
    }
    setError(undefined);
    setBusy(true);
    try {
      await callSession('sessionSendResetOtp', form.data);
      setResetEmail(form.data.email);
      void navigate(paths.changePassword.getHref());
    } catch (err) {
      setFailure(toApiFailure(err).messages);
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="auth-card" aria-labelledby="forgot-title">
      <BackLink to={paths.login.getHref()} label="Back to login" />
      <h1 id="forgot-title">Forgot password</h1>
      <p className="muted">Enter the email of your account. We will send a 4-character code to your phone.</p>
      <form noValidate onSubmit={(event) => void submit(event)}>
        <ErrorMessages messages={failure} />
        <TextField label="Email" name="email" type="email" autoComplete="email" value={email} onChange={setEmail} error={error} />
        <button type="submit" className="button button-block" disabled={busy}>
          {busy ? 'Sending code...' : 'Continue'}
        </button>
      </form>
    </section>
  );
}
