export { useAddresses } from './api/get-addresses';
export { AddressBook } from './components/address-book';
export { AddressInput } from './components/address-input';
