import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Page } from './page';
import { buttonClass } from './button';

/** A placeholder screen owned by another feature issue; replaced when that feature lands. */
export function ComingSoon({ title, text, children }: { title: string; text?: string; children?: ReactNode }) {
  return (
    <Page title={title}>
      <h1 className="text-2xl font-bold sm:text-3xl">{title}</h1>
      <div className="mt-6 rounded-[var(--radius-card)] border border-dashed border-stone-300 bg-white px-6 py-14 text-center">
        <p className="text-stone-700">{text ?? 'This screen is on its way.'}</p>
        {children}
        <Link to="/" className={buttonClass('outline', 'md', 'mt-6')}>Back to home</Link>
      </div>
    </Page>
  );
}
