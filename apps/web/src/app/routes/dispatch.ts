export { DispatchPage } from '../../features/dispatch';
