import { useId, useState, type FormEvent } from 'react';
import { normaliseCode, PROMO_CODE_PATTERN } from '@jara/shared';
import { Button } from '../../../components/ui/button';
import { inputClass } from '../../../components/ui/field';
import { useT } from '../../../i18n';

/**
 * What the field checks before asking the server: the shared PromoCode rule without zod (its
 * words are the checkout's), so the cart's chunk does not carry the schema library.
 */
function promoCodeProblem(text: string): 'empty' | 'format' | null {
  const code = normaliseCode(text);
  if (!code) return 'empty';
  return PROMO_CODE_PATTERN.test(code) ? null : 'format';
}

/**
 * The order summary's "Promo code" field: Apply (Enter too) hands the typed code on, normalised
 * ("jollof 10" is JOLLOF10); once the server has priced the cart with it, the code shows as applied
 * with Remove. A refusal is said under the field (the server's message), and the field is free again.
 */
export function PromoCodeField({
  applied,
  checking,
  error,
  onApply,
  onRemove,
  onProblem,
  disabled = false,
}: {
  /** The code the current figures include. */
  applied: string | null;
  /** A code is being priced. */
  checking: boolean;
  /** Why the last code was refused. */
  error: string | null;
  onApply: (code: string) => void;
  onRemove: () => void;
  /** What the field found wrong with the text before asking (in the page's language). */
  onProblem: (message: string) => void;
  disabled?: boolean;
}) {
  const t = useT('checkout');
  const [text, setText] = useState('');
  const inputId = useId();
  const errorId = useId();

  const handleApply = (e: FormEvent) => {
    e.preventDefault();
    const problem = promoCodeProblem(text);
    if (problem) return onProblem(t(problem === 'empty' ? 'checkout.promo.empty' : 'checkout.promo.format'));
    onApply(normaliseCode(text));
  };

  return (
    <div data-testid="promo-code">
      {applied ? (
        <div className="flex items-center justify-between gap-3 rounded-xl bg-brand-50 px-3 py-2 text-sm">
          <p className="min-w-0 break-words text-brand-900" data-testid="promo-applied">
            {t('checkout.promo.applied', { code: applied })}
          </p>
          <Button
            variant="ghost"
            size="sm"
            className="shrink-0 text-red-700"
            onClick={() => {
              setText('');
              onRemove();
            }}
            aria-label={t('checkout.promo.removeCode', { code: applied })}
          >
            {t('checkout.promo.remove')}
          </Button>
        </div>
      ) : (
        <form onSubmit={handleApply} noValidate>
          <label htmlFor={inputId} className="mb-1.5 block text-sm font-medium text-stone-800">
            {t('checkout.promo.label')}
          </label>
          <div className="flex gap-2">
            <input
              id={inputId}
              className={`${inputClass} min-w-0 flex-1 py-2 uppercase placeholder:normal-case`}
              value={text}
              onChange={(e) => setText(e.target.value)}
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              maxLength={40}
              placeholder={t('checkout.promo.placeholder')}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? errorId : undefined}
              disabled={disabled}
            />
            <Button type="submit" variant="outline" className="shrink-0" disabled={disabled || checking}>
              {checking ? t('checkout.promo.applying') : t('checkout.promo.apply')}
            </Button>
          </div>
        </form>
      )}
      {error && (
        <p id={errorId} role="alert" className="mt-1.5 text-sm text-red-700" data-testid="promo-error">
          {error}
        </p>
      )}
    </div>
  );
}
