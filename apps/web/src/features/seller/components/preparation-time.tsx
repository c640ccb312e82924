import { useId, useState, type FormEvent } from 'react';
import { PREPARATION_MINUTES, PreparationTimeInput, type SellerProfileDto } from '@jara/shared';
import { toast } from '../../../lib/toast';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/field';
import { errorMessage } from '../../../lib/api-client';
import { useSetPreparationMinutes } from '../api/set-preparation';
import { useT } from '../../../i18n';

/** The shop's preparation time: the customer's arrival estimate adds it until the rider picks up. */
export function PreparationTimeForm({ vendor }: { vendor: SellerProfileDto }) {
  const t = useT('seller');
  const inputId = useId();
  const hintId = `${inputId}-hint`;
  const [minutes, setMinutes] = useState(String(vendor.preparationMinutes));
  const [invalid, setInvalid] = useState(false);
  const save = useSetPreparationMinutes();

  const handleSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const parsed = PreparationTimeInput.safeParse({
      preparationMinutes: minutes.trim() === '' ? NaN : Number(minutes),
    });
    setInvalid(!parsed.success);
    if (!parsed.success) return;
    try {
      await save.mutateAsync(parsed.data.preparationMinutes);
      toast.success(t('seller.preparation.saved'));
    } catch (err) {
      toast.error(errorMessage(err));
    }
  };

  return (
    <form onSubmit={handleSubmit} noValidate className="space-y-4">
      <TextField
        id={inputId}
        label={t('seller.preparation.label')}
        type="number"
        inputMode="numeric"
        min={PREPARATION_MINUTES.min}
        max={PREPARATION_MINUTES.max}
        step={1}
        value={minutes}
        onChange={(e) => setMinutes(e.target.value)}
        errors={
          invalid
            ? [t('seller.preparation.invalid', { min: PREPARATION_MINUTES.min, max: PREPARATION_MINUTES.max })]
            : []
        }
        // The help text, and the problem under it when there is one (TextField's own list, by its id).
        aria-describedby={invalid ? `${hintId} ${inputId}-errors` : hintId}
        hint={
          <p id={hintId} className="mt-1.5 text-sm text-stone-600">
            {t('seller.preparation.help')}
          </p>
        }
        className="max-w-xs"
      />
      <Button type="submit" disabled={save.isPending} className="w-full sm:w-auto">
        {save.isPending ? t('seller.apply.saving') : t('seller.preparation.save')}
      </Button>
    </form>
  );
}
