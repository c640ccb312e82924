import { useId, useState, type FormEvent } from 'react';
import { PREPARATION_MINUTES, PreparationTimeInput, SLOT_CAPACITY, type SellerProfileDto } from '@jara/shared';
import { toast } from '../../../lib/toast';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/field';
import { errorMessage } from '../../../lib/api-client';
import { useSetPreparationMinutes } from '../api/set-preparation';
import { useT } from '../../../i18n';

/** A number field's text as the schema reads it: nothing typed is no number. */
const asNumber = (text: string) => (text.trim() === '' ? NaN : Number(text));

/**
 * The shop's preparation time (the customer's arrival estimate adds it until the rider picks up,
 * and the delivery slots allow for it) and how many orders for later it takes per slot.
 */
export function PreparationTimeForm({ vendor }: { vendor: SellerProfileDto }) {
  const t = useT('seller');
  const inputId = useId();
  const hintId = `${inputId}-hint`;
  const capacityId = useId();
  const capacityHintId = `${capacityId}-hint`;
  const [minutes, setMinutes] = useState(String(vendor.preparationMinutes));
  const [capacity, setCapacity] = useState(String(vendor.slotCapacity ?? SLOT_CAPACITY.default));
  const [invalid, setInvalid] = useState<{ minutes: boolean; capacity: boolean }>({ minutes: false, capacity: false });
  const save = useSetPreparationMinutes();

  const handleSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const parsed = PreparationTimeInput.safeParse({
      preparationMinutes: asNumber(minutes),
      slotCapacity: asNumber(capacity),
    });
    const wrong = new Set(parsed.error?.issues.map((i) => i.path[0]));
    setInvalid({ minutes: wrong.has('preparationMinutes'), capacity: wrong.has('slotCapacity') });
    if (!parsed.success) return;
    try {
      await save.mutateAsync(parsed.data);
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
          invalid.minutes
            ? [t('seller.preparation.invalid', { min: PREPARATION_MINUTES.min, max: PREPARATION_MINUTES.max })]
            : []
        }
        // The help text, and the problem under it when there is one (TextField's own list, by its id).
        aria-describedby={invalid.minutes ? `${hintId} ${inputId}-errors` : hintId}
        hint={
          <p id={hintId} className="mt-1.5 text-sm text-stone-600">
            {t('seller.preparation.help')}
          </p>
        }
        className="max-w-xs"
      />
      <TextField
        id={capacityId}
        label={t('seller.slotCapacity.label')}
        type="number"
        inputMode="numeric"
        min={SLOT_CAPACITY.min}
        max={SLOT_CAPACITY.max}
        step={1}
        value={capacity}
        onChange={(e) => setCapacity(e.target.value)}
        errors={
          invalid.capacity ? [t('seller.slotCapacity.invalid', { min: SLOT_CAPACITY.min, max: SLOT_CAPACITY.max })] : []
        }
        aria-describedby={invalid.capacity ? `${capacityHintId} ${capacityId}-errors` : capacityHintId}
        hint={
          <p id={capacityHintId} className="mt-1.5 text-sm text-stone-600">
            {t('seller.slotCapacity.help')}
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
