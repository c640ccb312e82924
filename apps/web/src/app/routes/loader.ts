export { LoaderPage } from '../../features/pages';
