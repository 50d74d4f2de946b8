/** /verify-token: the 4-character phone code, the masked phone, resend (SPEC sections 2 and 7). */
import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { toast } from 'react-toastify';
import { ACCOUNT_MESSAGES, maskPhone } from '@punter/core/account';
import { OTP_TYPE } from '@punter/core/api-schemas';
import { parseForm, verifyTokenFormSchema } from '@punter/core/form-schemas';
import { ErrorMessages } from '@/components/alert';
import { CodeInput } from '@/components/code-input';
import { paths } from '@/config/paths';
import { callSession, toApiFailure } from '@/lib/api';
import { useProfile } from '@/lib/session';

export function VerifyTokenPage() {
  const navigate = useNavigate();
  const profile = useProfile();
  const [otp, setOtp] = useState('');
  const [error, setError] = useState<string>();
  const [failure, setFailure] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const [resending, setResending] = useState(false);

  if (!profile) {
    return (
      <section className="auth-card">
        <h1>Verify your phone</h1>
        <p>Log in first, then verify your phone number with the code we send you.</p>
        <Link className="button button-block" to={paths.login.getHref()}>
          Go to login
        </Link>
      </section>
    );
  }
  const { email, phone_number: phone } = profile.data;

  const verify = async (event: FormEvent) => {
    event.preventDefault();
    setFailure([]);
    const form = parseForm(verifyTokenFormSchema, { otp });
    if (!form.ok) {
      setError(form.errors.otp);
      return;
    }
    setError(undefined);
    setBusy(true);
    try {
      await callSession('sessionVerifyOtp', { otp: form.data.otp, otpType: OTP_TYPE, email });
      void navigate(paths.dashboard.getHref(), { replace: true });
    } catch (err) {
      setFailure(toApiFailure(err).messages);
    } finally {
      setBusy(false);
    }
  };

  const resend = async () => {
    setFailure([]);
    setResending(true);
    try {
      await callSession('sessionRequestOtp', { email, phone_number: phone, otpType: OTP_TYPE });
      toast.success(ACCOUNT_MESSAGES.otpSent);
    } catch (err) {
      setFailure(toApiFailure(err).messages);
    } finally {
      setResending(false);
    }
  };

  return (
    <section className="auth-card" aria-labelledby="verify-title">
      <h1 id="verify-title">Verify your phone</h1>
      <p>
        Enter the 4-character code we sent to <strong className="nowrap">{maskPhone(phone)}</strong>.
      </p>
      <form noValidate onSubmit={(event) => void verify(event)}>
        <ErrorMessages messages={failure} />
        <CodeInput label="Verification code" kind="code" value={otp} onChange={setOtp} error={error} autoFocus />
        <button type="submit" className="button button-block" disabled={busy || otp.length !== 4}>
          {busy ? 'Verifying...' : 'Verify'}
        </button>
      </form>
      <p className="auth-switch">
        Did not get the code?{' '}
        <button type="button" className="link-button" disabled={resending} onClick={() => void resend()}>
          {resending ? 'Sending...' : 'Resend code'}
        </button>
      </p>
    </section>
  );
}
