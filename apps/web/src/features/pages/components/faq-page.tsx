import { Page } from '../../../components/ui/page';
import { useT } from '../../../i18n';
import { useSiteContent } from '../api/get-site-content';
import { Accordion } from './accordion';
import { ContentState } from './content-state';
import { RichText } from './rich-text';

/** The FAQ (SPEC §2): its topics fixed, the questions and answers as the admin wrote them (issue 33). */
export function FaqPage() {
  const t = useT('pages');
  const faq = useSiteContent('faq');
  return (
    <Page title={t('pages.head.faq')} className="max-w-3xl">
      <p className="text-sm font-semibold uppercase tracking-wider text-accent-600">{t('pages.faq.kicker')}</p>
      <h1 className="mt-1 text-3xl font-bold">{t('pages.faq.heading')}</h1>
      <p className="mb-8 mt-2 text-stone-600">{t('pages.faq.intro')}</p>
      {faq.data ? (
        <Accordion
          items={faq.data.body.entries.map((e) => ({ question: e.question, answer: <RichText text={e.answer} /> }))}
        />
      ) : (
        <ContentState error={faq.error} onRetry={() => void faq.refetch()} />
      )}
    </Page>
  );
}
