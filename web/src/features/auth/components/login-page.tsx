/** /login: email and password; the result code decides where to go (SPEC section 4, ADR 0001). */
import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { loginOutcome, safeReturnTo } from '@punter/core/account';
import { loginFormSchema, parseForm } from '@punter/core/form-schemas';
import { ErrorMessages } from '@/components/alert';
import { PasswordInput } from '@/components/password-input';
import { TextField } from '@/components/text-field';
import { paths, REDIRECT_PARAM } from '@/config/paths';
import { callSession, toApiFailure } from '@/lib/api';
import { setResetEmail } from '@/lib/session';

export function LoginPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure([]);
    const form = parseForm(loginFormSchema, { email, password });
    if (!form.ok) {
      setErrors(form.errors);
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      const { profile, message } = await callSession('sessionLogin', form.data);
      const outcome = loginOutcome(profile?.code);
      if (!profile || !outcome.storeProfile) {
        setFailure([message || 'Login failed']);
        return;
      }
      if (profile.code === 206) {
        // The password must be changed: send the reset code now so /change-password can use it.
        setResetEmail(form.data.email);
        await callSession('sessionSendResetOtp', { email: form.data.email }).catch(() => undefined);
      }
      const loggedIn = profile.code === 200 || profile.code === 203;
      void navigate(loggedIn ? safeReturnTo(params.get(REDIRECT_PARAM) ?? outcome.redirectTo) : outcome.redirectTo, {
        replace: true,
      });
    } catch (error) {
      setFailure(toApiFailure(error).messages);
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="auth-card" aria-labelledby="login-title">
      <h1 id="login-title">Welcome back</h1>
      <p className="muted">Log in to your wallet, calculators and signals.</p>
      <form noValidate onSubmit={(event) => void submit(event)}>
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
      </form>
      <p className="auth-switch">
        New here? <Link to={paths.register.getHref()}>Create an account</Link>
      </p>
    </section>
  );
}
