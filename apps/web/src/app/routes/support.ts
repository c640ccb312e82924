export { SupportPage } from '../../features/support';
