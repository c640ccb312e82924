import type { SiteContentKey } from '@jara/shared';
import { Page } from '../../../components/ui/page';
import { useT, type MessageId } from '../../../i18n';
import { useSiteContent } from '../api/get-site-content';
import { ContentState } from './content-state';
import { RichText } from './rich-text';

/** A legal page: its title and intro from the catalogue, its numbered sections as the admin wrote them (issue 33). */
export function LegalPage({
  page,
  heading,
  intro,
}: {
  page: Extract<SiteContentKey, 'customer-terms' | 'rider-terms'>;
  heading: MessageId<'pages'>;
  intro: MessageId<'pages'>;
}) {
  const t = useT('pages');
  const terms = useSiteContent(page);
  return (
    <Page title={t(heading)} className="max-w-3xl">
      <article className="rounded-[var(--radius-card)] bg-white p-6 shadow-[var(--shadow-card)] sm:p-10">
        <h1 className="text-3xl font-bold">{t(heading)}</h1>
        <p className="mt-2 text-sm text-stone-600">{t('pages.legal.effective')}</p>
        <p className="mt-6 leading-relaxed text-stone-700">{t(intro)}</p>
        {terms.data ? (
          <ol className="mt-8 space-y-8">
            {terms.data.body.sections.map((s, i) => (
              <li key={i}>
                <h2 className="text-lg font-bold">
                  {i + 1}. {s.heading}
                </h2>
                <div className="mt-2 leading-relaxed text-stone-700">
                  <RichText text={s.body} />
                </div>
              </li>
            ))}
          </ol>
        ) : (
          <div className="mt-8">
            <ContentState error={terms.error} onRetry={() => void terms.refetch()} />
          </div>
        )}
      </article>
    </Page>
  );
}
