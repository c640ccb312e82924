import { useState, type FormEvent } from 'react';
import { toast } from '../../../lib/toast';
import { useT, type Translate } from '../../../i18n';
import { errorMessage } from '../../../lib/api-client';
import { hasErrors } from '../validation';

/**
 * Form values plus errors that appear after the first submit attempt and then follow the input
 * live (no shouting at people while they type for the first time). The problems are worded in the
 * page's language.
 */
export function useForm<V extends Record<string, string | boolean>, K extends string>(
  initial: V,
  validate: (v: V, t: Translate<'auth'>) => Record<K, string[]>,
) {
  const t = useT('auth');
  const [values, setValues] = useState(initial);
  const [submitted, setSubmitted] = useState(false);
  const errors = validate(values, t);
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
  const [busy, setBusy] = useState(false);
  /**
   * A submit handler: shows the errors, and when there are none (and `check`, for fields kept
   * outside the form, passes) runs `send` once at a time; a failure becomes an error toast.
   */
  const onSubmit =
    (send: () => Promise<void>, opts: { check?: () => boolean; onError?: (err: unknown) => void } = {}) =>
    async (e: FormEvent) => {
      e.preventDefault();
      const valid = attempt();
      const checked = opts.check ? opts.check() : true;
      if (!valid || !checked || busy) return;
      setBusy(true);
      try {
        await send();
      } catch (err) {
        (opts.onError ?? ((x: unknown) => toast.error(errorMessage(x))))(err);
      } finally {
        setBusy(false);
      }
    };
  return { values, set, shown, attempt, reset, busy, onSubmit };
}
