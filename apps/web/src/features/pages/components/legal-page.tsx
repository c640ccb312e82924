import { Page } from '../../../components/ui/page';
import { useT, type MessageId } from '../../../i18n';

/** A numbered section of a legal page: its heading and paragraphs, as catalogue ids. */
export interface LegalSection {
  heading: MessageId<'pages'>;
  body: MessageId<'pages'>[];
}

export function LegalPage({
  heading,
  intro,
  sections,
}: {
  heading: MessageId<'pages'>;
  intro: MessageId<'pages'>;
  sections: LegalSection[];
}) {
  const t = useT('pages');
  return (
    <Page title={t(heading)} className="max-w-3xl">
      <article className="rounded-[var(--radius-card)] bg-white p-6 shadow-[var(--shadow-card)] sm:p-10">
        <h1 className="text-3xl font-bold">{t(heading)}</h1>
        <p className="mt-2 text-sm text-stone-600">{t('pages.legal.effective')}</p>
        <p className="mt-6 leading-relaxed text-stone-700">{t(intro)}</p>
        <ol className="mt-8 space-y-8">
          {sections.map((s, i) => (
            <li key={s.heading}>
              <h2 className="text-lg font-bold">
                {i + 1}. {t(s.heading)}
              </h2>
              <div className="mt-2 space-y-3 leading-relaxed text-stone-700">
                {s.body.map((p) => (
                  <p key={p}>{t(p)}</p>
                ))}
              </div>
            </li>
          ))}
        </ol>
      </article>
    </Page>
  );
}
