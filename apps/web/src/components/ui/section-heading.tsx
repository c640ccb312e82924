import type { ReactNode } from 'react';

export function SectionHeading({ id, title, action }: { id?: string; title: string; action?: ReactNode }) {
  return (
    <div className="mb-4 flex items-end justify-between gap-4 sm:mb-6">
      <h2 id={id} className="text-xl font-bold sm:text-2xl">
        {title}
        <span className="mt-1.5 block h-1 w-12 rounded-full bg-accent-400" aria-hidden="true" />
      </h2>
      {action}
    </div>
  );
}
