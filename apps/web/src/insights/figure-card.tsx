import type { ReactNode } from 'react';

/** A row of figure cards: a description list, each card a label and its value. */
export function FigureGrid({ children, className = '' }: { children: ReactNode; className?: string }) {
  return <dl className={`grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4 ${className}`}>{children}</dl>;
}

/** One figure: what it is, its value, and a note under it when the value needs one. */
export function FigureCard({ label, value, note }: { label: string; value: string; note?: string }) {
  return (
    <div className="min-w-0 rounded-[var(--radius-card)] bg-white p-4 shadow-[var(--shadow-card)]">
      <dt className="text-xs text-stone-600">{label}</dt>
      <dd className="break-words text-xl font-bold tabular-nums">{value}</dd>
      {note && <dd className="mt-0.5 text-xs text-stone-600">{note}</dd>}
    </div>
  );
}
