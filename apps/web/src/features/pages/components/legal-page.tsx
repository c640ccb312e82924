import type { ReactNode } from 'react';
import { Page } from '../../../components/ui/page';

export interface LegalSection {
  heading: string;
  body: ReactNode[];
}

export function LegalPage({ title, intro, sections }: { title: string; intro: string; sections: LegalSection[] }) {
  return (
    <Page title={title} className="max-w-3xl">
      <article className="rounded-[var(--radius-card)] bg-white p-6 shadow-[var(--shadow-card)] sm:p-10">
        <h1 className="text-3xl font-bold">{title}</h1>
        <p className="mt-2 text-sm text-stone-600">Effective date: [EFFECTIVE DATE]</p>
        <p className="mt-6 leading-relaxed text-stone-700">{intro}</p>
        <ol className="mt-8 space-y-8">
          {sections.map((s, i) => (
            <li key={s.heading}>
              <h2 className="text-lg font-bold">
                {i + 1}. {s.heading}
              </h2>
              <div className="mt-2 space-y-3 leading-relaxed text-stone-700">
                {s.body.map((p, j) => (
                  <p key={j}>{p}</p>
                ))}
              </div>
            </li>
          ))}
        </ol>
      </article>
    </Page>
  );
}
