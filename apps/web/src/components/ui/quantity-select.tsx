import { useId } from 'react';
import { useT } from '../../i18n';

/** The choices the spec allows: 1 to 9, or up to the current quantity when it is above 9. */
function quantityChoices(current: number): number[] {
  const max = Math.max(9, Math.floor(current) || 0);
  return Array.from({ length: max }, (_, i) => i + 1);
}

export function QuantitySelect({
  value,
  onChange,
  label,
  hideLabel = false,
  disabled,
}: {
  value: number;
  onChange: (qty: number) => void;
  label?: string;
  hideLabel?: boolean;
  disabled?: boolean;
}) {
  const t = useT('common');
  const id = useId();
  return (
    <div className="inline-flex items-center gap-2">
      <label htmlFor={id} className={hideLabel ? 'sr-only' : 'text-sm font-medium text-stone-700'}>
        {label ?? t('common.quantity')}
      </label>
      <select
        id={id}
        value={value}
        disabled={disabled}
        onChange={(e) => onChange(Number(e.target.value))}
        className="h-10 rounded-lg border border-stone-300 bg-white pl-3 pr-8 text-sm font-semibold text-stone-900"
      >
        {quantityChoices(value).map((n) => (
          <option key={n} value={n}>
            {n}
          </option>
        ))}
      </select>
    </div>
  );
}
