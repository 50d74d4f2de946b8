/**
 * /reset-pin: a PIN blocked after repeated wrong tries (ADR 0005) is reset with a 4-character code
 * sent to the account's phone: 'Send code', then the code and a new 4-digit PIN.
 */
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { toast } from '@/lib/notify';
import { resetPinFormSchema } from '@punter/core/form-schemas';
import { ErrorMessages } from '@/components/alert';
import { CodeInput } from '@/components/code-input';
import { paths } from '@/config/paths';
import { ApiFailure, callApi } from '@/lib/api';
import { useFormSubmit } from '@/lib/use-form-submit';

export function ResetPinPage() {
  const navigate = useNavigate();
  const [otp, setOtp] = useState('');
  const [pin, setPin] = useState('');
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState<string | null>(null);
  const [sendFailure, setSendFailure] = useState<string[]>([]);
  const form = useFormSubmit(resetPinFormSchema, async (data) => {
    const answer = await callApi('pinReset', { body: data });
    toast.success(answer.message);
    void navigate(paths.dashboard.getHref(), { replace: true });
  });

  const sendCode = async () => {
    setSending(true);
    setSendFailure([]);
    try {
      setSent((await callApi('pinSendOtp', {})).message);
    } catch (error) {
      setSendFailure(error instanceof ApiFailure ? error.messages : ['An error occurred']);
    } finally {
      setSending(false);
    }
  };

  return (
    <section className="card page-narrow stack" aria-labelledby="reset-pin-title">
      <h1 id="reset-pin-title">Reset transaction PIN</h1>
      <p className="muted">We send a 4-character code to your phone. Enter it with a new 4-digit PIN.</p>
      <ErrorMessages messages={sendFailure} />
      {sent ? (
        <p className="notice" role="status">
          {sent}
        </p>
      ) : null}
      <button type="button" className="button button-secondary button-block" disabled={sending} onClick={() => void sendCode()}>
        {sending ? 'Sending...' : sent ? 'Send a new code' : 'Send code'}
      </button>
      <form noValidate onSubmit={(event) => form.submit(event, { otp, pin })}>
        <ErrorMessages messages={form.failure} />
        <CodeInput label="Reset code" kind="code" value={otp} onChange={setOtp} error={form.errors.otp} />
        <CodeInput label="New 4-digit PIN" kind="pin" value={pin} onChange={setPin} error={form.errors.pin} />
        <button type="submit" className="button button-block" disabled={form.busy || otp.length !== 4 || pin.length !== 4}>
          {form.busy ? 'Saving...' : 'Reset PIN'}
        </button>
      </form>
    </section>
  );
}
