import { useEffect, type ReactNode } from 'react';

/** Sets the document title and gives every screen the same width and rhythm. */
export function Page({ title, children, className = '' }: { title: string; children: ReactNode; className?: string }) {
  useEffect(() => {
    document.title = title ? `${title} · Jara` : 'Jara — Campus marketplace';
  }, [title]);
  return <div className={`mx-auto w-full max-w-6xl px-4 py-6 sm:px-6 sm:py-10 ${className}`}>{children}</div>;
}
