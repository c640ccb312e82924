import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useT } from '../../i18n';
import { ErrorList, inputClass } from './field';
import { Spinner } from './spinner';

/** What a place suggestion needs to be listed (the gazetteer's `Suggestion` and its subsets). */
export interface PlaceOption {
  place_id: string;
  display_name: string;
}

/**
 * The address text box with place suggestions (ARIA combobox). It only shows and picks; the
 * caller fetches the suggestions and clears its coordinates when the text is edited.
 */
export function PlaceCombobox<T extends PlaceOption>({
  label,
  value,
  suggestions,
  loading,
  errors = [],
  id: givenId,
  onTextChange,
  onPick,
  onOpenChange,
  noMatch = false,
}: {
  label: string;
  value: string;
  suggestions: readonly T[];
  loading: boolean;
  errors?: readonly string[];
  id?: string;
  onTextChange: (text: string) => void;
  onPick: (s: T) => void;
  /** Told when the list opens or closes (a caller may search only while it is open). */
  onOpenChange?: (open: boolean) => void;
  /** The search for the current text finished with nothing: say so instead of showing a blank. */
  noMatch?: boolean;
}) {
  const t = useT('common');
  const autoId = useId();
  const id = givenId ?? autoId;
  const listId = `${id}-list`;
  const errId = `${id}-errors`;
  const [open, setOpenState] = useState(false);
  const [active, setActive] = useState(-1);
  const setOpen = (next: boolean) => {
    setOpenState(next);
    onOpenChange?.(next);
  };
  const expanded = open && suggestions.length > 0;
  // Leaving the box closes the list a moment later (a click on an option lands first); coming
  // back or typing before then keeps it open.
  const closing = useRef<ReturnType<typeof setTimeout> | null>(null);
  const keepOpen = () => {
    if (closing.current) clearTimeout(closing.current);
    closing.current = null;
  };
  useEffect(() => keepOpen, []);

  const choose = (s: T) => {
    onPick(s);
    setOpen(false);
    setActive(-1);
  };
  const handleKey = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown' && suggestions.length) {
      e.preventDefault();
      if (!open) setOpen(true);
      setActive((i) => (i + 1) % suggestions.length);
    } else if (e.key === 'ArrowUp' && suggestions.length) {
      e.preventDefault();
      setActive((i) => (i <= 0 ? suggestions.length - 1 : i - 1));
    } else if (e.key === 'Enter' && expanded && active >= 0) {
      e.preventDefault();
      choose(suggestions[active]!);
    } else if (e.key === 'Escape') {
      setOpen(false);
    }
  };

  return (
    <div className="relative">
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-stone-800">
        {label}
      </label>
      <div className="relative">
        <input
          id={id}
          type="text"
          role="combobox"
          autoComplete="off"
          aria-autocomplete="list"
          aria-expanded={expanded}
          aria-controls={listId}
          aria-activedescendant={expanded && active >= 0 ? `${listId}-${active}` : undefined}
          aria-invalid={errors.length > 0 || undefined}
          aria-describedby={errors.length ? errId : undefined}
          placeholder={t('common.place.placeholder')}
          className={inputClass}
          value={value}
          onChange={(e) => {
            keepOpen();
            onTextChange(e.target.value);
            setOpen(true);
            setActive(-1);
          }}
          onFocus={() => {
            keepOpen();
            if (value) setOpen(true);
          }}
          onBlur={() => {
            keepOpen();
            closing.current = setTimeout(() => setOpen(false), 150);
          }}
          onKeyDown={handleKey}
        />
        {loading && (
          <span className="absolute right-3 top-1/2 -translate-y-1/2">
            <Spinner size={20} label={t('common.place.searching')} />
          </span>
        )}
      </div>
      <ul
        id={listId}
        role="listbox"
        aria-label={t('common.place.suggestions', { label })}
        hidden={!expanded}
        className="absolute z-20 mt-1 max-h-72 w-full overflow-auto rounded-xl border border-stone-200 bg-white py-1 shadow-lg"
      >
        {suggestions.map((s, i) => (
          // eslint-disable-next-line jsx-a11y/click-events-have-key-events -- the keyboard stays in the combobox input (aria-activedescendant)
          <li
            key={s.place_id}
            id={`${listId}-${i}`}
            role="option"
            aria-selected={i === active}
            onMouseDown={(e) => e.preventDefault()}
            onClick={() => choose(s)}
            className={`cursor-pointer px-4 py-2.5 text-sm ${i === active ? 'bg-brand-50 text-brand-900' : 'text-stone-800 hover:bg-stone-50'}`}
          >
            {s.display_name}
          </li>
        ))}
      </ul>
      {open && noMatch && !loading && (
        <p
          role="status"
          className="absolute z-20 mt-1 w-full rounded-xl border border-stone-200 bg-white px-4 py-2.5 text-sm text-stone-600 shadow-lg"
        >
          {t('common.place.noMatch')}
        </p>
      )}
      <ErrorList id={errId} errors={errors} />
    </div>
  );
}
