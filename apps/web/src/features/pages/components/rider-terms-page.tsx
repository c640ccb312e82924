import { LegalPage } from './legal-page';

/** The rider terms (SPEC §2), edited in the admin. */
export function RiderTermsPage() {
  return <LegalPage page="rider-terms" heading="pages.riderTerms.title" intro="pages.riderTerms.intro" />;
}
