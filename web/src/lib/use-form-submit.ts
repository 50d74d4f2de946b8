/**
 * One way for every form to submit: validate the typed values with the form's zod schema (field
 * messages under the fields), then send once (the button is busy meanwhile, a second submit is
 * ignored), and show the server's messages above the form when the call fails. Offline, it says the
 * action needs a connection instead of sending.
 */
import { useCallback, useRef, useState, type FormEvent } from 'react';
import type { z } from 'zod/mini';
import { parseForm } from '@punter/core/form-schemas';
import { toApiFailure } from '@/lib/api';

export interface FormState {
  /** Field name -> the message shown under that field. */
  errors: Record<string, string>;
  /** The messages of a failed call, shown above the form. */
  failure: string[];
  busy: boolean;
}

export const IDLE_FORM: FormState = { errors: {}, failure: [], busy: false };

/** Said instead of sending while the browser knows it is offline (the call would only fail or hang). */
export const NEEDS_NETWORK_MESSAGE = 'You are offline. This needs a connection; try again once you are back online.';

const isOffline = () => typeof navigator !== 'undefined' && navigator.onLine === false;

/**
 * The steps of one submit, apart from React so they can be tested: `update` receives each change
 * of state in order. Resolves once the call has ended (or the values were refused).
 */
export async function submitForm<S extends z.ZodMiniType>(
  schema: S,
  values: unknown,
  send: (data: z.output<S>) => Promise<void>,
  update: (patch: Partial<FormState>) => void,
  fallback?: string,
): Promise<void> {
  update({ failure: [] });
  const form = parseForm(schema, values);
  if (!form.ok) {
    update({ errors: form.errors });
    return;
  }
  if (isOffline()) {
    update({ errors: {}, failure: [NEEDS_NETWORK_MESSAGE] });
    return;
  }
  update({ errors: {}, busy: true });
  try {
    await send(form.data);
  } catch (error) {
    const { messages } = toApiFailure(error);
    update({ failure: messages.length === 0 && fallback ? [fallback] : messages });
  } finally {
    update({ busy: false });
  }
}

export interface FormSubmit extends FormState {
  /** For `onSubmit`: prevents the page load, then validates `values` and sends them. */
  submit: (event: FormEvent | undefined, values: unknown) => void;
  setErrors: (errors: Record<string, string>) => void;
  setFailure: (failure: string[]) => void;
}

export function useFormSubmit<S extends z.ZodMiniType>(
  schema: S,
  send: (data: z.output<S>) => Promise<void>,
  options: { fallback?: string } = {},
): FormSubmit {
  const [state, setState] = useState<FormState>(IDLE_FORM);
  const sendRef = useRef(send);
  sendRef.current = send;
  const inFlight = useRef(false);
  const { fallback } = options;

  const submit = useCallback(
    (event: FormEvent | undefined, values: unknown) => {
      event?.preventDefault();
      if (inFlight.current) return;
      inFlight.current = true;
      const update = (patch: Partial<FormState>) => setState((previous) => ({ ...previous, ...patch }));
      void submitForm(schema, values, (data) => sendRef.current(data), update, fallback).finally(() => {
        inFlight.current = false;
      });
    },
    [schema, fallback],
  );
  const setErrors = useCallback((errors: Record<string, string>) => setState((previous) => ({ ...previous, errors })), []);
  const setFailure = useCallback((failure: string[]) => setState((previous) => ({ ...previous, failure })), []);
  return { ...state, submit, setErrors, setFailure };
}
