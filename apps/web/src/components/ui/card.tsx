import type { ReactNode } from 'react';

/** The white rounded panel the portals lay their sections out in. */
export function Card({ children, className = '' }: { children: ReactNode; className?: string }) {
  return (
    <section className={`rounded-[var(--radius-card)] bg-white p-4 shadow-[var(--shadow-card)] sm:p-5 ${className}`}>
      {children}
    </section>
  );
}
