export { useAddresses, addressesQuery } from './api/get-addresses';
export { AddressForm } from './components/address-form';
export { AddressBook } from './components/address-book';
export { AddressInput } from './components/address-input';
