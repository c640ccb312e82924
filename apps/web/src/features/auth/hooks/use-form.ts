import { useState } from 'react';
import { hasErrors } from '../validation';

/**
 * Form values plus errors that appear after the first submit attempt and then follow the input
 * live (no shouting at people while they type for the first time).
 */
export function useForm<V extends Record<string, string | boolean>, K extends string>(
  initial: V,
  validate: (v: V) => Record<K, string[]>,
) {
  const [values, setValues] = useState(initial);
  const [submitted, setSubmitted] = useState(false);
  const errors = validate(values);
  const shown = (k: K): string[] => (submitted ? errors[k] : []);
  const set = <F extends keyof V>(field: F, value: V[F]) => setValues((v) => ({ ...v, [field]: value }));
  /** Marks the form submitted; true when it may be sent. */
  const attempt = () => {
    setSubmitted(true);
    return !hasErrors(errors);
  };
  const reset = () => {
    setValues(initial);
    setSubmitted(false);
  };
  return { values, set, shown, attempt, reset };
}
