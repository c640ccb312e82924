export { DispatchRequestPage } from '../../features/dispatch';
