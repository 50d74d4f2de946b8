/** /login: email and password; the result code decides where to go (SPEC section 4, ADR 0001). */
import { useEffect, useLayoutEffect, useState } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { z } from 'zod/mini';
import { loginOutcome, safeReturnTo } from '@punter/core/account';
import { loginFormSchema } from '@punter/core/form-schemas';
import { isLoggedInCode } from '@punter/core/api/profile';
import { Alert, ErrorMessages } from '@/components/alert';
import { PasswordInput } from '@/components/password-input';
import { TextField } from '@/components/text-field';
import { paths, REDIRECT_PARAM } from '@/config/paths';
import { ApiFailure, callSession } from '@/lib/api';
import { dropPrerendered } from '@/lib/prerendered';
import { clearSessionNotice, readSessionNotice, setResetEmail } from '@/lib/session';
import { useFormSubmit } from '@/lib/use-form-submit';
import { useSlowHint } from '@/lib/use-slow-hint';

export const LOGIN_SLOW_MESSAGE = 'Still logging you in... this can take a few seconds on a slow connection.';

/** What another screen may hand the login form (after a password change: the account's e-mail). */
const loginStateSchema = z.object({ email: z.email() });

export function LoginPage() {
  const navigate = useNavigate();
  const location = useLocation();
  const [params] = useSearchParams();
  const [email, setEmail] = useState(() => loginStateSchema.safeParse(location.state).data?.email ?? '');
  const [password, setPassword] = useState('');
  // Why the last session ended, when the app ended it (a suspended account): shown once.
  const [notice] = useState(readSessionNotice);
  useEffect(() => clearSessionNotice(), []);
  // The app's screen has committed (over the prerendered one it hydrated, ADR 0031, 0052): the root becomes live.
  useLayoutEffect(dropPrerendered, []);
  const form = useFormSubmit(loginFormSchema, async (data) => {
    const { profile, message } = await callSession('sessionLogin', data);
    const outcome = loginOutcome(profile?.code);
    if (!profile || !outcome.storeProfile) throw new ApiFailure([message || 'Login failed']);
    if (profile.code === 206) {
      // The password must be changed: send the reset code now so /change-password can use it.
      setResetEmail(data.email);
      await callSession('sessionSendResetOtp', { email: data.email }).catch(() => undefined);
    }
    void navigate(
      isLoggedInCode(profile.code) ? safeReturnTo(params.get(REDIRECT_PARAM) ?? outcome.redirectTo) : outcome.redirectTo,
      {
        replace: true,
      },
    );
  });
  const { errors, failure, busy } = form;
  const slow = useSlowHint(busy);

  return (
    <section className="auth-card" aria-labelledby="login-title">
      <h1 id="login-title">Welcome back</h1>
      <p className="muted">Log in to your wallet, calculators and signals.</p>
      {notice ? <Alert>{notice}</Alert> : null}
      <form noValidate onSubmit={(event) => form.submit(event, { email, password })}>
        <ErrorMessages messages={failure} />
        <TextField
          label="Email"
          type="email"
          name="email"
          autoComplete="email"
          value={email}
          onChange={setEmail}
          error={errors.email}
        />
        <PasswordInput
          label="Password"
          value={password}
          onChange={setPassword}
          autoComplete="current-password"
          error={errors.password}
        />
        <p className="form-aside">
          <Link to={paths.forgotPassword.getHref()}>Forgot password?</Link>
        </p>
        <button type="submit" className="button button-block" disabled={busy}>
          {busy ? 'Logging in...' : 'Login'}
        </button>
        <p className="form-aside muted" role="status">
          {slow ? LOGIN_SLOW_MESSAGE : ''}
        </p>
      </form>
      <p className="auth-switch">
        New here? <Link to={paths.register.getHref()}>Create an account</Link>
      </p>
    </section>
  );
}
