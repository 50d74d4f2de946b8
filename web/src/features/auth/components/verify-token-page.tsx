/** /verify-token: the 4-character phone code, the masked phone, resend (SPEC sections 2 and 7). */
import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { toast } from '@/lib/notify';
import { OTP_TYPE } from '@punter/core/otp';
import { verifyTokenFormSchema } from '@punter/core/form-schemas';
import { ErrorMessages } from '@/components/alert';
import { CodeInput } from '@/components/code-input';
import { paths } from '@/config/paths';
import { maskPhone } from '@/features/auth/components/mask-phone';
import { AUTH_MESSAGES } from '@/features/auth/components/messages';
import { callSession, toApiFailure } from '@/lib/api';
import { useProfile } from '@/lib/session';
import { useFormSubmit } from '@/lib/use-form-submit';

export function VerifyTokenPage() {
  const navigate = useNavigate();
  const profile = useProfile();
  const [otp, setOtp] = useState('');
  const form = useFormSubmit(verifyTokenFormSchema, async (data) => {
    if (!profile) return;
    await callSession('sessionVerifyOtp', { otp: data.otp, otpType: OTP_TYPE, email: profile.data.email });
    void navigate(paths.dashboard.getHref(), { replace: true });
  });
  const { failure, setFailure } = form;
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

  const resend = async () => {
    setFailure([]);
    setResending(true);
    try {
      await callSession('sessionRequestOtp', { email, phone_number: phone, otpType: OTP_TYPE });
      toast.success(AUTH_MESSAGES.otpSent);
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
      <form noValidate onSubmit={(event) => form.submit(event, { otp })}>
        <ErrorMessages messages={failure} />
        <CodeInput label="Verification code" kind="code" value={otp} onChange={setOtp} error={form.errors.otp} autoFocus />
        <button type="submit" className="button button-block" disabled={form.busy || otp.length !== 4}>
          {form.busy ? 'Verifying...' : 'Verify'}
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
