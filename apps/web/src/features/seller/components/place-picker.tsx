import { useEffect, useId, useState } from 'react';
import { toast } from '../../../lib/toast';
import type { Suggestion } from '@jara/shared';
import { inputClass } from '../../../components/ui/field';
import { searchPlaces } from '../api/search-places';
import { t as translate, useT } from '../../../i18n';

export interface PickedPlace {
  placeId: string;
  label: string;
}

/** A combobox over the gazetteer: the location counts only once a suggestion is picked. */
export function PlacePicker({
  value,
  onChange,
  error,
}: {
  value: PickedPlace | null;
  onChange: (p: PickedPlace | null) => void;
  error?: string;
}) {
  const t = useT('seller');
  const id = useId();
  const [text, setText] = useState(value?.label ?? '');
  const [open, setOpen] = useState(false);
  const [items, setItems] = useState<Suggestion[]>([]);
  const [loading, setLoading] = useState(false);
  const [active, setActive] = useState(-1);

  useEffect(() => {
    const q = text.trim();
    if (!open || q.length < 2 || (value && value.label === text)) {
      setItems([]);
      return;
    }
    const ctrl = new AbortController();
    setLoading(true);
    const timer = setTimeout(() => {
      searchPlaces(q, ctrl.signal)
        .then((list) => setItems(list))
        .catch((err: unknown) => {
          if (!(err instanceof DOMException && err.name === 'AbortError'))
            toast.error(translate('seller', 'msg.failedSuggestions'));
        })
        .finally(() => !ctrl.signal.aborted && setLoading(false));
    }, 250);
    return () => {
      clearTimeout(timer);
      ctrl.abort();
    };
  }, [text, open, value]);

  const pick = (s: Suggestion) => {
    onChange({ placeId: s.place_id, label: s.display_name });
    setText(s.display_name);
    setOpen(false);
    setActive(-1);
  };

  const problem = error ?? (text && !value && !open ? t('msg.selectValidAddress') : undefined);
  return (
    <div className="relative">
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-stone-800">
        {t('seller.place.label')}
      </label>
      <input
        id={id}
        role="combobox"
        aria-expanded={open && items.length > 0}
        aria-controls={`${id}-list`}
        aria-autocomplete="list"
        aria-activedescendant={active >= 0 ? `${id}-opt-${active}` : undefined}
        aria-invalid={Boolean(problem) || undefined}
        aria-describedby={problem ? `${id}-err` : undefined}
        className={inputClass}
        placeholder={t('seller.place.placeholder')}
        value={text}
        autoComplete="off"
        onChange={(e) => {
          setText(e.target.value);
          setOpen(true);
          if (value) onChange(null);
        }}
        onFocus={() => setOpen(true)}
        onBlur={() => setTimeout(() => setOpen(false), 150)}
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown') {
            e.preventDefault();
            setActive((a) => Math.min(items.length - 1, a + 1));
          } else if (e.key === 'ArrowUp') {
            e.preventDefault();
            setActive((a) => Math.max(0, a - 1));
          } else if (e.key === 'Enter' && active >= 0 && items[active]) {
            e.preventDefault();
            pick(items[active]!);
          } else if (e.key === 'Escape') setOpen(false);
        }}
      />
      {loading && open && (
        <p className="mt-1 text-sm text-stone-600" aria-live="polite">
          {t('msg.addressLoading')}
        </p>
      )}
      {open && items.length > 0 && (
        <ul
          id={`${id}-list`}
          role="listbox"
          className="absolute z-20 mt-1 w-full overflow-hidden rounded-xl border border-stone-200 bg-white shadow-lg"
        >
          {items.map((s, i) => (
            // eslint-disable-next-line jsx-a11y/click-events-have-key-events -- the keyboard stays in the combobox input (aria-activedescendant)
            <li
              key={s.place_id}
              id={`${id}-opt-${i}`}
              role="option"
              aria-selected={i === active}
              className={`cursor-pointer px-4 py-2.5 text-sm ${i === active ? 'bg-brand-50' : 'hover:bg-stone-50'}`}
              onMouseDown={(e) => e.preventDefault()}
              onClick={() => pick(s)}
            >
              {s.display_name}
            </li>
          ))}
        </ul>
      )}
      {problem && (
        <p id={`${id}-err`} className="mt-1.5 text-sm text-red-700">
          {problem}
        </p>
      )}
    </div>
  );
}
