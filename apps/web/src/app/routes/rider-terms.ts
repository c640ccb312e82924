export { RiderTermsPage } from '../../features/pages';
