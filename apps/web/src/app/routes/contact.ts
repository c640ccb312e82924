export { ContactPage } from '../../features/pages';
