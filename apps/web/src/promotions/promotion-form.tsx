import { useId, useState, type FormEvent, type ReactNode } from 'react';
import type { PromotionDto, PromotionInput, PromotionKind } from '@jara/shared';
import { Button } from '../components/ui/button';
import { ErrorList, TextField } from '../components/ui/field';
import { errorMessage } from '../lib/api-client';
import { toast } from '../lib/toast';
import { useT, type MessageId } from '../i18n';
import {
  checkPromotion,
  EMPTY_PROMOTION,
  formStateOf,
  type PromotionField,
  type PromotionFormState,
} from './promotion-fields';
import { DAY_SHORT } from './promotion-summary';

const KINDS: { kind: PromotionKind; label: MessageId<'promotions'>; hint: MessageId<'promotions'> }[] = [
  { kind: 'percent', label: 'promotions.form.kind.percent', hint: 'promotions.form.kind.percentHint' },
  { kind: 'fixed', label: 'promotions.form.kind.fixed', hint: 'promotions.form.kind.fixedHint' },
  { kind: 'delivery', label: 'promotions.form.kind.delivery', hint: 'promotions.form.kind.deliveryHint' },
];

/** The weekdays' full names, Sunday first: the labels of the day boxes. */
const DAY_NAMES: readonly MessageId<'promotions'>[] = [
  'promotions.dayName.0',
  'promotions.dayName.1',
  'promotions.dayName.2',
  'promotions.dayName.3',
  'promotions.dayName.4',
  'promotions.dayName.5',
  'promotions.dayName.6',
];

const nairaProps = { type: 'number', inputMode: 'decimal', min: '0', step: '0.01' } as const;
const countProps = { type: 'number', inputMode: 'numeric', min: '1', step: '1' } as const;

/** A group of check boxes (days, products, shops, categories) under one legend. */
function CheckGroup<V extends string | number>({
  legend,
  hint,
  options,
  value,
  onChange,
  errors = [],
  scroll = false,
}: {
  legend: string;
  hint?: string;
  options: { value: V; label: string }[];
  value: V[];
  onChange: (next: V[]) => void;
  errors?: string[];
  scroll?: boolean;
}) {
  const errId = useId();
  const hintId = useId();
  return (
    <fieldset aria-describedby={[hint ? hintId : '', errors.length ? errId : ''].join(' ').trim() || undefined}>
      <legend className="text-sm font-medium text-stone-800">{legend}</legend>
      {hint && (
        <p id={hintId} className="text-xs text-stone-600">
          {hint}
        </p>
      )}
      <div
        className={`mt-1.5 flex flex-wrap gap-x-4 gap-y-1 ${scroll ? 'max-h-56 flex-col flex-nowrap overflow-y-auto rounded-xl border border-stone-200 p-2' : ''}`}
      >
        {options.map((o) => (
          <label key={o.value} className="inline-flex min-h-9 items-center gap-2 text-sm">
            <input
              type="checkbox"
              className="size-4 shrink-0 accent-brand-700"
              checked={value.includes(o.value)}
              onChange={(e) => onChange(e.target.checked ? [...value, o.value] : value.filter((v) => v !== o.value))}
            />
            <span className="break-words">{o.label}</span>
          </label>
        ))}
      </div>
      <ErrorList id={errId} errors={errors} />
    </fieldset>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="space-y-4 rounded-[var(--radius-card)] bg-white p-4 shadow-[var(--shadow-card)] sm:p-5">
      <h3 className="font-semibold text-stone-900">{title}</h3>
      {children}
    </section>
  );
}

/**
 * A promotion as a shop (its own items: products from its list) or an admin (platform-funded: shops
 * and categories) writes it, checked with the shared `PromotionInput` before it is sent; the
 * schema's problems under their fields, the server's refusal at the foot.
 */
export function PromotionForm({
  owner,
  promotion,
  products,
  vendors,
  categories,
  onSave,
  onDone,
}: {
  owner: 'shop' | 'admin';
  promotion: PromotionDto | null;
  /** The shop's products to limit the offer to. */
  products?: { _id: string; name: string }[];
  /** The shops an admin may limit the offer to. */
  vendors?: { _id: string; businessName: string }[];
  /** The categories an admin may limit the offer to. */
  categories?: { path: string; text: string }[];
  onSave: (body: PromotionInput) => Promise<unknown>;
  onDone: () => void;
}) {
  const t = useT('promotions');
  const headingId = useId();
  const [form, setForm] = useState<PromotionFormState>(() => (promotion ? formStateOf(promotion) : EMPTY_PROMOTION));
  const [errors, setErrors] = useState<Partial<Record<PromotionField, string[]>>>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const set = <K extends PromotionField>(key: K, value: PromotionFormState[K]) =>
    setForm((f) => ({ ...f, [key]: value }));
  const field = (key: PromotionField) => ({ errors: errors[key] ?? [] });

  const handleSubmit = async (e: FormEvent) => {
    e.preventDefault();
    setRefusal(null);
    const checked = checkPromotion(form, owner, t);
    setErrors(checked.errors ?? {});
    if (checked.errors) return;
    setSaving(true);
    try {
      await onSave(checked.body);
      toast.success(promotion ? t('promotions.form.saved') : t('promotions.form.created'));
      onDone();
    } catch (err) {
      setRefusal(errorMessage(err));
      setSaving(false);
    }
  };

  const invalid = Object.values(errors).some((list) => list && list.length > 0);
  return (
    <form onSubmit={(e) => void handleSubmit(e)} noValidate aria-labelledby={headingId} className="space-y-4">
      <h2 id={headingId} className="text-xl font-bold">
        {promotion ? t('promotions.form.editTitle', { title: promotion.title }) : t('promotions.form.newTitle')}
      </h2>
      <Section title={t('promotions.form.section.offer')}>
        <TextField
          label={t('promotions.form.title')}
          value={form.title}
          onChange={(e) => set('title', e.target.value)}
          maxLength={80}
          placeholder={t('promotions.form.titleExample')}
          {...field('title')}
        />
        <TextField
          label={t('promotions.form.code')}
          value={form.code}
          onChange={(e) => set('code', e.target.value)}
          maxLength={40}
          autoCapitalize="characters"
          autoComplete="off"
          spellCheck={false}
          placeholder={t('promotions.form.codeExample')}
          hint={<p className="mt-1 text-xs text-stone-600">{t('promotions.form.codeHint')}</p>}
          {...field('code')}
        />
      </Section>

      <Section title={t('promotions.form.section.takesOff')}>
        <fieldset>
          <legend className="text-sm font-medium text-stone-800">{t('promotions.form.kind')}</legend>
          <div className="mt-1.5 space-y-2">
            {KINDS.map((k) => (
              <div key={k.kind} className="flex items-start gap-2 text-sm">
                <input
                  id={`${headingId}-${k.kind}`}
                  type="radio"
                  name={`${headingId}-kind`}
                  className="mt-0.5 size-4 shrink-0 accent-brand-700"
                  checked={form.kind === k.kind}
                  onChange={() => set('kind', k.kind)}
                  aria-describedby={`${headingId}-${k.kind}-hint`}
                />
                <div>
                  <label htmlFor={`${headingId}-${k.kind}`} className="block font-medium">
                    {t(k.label)}
                  </label>
                  <p id={`${headingId}-${k.kind}-hint`} className="text-xs text-stone-600">
                    {t(k.hint)}
                  </p>
                </div>
              </div>
            ))}
          </div>
          <ErrorList id={`${headingId}-kind-errors`} errors={errors.kind ?? []} />
        </fieldset>
        <div className="grid gap-4 sm:grid-cols-2">
          {form.kind !== 'fixed' && (
            <TextField
              label={form.kind === 'delivery' ? t('promotions.form.deliveryPercent') : t('promotions.form.percent')}
              type="number"
              inputMode="numeric"
              min="1"
              max="100"
              step="1"
              value={form.percent}
              onChange={(e) => set('percent', e.target.value)}
              {...field('percent')}
            />
          )}
          {form.kind === 'percent' && (
            <TextField
              label={t('promotions.form.cap')}
              {...nairaProps}
              value={form.cap}
              onChange={(e) => set('cap', e.target.value)}
              {...field('cap')}
            />
          )}
          {form.kind === 'fixed' && (
            <TextField
              label={t('promotions.form.amount')}
              {...nairaProps}
              value={form.amount}
              onChange={(e) => set('amount', e.target.value)}
              {...field('amount')}
            />
          )}
        </div>
      </Section>

      <Section title={t('promotions.form.section.who')}>
        <TextField
          label={t('promotions.form.minSpend')}
          {...nairaProps}
          value={form.minSpend}
          onChange={(e) => set('minSpend', e.target.value)}
          {...field('minSpend')}
        />
        <div className="space-y-2">
          <div className="flex items-start gap-2 text-sm">
            <input
              id={`${headingId}-first`}
              type="checkbox"
              className="mt-0.5 size-4 shrink-0 accent-brand-700"
              checked={form.firstOrder}
              onChange={(e) => set('firstOrder', e.target.checked)}
              aria-describedby={`${headingId}-first-hint`}
            />
            <div>
              <label htmlFor={`${headingId}-first`} className="block font-medium">
                {t('promotions.form.firstOrder')}
              </label>
              <p id={`${headingId}-first-hint`} className="text-xs text-stone-600">
                {t('promotions.form.firstOrderHint')}
              </p>
            </div>
          </div>
          <label className="flex items-start gap-2 text-sm">
            <input
              type="checkbox"
              className="mt-0.5 size-4 shrink-0 accent-brand-700"
              checked={form.studentsOnly}
              onChange={(e) => set('studentsOnly', e.target.checked)}
            />
            <span className="font-medium">{t('promotions.form.studentsOnly')}</span>
          </label>
        </div>
        {owner === 'shop' && (
          <CheckGroup
            legend={t('promotions.form.products')}
            hint={products?.length ? t('promotions.form.productsHint') : t('promotions.form.noProducts')}
            options={(products ?? []).map((p) => ({ value: p._id, label: p.name }))}
            value={form.productIds}
            onChange={(v) => set('productIds', v)}
            errors={errors.productIds}
            scroll={(products?.length ?? 0) > 6}
          />
        )}
        {owner === 'admin' && (
          <>
            <CheckGroup
              legend={t('promotions.form.shops')}
              hint={t('promotions.form.shopsHint')}
              options={(vendors ?? []).map((v) => ({ value: v._id, label: v.businessName }))}
              value={form.vendorIds}
              onChange={(v) => set('vendorIds', v)}
              errors={errors.vendorIds}
              scroll={(vendors?.length ?? 0) > 6}
            />
            <CheckGroup
              legend={t('promotions.form.categories')}
              hint={t('promotions.form.categoriesHint')}
              options={(categories ?? []).map((c) => ({ value: c.path, label: c.text }))}
              value={form.categories}
              onChange={(v) => set('categories', v)}
              errors={errors.categories}
            />
          </>
        )}
      </Section>

      <Section title={t('promotions.form.section.when')}>
        <CheckGroup
          legend={t('promotions.form.days')}
          hint={t('promotions.form.daysHint')}
          options={DAY_SHORT.map((_, d) => ({ value: d, label: t(DAY_NAMES[d]!) }))}
          value={form.days}
          onChange={(v) => set('days', v)}
          errors={errors.days}
        />
        <div>
          <div className="grid grid-cols-2 gap-4">
            <TextField
              label={t('promotions.form.from')}
              type="time"
              value={form.from}
              onChange={(e) => set('from', e.target.value)}
              {...field('from')}
            />
            <TextField
              label={t('promotions.form.to')}
              type="time"
              value={form.to}
              onChange={(e) => set('to', e.target.value)}
              {...field('to')}
            />
          </div>
          <p className="mt-1 text-xs text-stone-600">{t('promotions.form.hoursHint')}</p>
        </div>
        <div>
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField
              label={t('promotions.form.startsAt')}
              type="datetime-local"
              value={form.startsAt}
              onChange={(e) => set('startsAt', e.target.value)}
              {...field('startsAt')}
            />
            <TextField
              label={t('promotions.form.endsAt')}
              type="datetime-local"
              value={form.endsAt}
              onChange={(e) => set('endsAt', e.target.value)}
              {...field('endsAt')}
            />
          </div>
          <p className="mt-1 text-xs text-stone-600">{t('promotions.form.datesHint')}</p>
        </div>
      </Section>

      <Section title={t('promotions.form.section.limits')}>
        <div className="grid gap-4 sm:grid-cols-3">
          <TextField
            label={t('promotions.form.maxUses')}
            {...countProps}
            value={form.maxUses}
            onChange={(e) => set('maxUses', e.target.value)}
            {...field('maxUses')}
          />
          <TextField
            label={t('promotions.form.budget')}
            {...nairaProps}
            value={form.budget}
            onChange={(e) => set('budget', e.target.value)}
            {...field('budget')}
          />
          <TextField
            label={t('promotions.form.perPerson')}
            {...countProps}
            value={form.perPerson}
            onChange={(e) => set('perPerson', e.target.value)}
            {...field('perPerson')}
          />
        </div>
        <p className="text-xs text-stone-600">{t('promotions.form.limitsHint')}</p>
        {promotion && (
          <label className="flex items-center gap-2 text-sm font-medium">
            <input
              type="checkbox"
              className="size-4 accent-brand-700"
              checked={form.active}
              onChange={(e) => set('active', e.target.checked)}
            />
            {t('promotions.form.active')}
          </label>
        )}
      </Section>

      {invalid && (
        <p className="rounded-xl bg-red-50 px-3 py-2 text-sm text-red-800" aria-live="polite">
          {t('promotions.form.fix')}
        </p>
      )}
      {refusal && (
        <p role="alert" className="rounded-xl bg-red-50 px-3 py-2 text-sm text-red-800">
          {refusal}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={saving}>
          {saving ? t('promotions.form.saving') : promotion ? t('promotions.form.save') : t('promotions.form.create')}
        </Button>
        <Button variant="ghost" onClick={onDone}>
          {t('promotions.form.cancel')}
        </Button>
      </div>
    </form>
  );
}
