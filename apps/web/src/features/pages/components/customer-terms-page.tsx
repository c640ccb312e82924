import { LegalPage } from './legal-page';

/** The customer terms (SPEC §2), edited in the admin. */
export function CustomerTermsPage() {
  return <LegalPage page="customer-terms" heading="pages.customerTerms.title" intro="pages.customerTerms.intro" />;
}
