export { RiderPage } from '../../features/rider';
