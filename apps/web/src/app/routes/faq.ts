export { FaqPage } from '../../features/pages';
