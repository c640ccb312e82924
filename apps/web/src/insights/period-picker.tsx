import { useId, useState, type FormEvent } from 'react';
import { INSIGHTS_MSG, InsightsQuery, type InsightsPeriod, type InsightsPeriodKind } from '@jara/shared';
import { Button } from '../components/ui/button';
import { TextField } from '../components/ui/field';
import { useT, type MessageId } from '../i18n';
import { isPeriodKind, usePeriod } from './period';

const CHOICES: { value: InsightsPeriodKind; label: MessageId<'insights'> }[] = [
  { value: 'today', label: 'insights.period.today' },
  { value: '7d', label: 'insights.period.7d' },
  { value: '30d', label: 'insights.period.30d' },
  { value: 'custom', label: 'insights.period.custom' },
];

/** The schema's refusals of a custom period, in the catalogue's words. */
const PROBLEMS: Record<string, MessageId<'insights'>> = {
  [INSIGHTS_MSG.customNeedsDates]: 'insights.period.needDates',
  [INSIGHTS_MSG.endBeforeStart]: 'insights.period.endBeforeStart',
  [INSIGHTS_MSG.tooLong]: 'insights.period.tooLong',
  [INSIGHTS_MSG.dayFormat]: 'insights.period.needDates',
};

/**
 * Today, the last 7 or 30 Lagos days, or two days of one's choosing, kept in the address
 * (`?period=…&from=…&to=…`). A custom period is checked with the server's schema before it is asked for.
 */
export function PeriodPicker({ answered }: { answered?: InsightsPeriod }) {
  const t = useT('insights');
  const [period, setPeriod] = usePeriod();
  const [customOpen, setCustomOpen] = useState(period.period === 'custom');
  const [from, setFrom] = useState(period.from ?? '');
  const [to, setTo] = useState(period.to ?? '');
  const [problem, setProblem] = useState<MessageId<'insights'> | null>(null);
  const name = useId();
  const chosen = customOpen ? 'custom' : period.period;

  const handleChoose = (value: string) => {
    if (!isPeriodKind(value)) return;
    setProblem(null);
    if (value === 'custom') {
      // Start from the days shown now: one changes an end rather than typing both.
      setFrom((f) => f || answered?.from || '');
      setTo((v) => v || answered?.to || '');
      setCustomOpen(true);
      return;
    }
    setCustomOpen(false);
    setPeriod({ period: value });
  };

  const handleCustom = (e: FormEvent) => {
    e.preventDefault();
    const parsed = InsightsQuery.safeParse({ period: 'custom', from: from || undefined, to: to || undefined });
    if (!parsed.success) {
      setProblem(PROBLEMS[parsed.error.issues[0]?.message ?? ''] ?? 'insights.period.needDates');
      return;
    }
    setProblem(null);
    setPeriod({ period: 'custom', from, to });
  };

  // A missing start day is said under the start; any other problem under the end.
  const fromErrors = problem === 'insights.period.needDates' && !from ? [t(problem)] : [];
  const toErrors = problem && !fromErrors.length ? [t(problem)] : [];

  return (
    <div className="space-y-3">
      <fieldset>
        <legend className="mb-1.5 text-sm font-medium text-stone-800">{t('insights.period.label')}</legend>
        <div className="inline-flex flex-wrap gap-1 rounded-full bg-stone-100 p-1">
          {CHOICES.map((c) => (
            <label
              key={c.value}
              className="cursor-pointer rounded-full px-3.5 py-1.5 text-sm font-semibold text-stone-700 has-[:checked]:bg-brand-800 has-[:checked]:text-white has-[:focus-visible]:outline has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-accent-600"
            >
              <input
                type="radio"
                name={name}
                value={c.value}
                checked={chosen === c.value}
                onChange={(e) => handleChoose(e.target.value)}
                className="sr-only"
              />
              {t(c.label)}
            </label>
          ))}
        </div>
      </fieldset>
      {customOpen && (
        <form onSubmit={handleCustom} className="flex flex-wrap items-end gap-3" noValidate>
          <TextField
            type="date"
            label={t('insights.period.from')}
            value={from}
            onChange={(e) => setFrom(e.target.value)}
            className="w-44"
            errors={fromErrors}
          />
          <TextField
            type="date"
            label={t('insights.period.to')}
            value={to}
            min={from || undefined}
            onChange={(e) => setTo(e.target.value)}
            className="w-44"
            errors={toErrors}
          />
          <Button type="submit" variant="outline" className="mb-0.5">
            {t('insights.period.show')}
          </Button>
        </form>
      )}
    </div>
  );
}
