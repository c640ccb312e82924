import { useEffect, useState } from 'react';
import { CATEGORIES, type ProductListQuery, type ProductSort } from '@jara/shared';

const SORT_LABELS: Record<ProductSort, string> = {
  relevance: 'Best match',
  newest: 'Newest',
  'price-asc': 'Price: low to high',
  'price-desc': 'Price: high to low',
  popular: 'Most popular',
};

const selectClass =
  'rounded-xl border border-stone-300 bg-white px-3 py-2 text-sm focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/40';

/** A price box that tells the page only when the shopper pauses (not at every keystroke). */
function PriceInput({
  label,
  value,
  onCommit,
}: {
  label: string;
  value: number | undefined;
  onCommit: (v: string) => void;
}) {
  const [text, setText] = useState(value === undefined ? '' : String(value));
  useEffect(() => setText(value === undefined ? '' : String(value)), [value]);
  useEffect(() => {
    const current = value === undefined ? '' : String(value);
    if (text === current) return;
    const t = setTimeout(() => onCommit(text.trim()), 500);
    return () => clearTimeout(t);
  }, [text, value, onCommit]);
  return (
    <label className="flex flex-col text-xs font-medium text-stone-700">
      {label}
      <input
        type="number"
        inputMode="numeric"
        min={0}
        step={100}
        value={text}
        onChange={(e) => setText(e.target.value)}
        className={`${selectClass} mt-1 w-24`}
      />
    </label>
  );
}

/** Category, price range, open now, in stock and sort for /products; state lives in the URL. */
export function ProductFilters({
  search,
  onChange,
}: {
  search: ProductListQuery;
  onChange: (changes: Record<string, string | null>) => void;
}) {
  const sorts = (Object.keys(SORT_LABELS) as ProductSort[]).filter((s) => s !== 'relevance' || search.q);
  return (
    <form
      role="search"
      aria-label="Filter products"
      className="mt-4 flex flex-wrap items-end gap-3"
      onSubmit={(e) => e.preventDefault()}
    >
      <label className="flex flex-col text-xs font-medium text-stone-700">
        Category
        <select
          className={`${selectClass} mt-1`}
          value={search.category ?? ''}
          onChange={(e) => onChange({ category: e.target.value || null })}
        >
          <option value="">All categories</option>
          {CATEGORIES.map((c) => (
            <option key={c.path} value={c.path}>
              {c.text}
            </option>
          ))}
        </select>
      </label>
      <PriceInput label="Min ₦" value={search.minPrice} onCommit={(v) => onChange({ minPrice: v || null })} />
      <PriceInput label="Max ₦" value={search.maxPrice} onCommit={(v) => onChange({ maxPrice: v || null })} />
      <label className="flex flex-col text-xs font-medium text-stone-700">
        Sort by
        <select
          className={`${selectClass} mt-1`}
          value={search.sort ?? (search.q ? 'relevance' : '')}
          onChange={(e) => onChange({ sort: e.target.value || null })}
        >
          {!search.q && <option value="">Featured</option>}
          {sorts.map((s) => (
            <option key={s} value={s}>
              {SORT_LABELS[s]}
            </option>
          ))}
        </select>
      </label>
      <label className="flex min-h-10 items-center gap-2 text-sm">
        <input
          type="checkbox"
          className="size-4 accent-brand-700"
          checked={!!search.open}
          onChange={(e) => onChange({ open: e.target.checked ? 'true' : null })}
        />
        Open now
      </label>
      <label className="flex min-h-10 items-center gap-2 text-sm">
        <input
          type="checkbox"
          className="size-4 accent-brand-700"
          checked={search.inStock !== false}
          onChange={(e) => onChange({ inStock: e.target.checked ? null : 'false' })}
        />
        In stock only
      </label>
    </form>
  );
}
