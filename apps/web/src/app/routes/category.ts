export { CategoryPage } from '../../features/catalogue';
