export { NotFoundPage } from '../../features/pages';
