import { Suspense } from 'react';
import { CartPage } from '../../features/checkout';
import { useCartLines } from '../../features/catalogue';
import { AddressInput, useAddresses } from '../../features/addresses';
import { StartGroupCard } from '../../features/groups';
import { useSession } from '../../session/session';

/**
 * /cart: the checkout's page, given the cart's lines as the catalogue prices them and the
 * customer's addresses; under the lines, a signed-in customer may start a group order with them.
 */
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
      aside={
        user && lines.length > 0 ? (
          // Its messages arrive as it first shows: the cart stays on screen meanwhile.
          <Suspense fallback={null}>
            <StartGroupCard lines={lines} addresses={addresses.data ?? []} />
          </Suspense>
        ) : null
      }
    />
  );
}
