import type { ReactNode } from 'react';

export function EmptyState({ message, children }: { message: string; children?: ReactNode }) {
  return (
    <div className="flex flex-col items-center gap-4 rounded-[var(--radius-card)] border border-dashed border-stone-300 bg-white px-6 py-14 text-center">
      <p className="text-base font-medium text-stone-700">{message}</p>
      {children}
    </div>
  );
}
