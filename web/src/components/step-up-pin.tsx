/**
 * The PIN step-up of a money action (lib/use-money-mutation.ts): shown once the provider answered
 * 'Please enter your transaction PIN to confirm this payment.', with that message above a 4-digit PIN field
 * (the withdraw dialog's). The form then sends the same action again with the PIN.
 */
import { STEP_UP_NEEDED_MESSAGE } from '@punter/core/api/errors';
import { CodeInput } from '@/components/code-input';
import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';

export function StepUpPin({
  value,
  onChange,
  error,
}: {
  value: string;
  onChange: (pin: string) => void;
  error?: string | undefined;
}) {
  return (
    <div className="stack">
      <p className="notice" role="status">
        {STEP_UP_NEEDED_MESSAGE}
      </p>
      <CodeInput label="Transaction PIN" kind="pin" value={value} onChange={onChange} error={error} autoFocus />
      <p className="form-aside">
        <Link to={paths.resetPin.getHref()}>Forgot PIN?</Link>
      </p>
    </div>
  );
}

/** A complete PIN (4 digits) when the step-up asks for one; undefined when it does not. */
export function stepUpPin(needsPin: boolean, pin: string): string | undefined {
  return needsPin ? pin : undefined;
}

/** True while the step-up asks for the PIN and the field does not hold 4 digits yet. */
export function stepUpIncomplete(needsPin: boolean, pin: string): boolean {
  return needsPin && !/^\d{4}$/.test(pin);
}
