import { LegalPage, type LegalSection } from './legal-page';

/** The rider terms (SPEC §2), section by section; the words are the `pages` catalogue's. */
const SECTIONS: LegalSection[] = [
  { heading: 'pages.riderTerms.who.heading', body: ['pages.riderTerms.who.1'] },
  { heading: 'pages.riderTerms.eligibility.heading', body: ['pages.riderTerms.eligibility.1'] },
  {
    heading: 'pages.riderTerms.jobs.heading',
    body: ['pages.riderTerms.jobs.1', 'pages.riderTerms.jobs.2', 'pages.riderTerms.jobs.3'],
  },
  { heading: 'pages.riderTerms.conduct.heading', body: ['pages.riderTerms.conduct.1'] },
  { heading: 'pages.riderTerms.ratings.heading', body: ['pages.riderTerms.ratings.1'] },
  { heading: 'pages.riderTerms.earnings.heading', body: ['pages.riderTerms.earnings.1'] },
  { heading: 'pages.riderTerms.cancellations.heading', body: ['pages.riderTerms.cancellations.1'] },
  { heading: 'pages.riderTerms.days.heading', body: ['pages.riderTerms.days.1'] },
  { heading: 'pages.riderTerms.ending.heading', body: ['pages.riderTerms.ending.1'] },
  { heading: 'pages.riderTerms.changes.heading', body: ['pages.riderTerms.changes.1'] },
];

export function RiderTermsPage() {
  return <LegalPage heading="pages.riderTerms.title" intro="pages.riderTerms.intro" sections={SECTIONS} />;
}
