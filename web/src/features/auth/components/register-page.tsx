/**
 * /register and /referral/:referralCode: the two-step sign-up (SPEC sections 2 and 5).
 * Step 1: names, username, country (Nigeria only), email. Step 2: password, phone, gender
 * (female by default), optional referral code and the two consents.
 * A registration the provider refuses because the e-mail, username or phone is taken shows the message under
 * that field, on its step: an e-mail or username clash takes the user back to step 1 (ADR 0044).
 */
import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { loginOutcome, registerConflictField } from '@punter/core/account';
import type { GENDER_OPTIONS } from '@punter/core/form-schemas';
import {
  buildRegistrationPayload,
  COUNTRIES,
  DEFAULT_GENDER,
  isCreateAccountEnabled,
  parseForm,
  registerFormSchema,
  registerStep1FormSchema,
  registerStep2FormSchema,
} from '@punter/core/form-schemas';
import { ErrorMessages } from '@/components/alert';
import { PasswordInput } from '@/components/password-input';
import { TextField } from '@/components/text-field';
import { paths } from '@/config/paths';
import { callSession, toApiFailure } from '@/lib/api';
import { deviceId } from '@/lib/device-id';

type Gender = (typeof GENDER_OPTIONS)[number];

interface Values {
  first_name: string;
  last_name: string;
  username: string;
  country: string;
  email: string;
  password: string;
  phone_number: string;
  gender: Gender;
  referral_code: string;
  accept_terms: boolean;
  accept_age: boolean;
}

const STEP2_FIELDS = ['password', 'phone_number', 'gender', 'referral_code', 'accept_terms', 'accept_age'] as const;

export function RegisterPage() {
  const navigate = useNavigate();
  const { referralCode = '' } = useParams();
  const [step, setStep] = useState<0 | 1>(0);
  const [values, setValues] = useState<Values>({
    first_name: '',
    last_name: '',
    username: '',
    country: COUNTRIES[0],
    email: '',
    password: '',
    phone_number: '',
    gender: DEFAULT_GENDER,
    referral_code: referralCode,
    accept_terms: false,
    accept_age: false,
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);

  const set =
    <K extends keyof Values>(key: K) =>
    (value: Values[K]) =>
      setValues((v) => ({ ...v, [key]: value }));

  // Create Account: every required field filled and both consents ticked (SPEC section 5, core).
  const complete = isCreateAccountEnabled(values);

  const next = (event: FormEvent) => {
    event.preventDefault();
    const result = parseForm(registerStep1FormSchema, values);
    if (!result.ok) {
      setErrors(result.errors);
      return;
    }
    setErrors({});
    setStep(1);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure([]);
    const result = parseForm(registerFormSchema, values);
    if (!result.ok) {
      setErrors(result.errors);
      if (!Object.keys(result.errors).some((k) => (STEP2_FIELDS as readonly string[]).includes(k))) setStep(0);
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      const { profile } = await callSession('sessionRegister', { ...buildRegistrationPayload(result.data, deviceId()) });
      const outcome = loginOutcome(profile?.code);
      void navigate(outcome.redirectTo ?? paths.login.getHref(), { replace: true });
    } catch (error) {
      const messages = toApiFailure(error).messages;
      const fieldErrors: Record<string, string> = {};
      for (const message of messages) {
        const field = registerConflictField(message);
        if (field) fieldErrors[field] = message;
      }
      setErrors(fieldErrors);
      setFailure(messages.filter((message) => registerConflictField(message) === null));
      if (fieldErrors.email !== undefined || fieldErrors.username !== undefined) setStep(0);
    } finally {
      setBusy(false);
    }
  };

  const touchStep2 = (field: (typeof STEP2_FIELDS)[number]) => () => {
    const result = registerStep2FormSchema.shape[field].safeParse(values[field]);
    setErrors((e) => {
      const copy = { ...e };
      if (result.success) delete copy[field];
      else copy[field] = result.error.issues[0]?.message ?? '';
      return copy;
    });
  };

  return (
    <section className="auth-card" aria-labelledby="register-title">
      <h1 id="register-title">Create your account</h1>
      <p className="signup-pitch">
        <strong>Stop gambling. Start trading sport.</strong> Plan every stake, set a target and a stop loss, and let the numbers,
        not your feelings, decide.
      </p>
      <p className="muted step-indicator" aria-live="polite">
        Step {step + 1} of 2
      </p>
      <ErrorMessages messages={failure} />
      {step === 0 ? (
        <form noValidate onSubmit={next}>
          <TextField
            label="First name"
            name="first_name"
            autoComplete="given-name"
            value={values.first_name}
            onChange={set('first_name')}
            error={errors.first_name}
          />
          <TextField
            label="Last name"
            name="last_name"
            autoComplete="family-name"
            value={values.last_name}
            onChange={set('last_name')}
            error={errors.last_name}
          />
          <TextField
            label="Username"
            name="username"
            autoComplete="username"
            autoCapitalize="none"
            value={values.username}
            onChange={set('username')}
            onBlur={() => set('username')(values.username.trimEnd())}
            error={errors.username}
          />
          <div className="field">
            <label htmlFor="register-country">Country</label>
            <select id="register-country" name="country" value={values.country} onChange={(e) => set('country')(e.target.value)}>
              {COUNTRIES.map((country) => (
                <option key={country} value={country}>
                  {country}
                </option>
              ))}
            </select>
          </div>
          <TextField
            label="Email"
            name="email"
            type="email"
            autoComplete="email"
            value={values.email}
            onChange={set('email')}
            error={errors.email}
          />
          <button type="submit" className="button button-block">
            Next
          </button>
        </form>
      ) : (
        <form noValidate onSubmit={(event) => void submit(event)}>
          <PasswordInput
            label="Password"
            value={values.password}
            onChange={set('password')}
            onBlur={touchStep2('password')}
            autoComplete="new-password"
            error={errors.password}
          />
          <TextField
            label="Phone number"
            name="phone_number"
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            placeholder="08012345678"
            value={values.phone_number}
            onChange={set('phone_number')}
            onBlur={touchStep2('phone_number')}
            error={errors.phone_number}
          />
          <div className="field">
            <label htmlFor="register-gender">Gender</label>
            <select
              id="register-gender"
              name="gender"
              value={values.gender}
              onChange={(e) => set('gender')(e.target.value as Gender)}
            >
              <option value="female">Female</option>
              <option value="male">Male</option>
            </select>
          </div>
          <TextField
            label="Referral code (optional)"
            name="referral_code"
            autoCapitalize="none"
            value={values.referral_code}
            onChange={set('referral_code')}
            error={errors.referral_code}
          />
          <label className="checkbox">
            <input
              type="checkbox"
              name="accept_terms"
              checked={values.accept_terms}
              onChange={(e) => set('accept_terms')(e.target.checked)}
            />
            <span>
              {/* In a new tab: following them here would lose the half-filled form. */}I have read and agree to the{' '}
              <Link to={paths.privacyPolicy.getHref()} target="_blank" rel="noopener noreferrer">
                privacy policy<span className="visually-hidden"> (opens in a new tab)</span>
              </Link>{' '}
              and the{' '}
              <Link to={paths.termsAndConditions.getHref()} target="_blank" rel="noopener noreferrer">
                terms and conditions<span className="visually-hidden"> (opens in a new tab)</span>
              </Link>
              .
            </span>
          </label>
          <label className="checkbox">
            <input
              type="checkbox"
              name="accept_age"
              checked={values.accept_age}
              onChange={(e) => set('accept_age')(e.target.checked)}
            />
            <span>I am over 18 and I understand that gambling is risky and I can lose money.</span>
          </label>
          {errors.accept_terms || errors.accept_age ? (
            <p className="field-error">{errors.accept_terms ?? errors.accept_age}</p>
          ) : null}
          <div className="row">
            <button type="button" className="button button-secondary" onClick={() => setStep(0)}>
              Back
            </button>
            <button type="submit" className="button grow" disabled={!complete || busy}>
              {busy ? 'Creating account...' : 'Create Account'}
            </button>
          </div>
        </form>
      )}
      <p className="auth-switch">
        Already have an account? <Link to={paths.login.getHref()}>Login</Link>
      </p>
    </section>
  );
}
