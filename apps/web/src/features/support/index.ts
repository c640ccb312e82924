export { SupportPage } from './components/support-page';
