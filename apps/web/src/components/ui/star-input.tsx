import { useId, useState } from 'react';
import { useT } from '../../i18n';
import { StarIcon } from './icons';

/**
 * 1 to 5 stars as a radio group: Tab reaches it, the arrow keys move between stars, and each star
 * is announced as "N stars". Hovering previews a value.
 */
export function StarInput({
  label,
  value,
  onChange,
  disabled,
}: {
  label: string;
  value: number;
  onChange: (stars: number) => void;
  disabled?: boolean;
}) {
  const t = useT('common');
  const name = useId();
  const [hover, setHover] = useState(0);
  const shown = hover || value;
  return (
    <fieldset disabled={disabled} onMouseLeave={() => setHover(0)}>
      <legend className="mb-1 text-sm font-medium text-stone-800">{label}</legend>
      <div className="flex gap-1">
        {[1, 2, 3, 4, 5].map((n) => (
          <label
            key={n}
            onMouseEnter={() => setHover(n)}
            className={`cursor-pointer rounded-lg p-1 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-600 ${n <= shown ? 'text-accent-500' : 'text-stone-300'}`}
          >
            <input
              type="radio"
              name={name}
              value={n}
              checked={value === n}
              onChange={() => onChange(n)}
              className="sr-only"
            />
            <StarIcon size={32} filled={n <= shown} aria-hidden="true" />
            <span className="sr-only">{t('common.stars', { count: n })}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
