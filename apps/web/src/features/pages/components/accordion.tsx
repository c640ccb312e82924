import { useId, useState, type ReactNode } from 'react';
import { ChevronDown } from '../../../components/ui/icons';

/** One answer open at a time (SPEC §2 FAQ). */
export function Accordion({ items }: { items: { question: string; answer: ReactNode }[] }) {
  const [open, setOpen] = useState<number | null>(0);
  const base = useId();
  return (
    <div className="divide-y divide-stone-200 overflow-hidden rounded-[var(--radius-card)] bg-white shadow-[var(--shadow-card)]">
      {items.map((item, i) => {
        const expanded = open === i;
        const btnId = `${base}-q${i}`;
        const panelId = `${base}-a${i}`;
        return (
          <div key={i}>
            <h2 className="text-base">
              <button
                id={btnId}
                type="button"
                aria-expanded={expanded}
                aria-controls={panelId}
                onClick={() => setOpen(expanded ? null : i)}
                className="flex w-full items-center justify-between gap-4 px-5 py-4 text-left font-semibold text-stone-900 hover:bg-brand-50/60"
              >
                {item.question}
                <ChevronDown
                  size={18}
                  className={`shrink-0 text-brand-700 transition-transform ${expanded ? 'rotate-180' : ''}`}
                />
              </button>
            </h2>
            <div
              id={panelId}
              role="region"
              aria-labelledby={btnId}
              hidden={!expanded}
              className="px-5 pb-5 leading-relaxed text-stone-700"
            >
              {item.answer}
            </div>
          </div>
        );
      })}
    </div>
  );
}
