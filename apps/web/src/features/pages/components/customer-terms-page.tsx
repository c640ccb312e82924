import { LegalPage, type LegalSection } from './legal-page';

/** The customer terms (SPEC §2), section by section; the words are the `pages` catalogue's. */
const SECTIONS: LegalSection[] = [
  { heading: 'pages.customerTerms.about.heading', body: ['pages.customerTerms.about.1'] },
  {
    heading: 'pages.customerTerms.accounts.heading',
    body: ['pages.customerTerms.accounts.1', 'pages.customerTerms.accounts.2'],
  },
  {
    heading: 'pages.customerTerms.selling.heading',
    body: ['pages.customerTerms.selling.1', 'pages.customerTerms.selling.2'],
  },
  {
    heading: 'pages.customerTerms.payment.heading',
    body: ['pages.customerTerms.payment.1', 'pages.customerTerms.payment.2'],
  },
  {
    heading: 'pages.customerTerms.delivery.heading',
    body: ['pages.customerTerms.delivery.1', 'pages.customerTerms.delivery.2'],
  },
  {
    heading: 'pages.customerTerms.refunds.heading',
    body: ['pages.customerTerms.refunds.1', 'pages.customerTerms.refunds.2'],
  },
  { heading: 'pages.customerTerms.wrongItems.heading', body: ['pages.customerTerms.wrongItems.1'] },
  { heading: 'pages.customerTerms.dispatch.heading', body: ['pages.customerTerms.dispatch.1'] },
  { heading: 'pages.customerTerms.conduct.heading', body: ['pages.customerTerms.conduct.1'] },
  { heading: 'pages.customerTerms.privacy.heading', body: ['pages.customerTerms.privacy.1'] },
  { heading: 'pages.customerTerms.liability.heading', body: ['pages.customerTerms.liability.1'] },
  { heading: 'pages.customerTerms.changes.heading', body: ['pages.customerTerms.changes.1'] },
];

export function CustomerTermsPage() {
  return <LegalPage heading="pages.customerTerms.title" intro="pages.customerTerms.intro" sections={SECTIONS} />;
}
