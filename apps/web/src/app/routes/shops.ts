export { ShopsPage } from '../../features/catalogue';
