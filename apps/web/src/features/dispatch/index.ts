export { DispatchPage } from './components/dispatch-page';
export { DispatchRequestPage } from './components/dispatch-request-page';
