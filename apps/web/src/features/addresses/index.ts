export { useAddresses } from './api/get-addresses';
export { AddAddressPage } from './components/add-address-page';
export { AddressBook } from './components/address-book';
export { AddressInput } from './components/address-input';
