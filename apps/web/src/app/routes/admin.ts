export { AdminPage } from '../../features/admin';
