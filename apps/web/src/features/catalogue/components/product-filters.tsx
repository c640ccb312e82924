import { useEffect, useState } from 'react';
import { CATEGORIES, type ProductListQuery, type ProductSort } from '@jara/shared';
import { useT, type MessageId } from '../../../i18n';

const SORT_LABELS: Record<ProductSort, MessageId<'catalogue'>> = {
  relevance: 'catalogue.sort.relevance',
  newest: 'catalogue.sort.newest',
  'price-asc': 'catalogue.sort.priceAsc',
  'price-desc': 'catalogue.sort.priceDesc',
  popular: 'catalogue.sort.popular',
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
  const t = useT('catalogue');
  const sorts = (Object.keys(SORT_LABELS) as ProductSort[]).filter((s) => s !== 'relevance' || search.q);
  return (
    <form
      role="search"
      aria-label={t('catalogue.filters.label')}
      className="mt-4 flex flex-wrap items-end gap-3"
      onSubmit={(e) => e.preventDefault()}
    >
      <label className="flex flex-col text-xs font-medium text-stone-700">
        {t('catalogue.filters.category')}
        <select
          className={`${selectClass} mt-1`}
          value={search.category ?? ''}
          onChange={(e) => onChange({ category: e.target.value || null })}
        >
          <option value="">{t('catalogue.filters.allCategories')}</option>
          {CATEGORIES.map((c) => (
            <option key={c.path} value={c.path}>
              {c.text}
            </option>
          ))}
        </select>
      </label>
      <PriceInput
        label={t('catalogue.filters.min')}
        value={search.minPrice}
        onCommit={(v) => onChange({ minPrice: v || null })}
      />
      <PriceInput
        label={t('catalogue.filters.max')}
        value={search.maxPrice}
        onCommit={(v) => onChange({ maxPrice: v || null })}
      />
      <label className="flex flex-col text-xs font-medium text-stone-700">
        {t('catalogue.filters.sortBy')}
        <select
          className={`${selectClass} mt-1`}
          value={search.sort ?? (search.q ? 'relevance' : '')}
          onChange={(e) => onChange({ sort: e.target.value || null })}
        >
          {!search.q && <option value="">{t('catalogue.sort.featured')}</option>}
          {sorts.map((s) => (
            <option key={s} value={s}>
              {t(SORT_LABELS[s])}
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
        {t('catalogue.openNow')}
      </label>
      <label className="flex min-h-10 items-center gap-2 text-sm">
        <input
          type="checkbox"
          className="size-4 accent-brand-700"
          checked={search.inStock !== false}
          onChange={(e) => onChange({ inStock: e.target.checked ? null : 'false' })}
        />
        {t('catalogue.filters.inStock')}
      </label>
    </form>
  );
}
