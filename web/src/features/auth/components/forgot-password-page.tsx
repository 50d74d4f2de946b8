/** /forgot-password: email, Continue -> /change-password; the back arrow goes to /login. */
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { forgotPasswordFormSchema } from '@punter/core/form-schemas';
import { ErrorMessages } from '@/components/alert';
import { TextField } from '@/components/text-field';
import { paths } from '@/config/paths';
import { BackLink } from '@/features/auth/components/back-link';
import { callSession } from '@/lib/api';
import { getResetEmail, setResetEmail } from '@/lib/session';
import { useFormSubmit } from '@/lib/use-form-submit';

export function ForgotPasswordPage() {
  const navigate = useNavigate();
  const [email, setEmail] = useState(getResetEmail);
  const { submit, errors, failure, busy } = useFormSubmit(forgotPasswordFormSchema, async (data) => {
    await callSession('sessionSendResetOtp', data);
    setResetEmail(data.email);
    void navigate(paths.changePassword.getHref());
  });

  return (
    <section className="auth-card" aria-labelledby="forgot-title">
      <BackLink to={paths.login.getHref()} label="Back to login" />
      <h1 id="forgot-title">Forgot password</h1>
      <p className="muted">Enter the email of your account. We will send a 4-character code to your phone.</p>
      <form noValidate onSubmit={(event) => submit(event, { email })}>
        <ErrorMessages messages={failure} />
        <TextField
          label="Email"
          name="email"
          type="email"
          autoComplete="email"
          value={email}
          onChange={setEmail}
          error={errors.email}
        />
        <button type="submit" className="button button-block" disabled={busy}>
          {busy ? 'Sending code...' : 'Continue'}
        </button>
      </form>
    </section>
  );
}
