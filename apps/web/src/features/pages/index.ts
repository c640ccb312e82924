export { ContactPage } from './components/contact-page';
export { CustomerTermsPage } from './components/customer-terms-page';
export { FaqPage } from './components/faq-page';
export { LoaderPage } from './components/loader-page';
export { NotFoundPage } from './components/not-found-page';
export { RiderTermsPage } from './components/rider-terms-page';
export { siteContentQuery } from './api/get-site-content';
