/**
 * /change-password: the 4-character reset code and a new password; success toasts for 10 s and
 * goes to /login. The back arrow goes to /forgot-password.
 */
import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { toast } from '@/lib/notify';
import { changePasswordFormSchema } from '@punter/core/form-schemas';
import { ErrorMessages } from '@/components/alert';
import { CodeInput } from '@/components/code-input';
import { PasswordInput } from '@/components/password-input';
import { paths } from '@/config/paths';
import { BackLink } from '@/features/auth/components/back-link';
import { AUTH_MESSAGES } from '@/features/auth/components/messages';
import { callSession } from '@/lib/api';
import { clearProfile, getResetEmail } from '@/lib/session';
import { useFormSubmit } from '@/lib/use-form-submit';

export const PASSWORD_TOAST_MS = 10_000;

export function ChangePasswordPage() {
  const navigate = useNavigate();
  const email = getResetEmail();
  const [otp, setOtp] = useState('');
  const [password, setPassword] = useState('');
  const { submit, errors, failure, busy } = useFormSubmit(changePasswordFormSchema, async (data) => {
    await callSession('sessionResetPassword', { email, otp: data.otp, password: data.password });
    // A profile stored by a 206 login is of no use any more: log in again with the new password.
    clearProfile();
    toast.success(AUTH_MESSAGES.passwordChanged, { autoClose: PASSWORD_TOAST_MS });
    // The login form opens with this e-mail filled in: only the new password is left to type.
    void navigate(paths.login.getHref(), { replace: true, state: { email } });
  });

  if (!email) {
    return (
      <section className="auth-card">
        <BackLink to={paths.forgotPassword.getHref()} label="Back to forgot password" />
        <h1>Change password</h1>
        <p>Ask for a reset code first.</p>
        <Link className="button button-block" to={paths.forgotPassword.getHref()}>
          Get a reset code
        </Link>
      </section>
    );
  }

  return (
    <section className="auth-card" aria-labelledby="change-title">
      <BackLink to={paths.forgotPassword.getHref()} label="Back to forgot password" />
      <h1 id="change-title">Change password</h1>
      <p className="muted">
        Enter the code sent for <strong>{email}</strong> and choose a new password.
      </p>
      <form noValidate onSubmit={(event) => submit(event, { otp, password })}>
        <ErrorMessages messages={failure} />
        <CodeInput label="Reset code" kind="code" value={otp} onChange={setOtp} error={errors.otp} autoFocus />
        <PasswordInput
          label="New password"
          value={password}
          onChange={setPassword}
          autoComplete="new-password"
          error={errors.password}
        />
        <button type="submit" className="button button-block" disabled={busy}>
          {busy ? 'Changing...' : 'Change Password'}
        </button>
      </form>
    </section>
  );
}
