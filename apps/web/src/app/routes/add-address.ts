export { AddAddressPage } from '../../features/addresses';
