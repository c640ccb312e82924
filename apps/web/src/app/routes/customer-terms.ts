export { CustomerTermsPage } from '../../features/pages';
