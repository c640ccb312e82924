import { CartPage } from '../../features/checkout';
import { useCartLines } from '../../features/catalogue';
import { AddressInput, useAddresses } from '../../features/addresses';
import { useSession } from '../../session/session';

/** /cart: the checkout's page, given the cart's lines as the catalogue prices them and the customer's addresses. */
export function CartRoute() {
  const { user } = useSession();
  const addresses = useAddresses(!!user);
  const { lines, isPending } = useCartLines();
  return (
    <CartPage
      lines={lines}
      linesPending={isPending}
      addresses={addresses}
      placeInput={(props) => <AddressInput {...props} />}
    />
  );
}
