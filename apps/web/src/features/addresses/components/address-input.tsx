import { useId, useState, type KeyboardEvent } from 'react';
import type { Suggestion } from '@jara/shared';
import { inputClass, ErrorList } from '../../../components/ui/field';
import { Spinner } from '../../../components/ui/spinner';
import { usePlaceSearch } from '../hooks/use-place-search';

/**
 * The address text box with place suggestions (ARIA combobox). Typing clears the picked place;
 * only picking a suggestion gives coordinates.
 */
export function AddressInput({
  value,
  onType,
  onPick,
  onLoadingChange,
  errors = [],
  label = 'Address',
}: {
  value: string;
  onType: (text: string) => void;
  onPick: (s: Suggestion) => void;
  onLoadingChange?: (loading: boolean) => void;
  errors?: readonly string[];
  label?: string;
}) {
  const id = useId();
  const listId = `${id}-list`;
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const { suggestions, loading } = usePlaceSearch(value, open);
  const [lastLoading, setLastLoading] = useState(false);
  if (lastLoading !== loading) {
    setLastLoading(loading);
    onLoadingChange?.(loading);
  }
  const show = open && suggestions.length > 0;

  const pick = (s: Suggestion) => {
    onPick(s);
    setOpen(false);
    setActive(-1);
  };
  const handleKey = (e: KeyboardEvent<HTMLInputElement>) => {
    if (!show) return;
    if (e.key === 'ArrowDown') {
      e.preventDefault();
      setActive((a) => (a + 1) % suggestions.length);
    } else if (e.key === 'ArrowUp') {
      e.preventDefault();
      setActive((a) => (a <= 0 ? suggestions.length - 1 : a - 1));
    } else if (e.key === 'Enter' && active >= 0) {
      e.preventDefault();
      pick(suggestions[active]!);
    } else if (e.key === 'Escape') {
      setOpen(false);
    }
  };

  return (
    <div className="relative">
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-stone-800">{label}</label>
      <div className="relative">
        <input
          id={id}
          role="combobox"
          aria-expanded={show}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={show && active >= 0 ? `${listId}-${active}` : undefined}
          aria-invalid={errors.length > 0 || undefined}
          aria-describedby={errors.length ? `${id}-errors` : undefined}
          autoComplete="off"
          placeholder="Start typing a hall, faculty or street"
          className={inputClass}
          value={value}
          onChange={(e) => {
            onType(e.target.value);
            setOpen(true);
            setActive(-1);
          }}
          onFocus={() => value && setOpen(true)}
          onBlur={() => setTimeout(() => setOpen(false), 150)}
          onKeyDown={handleKey}
        />
        {loading && (
          <span className="absolute right-3 top-1/2 -translate-y-1/2"><Spinner size={20} label="Searching places" /></span>
        )}
      </div>
      {show && (
        <ul id={listId} role="listbox" aria-label="Address suggestions" className="absolute z-20 mt-1 max-h-72 w-full overflow-auto rounded-xl border border-stone-200 bg-white py-1 shadow-lg">
          {suggestions.map((s, i) => (
            <li
              key={s.place_id}
              id={`${listId}-${i}`}
              role="option"
              aria-selected={i === active}
              onMouseDown={(e) => e.preventDefault()}
              onClick={() => pick(s)}
              className={`cursor-pointer px-4 py-2.5 text-sm text-stone-800 ${i === active ? 'bg-brand-50' : 'hover:bg-stone-50'}`}
            >
              {s.display_name}
            </li>
          ))}
        </ul>
      )}
      <ErrorList id={`${id}-errors`} errors={errors} />
    </div>
  );
}
