import { useEffect, useId, useRef, useState } from 'react';
import toast from 'react-hot-toast';
import { MSG } from '@jara/shared';
import { ErrorList, inputClass } from '../../../components/ui/field';
import { usePlaceSuggestions, type PlaceSuggestion } from '../api/search-places';
import { useDebouncedValue } from '../hooks/use-debounced-value';

const DEBOUNCE_MS = 300;

interface Props {
  label: string;
  value: string;
  /** True once a suggestion was picked (coordinates are set). */
  picked: boolean;
  errors?: readonly string[];
  id?: string;
  onTextChange: (text: string) => void;
  onPick: (s: PlaceSuggestion) => void;
  /** Told whenever suggestions start or stop loading (the form refuses to submit meanwhile). */
  onLoadingChange: (loading: boolean) => void;
}

/** An accessible combobox over the server's place search (top 5 matches, debounced). */
export function AddressAutocomplete({ label, value, picked, errors = [], id: givenId, onTextChange, onPick, onLoadingChange }: Props) {
  const autoId = useId();
  const id = givenId ?? autoId;
  const listId = `${id}-list`;
  const errId = `${id}-errors`;
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const text = value.trim();
  const q = useDebouncedValue(picked ? '' : text, DEBOUNCE_MS);
  const { data, isFetching, isError, errorUpdatedAt } = usePlaceSuggestions(q);
  const suggestions = !picked && q === text ? (data ?? []) : [];
  const loading = !picked && text.length >= 2 && (q !== text || isFetching);

  const reportLoading = useRef(onLoadingChange);
  reportLoading.current = onLoadingChange;
  useEffect(() => reportLoading.current(loading), [loading]);

  useEffect(() => {
    if (isError) toast.error(MSG.failedSuggestions, { id: 'dispatch-suggestions' });
  }, [isError, errorUpdatedAt]);

  const expanded = open && suggestions.length > 0;
  const choose = (s: PlaceSuggestion) => {
    onPick(s);
    setOpen(false);
    setActive(-1);
  };

  return (
    <div className="relative">
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-stone-800">{label}</label>
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
        placeholder="Start typing a hall, faculty or street"
        className={inputClass}
        value={value}
        onChange={(e) => {
          onTextChange(e.target.value);
          setOpen(true);
          setActive(-1);
        }}
        onFocus={() => setOpen(true)}
        onBlur={() => setTimeout(() => setOpen(false), 150)}
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown' && suggestions.length) {
            e.preventDefault();
            setOpen(true);
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
        }}
      />
      {loading && (
        <span className="pointer-events-none absolute right-4 top-[2.6rem] text-xs text-stone-500" aria-hidden="true">Searching…</span>
      )}
      <ul
        id={listId}
        role="listbox"
        aria-label={`${label} suggestions`}
        hidden={!expanded}
        className="absolute z-20 mt-1 max-h-72 w-full overflow-auto rounded-xl border border-stone-200 bg-white py-1 shadow-lg"
      >
        {suggestions.map((s, i) => (
          <li
            key={s.place_id}
            id={`${listId}-${i}`}
            role="option"
            aria-selected={i === active}
            className={`cursor-pointer px-4 py-2.5 text-sm ${i === active ? 'bg-brand-50 text-brand-900' : 'text-stone-800 hover:bg-stone-50'}`}
            onMouseDown={(e) => e.preventDefault()}
            onClick={() => choose(s)}
          >
            {s.display_name}
          </li>
        ))}
      </ul>
      <ErrorList id={errId} errors={errors} />
    </div>
  );
}
