import type { ReactElement } from 'react';
import { Link } from 'react-router';
import { Page } from '../../../components/ui/page';
import { Trans, useT, type MessageId } from '../../../i18n';
import { Accordion } from './accordion';

const LINK = 'font-semibold text-brand-800 underline';

/**
 * The questions in the spec's order (SPEC §2 FAQ); an answer with links names them as tags of its
 * message (`<orders>My Orders</orders>`).
 */
const FAQ: { question: MessageId<'pages'>; answer: MessageId<'pages'>; links?: Record<string, ReactElement> }[] = [
  { question: 'pages.faq.what.q', answer: 'pages.faq.what.a' },
  { question: 'pages.faq.who.q', answer: 'pages.faq.who.a' },
  { question: 'pages.faq.order.q', answer: 'pages.faq.order.a' },
  { question: 'pages.faq.items.q', answer: 'pages.faq.items.a' },
  { question: 'pages.faq.hours.q', answer: 'pages.faq.hours.a' },
  { question: 'pages.faq.time.q', answer: 'pages.faq.time.a' },
  { question: 'pages.faq.cost.q', answer: 'pages.faq.cost.a' },
  { question: 'pages.faq.schedule.q', answer: 'pages.faq.schedule.a' },
  { question: 'pages.faq.batch.q', answer: 'pages.faq.batch.a' },
  { question: 'pages.faq.group.q', answer: 'pages.faq.group.a' },
  { question: 'pages.faq.absent.q', answer: 'pages.faq.absent.a' },
  { question: 'pages.faq.cancel.q', answer: 'pages.faq.cancel.a' },
  { question: 'pages.faq.payment.q', answer: 'pages.faq.payment.a' },
  {
    question: 'pages.faq.track.q',
    answer: 'pages.faq.track.a',
    links: { orders: <Link to="/my-orders" className={LINK} />, dispatch: <Link to="/dispatch" className={LINK} /> },
  },
  { question: 'pages.faq.minimum.q', answer: 'pages.faq.minimum.a' },
  { question: 'pages.faq.wrong.q', answer: 'pages.faq.wrong.a' },
  { question: 'pages.faq.dispatch.q', answer: 'pages.faq.dispatch.a' },
  {
    question: 'pages.faq.support.q',
    answer: 'pages.faq.support.a',
    links: { contact: <Link to="/contact" className={LINK} /> },
  },
];

export function FaqPage() {
  const t = useT('pages');
  const items = FAQ.map(({ question, answer, links }) => ({
    question: t(question),
    answer: links ? <Trans area="pages" id={answer} components={links} /> : t(answer),
  }));
  return (
    <Page title={t('pages.head.faq')} className="max-w-3xl">
      <p className="text-sm font-semibold uppercase tracking-wider text-accent-600">{t('pages.faq.kicker')}</p>
      <h1 className="mt-1 text-3xl font-bold">{t('pages.faq.heading')}</h1>
      <p className="mb-8 mt-2 text-stone-600">{t('pages.faq.intro')}</p>
      <Accordion items={items} />
    </Page>
  );
}
