import { useEffect, type ReactNode } from 'react';
import { toast } from '../../../lib/toast';
import { errorMessage } from '../../../lib/api-client';
import { Link, useSearchParams } from 'react-router';
import type { Address, ProductDto } from '@jara/shared';
import type { UseQueryResult } from '@tanstack/react-query';
import { Page } from '../../../components/ui/page';
import { QuantitySelect } from '../../../components/ui/quantity-select';
import { ResponsiveImage } from '../../../components/ui/responsive-image';
import { EmptyState } from '../../../components/ui/empty-state';
import { Skeleton } from '../../../components/ui/skeleton';
import { buttonClass } from '../../../components/ui/button';
import { TrashIcon } from '../../../components/ui/icons';
import { t as translate, useT } from '../../../i18n';
import { formatPrice } from '../../../lib/money';
import { useCartActions, useCartCount, useCartStore } from '../../../session/cart-context';
import { openLogin } from '../../../session/login-modal';
import { useSession } from '../../../session/session';
import { CheckoutPanel, type PlaceInput } from './checkout-panel';

/** A cart item as the catalogue prices it (the page in app/ passes them in). */
interface CartLine {
  product: Pick<ProductDto, '_id' | 'name' | 'image' | 'vendorId'>;
  optionId: string;
  /** Null for a product's lone default option: there is no choice to name. */
  optionName: string | null;
  unit: number;
  qty: number;
  /** The product's page. */
  path: string;
  /** Why the vendor takes no order now, else null. */
  closed: string | null;
}

/**
 * /cart: items with option, quantity selector and remove; the address picker, the order summary
 * (shared formulas, delivery fee from the server) and the pay button. The lines come priced from
 * the catalogue, the saved addresses and the place search from the addresses feature.
 */
export function CartPage({
  lines,
  linesPending,
  addresses,
  placeInput,
  aside,
}: {
  lines: CartLine[];
  /** The catalogue is still loading: the lines cannot be drawn yet. */
  linesPending: boolean;
  /** The signed-in customer's saved addresses. */
  addresses: Pick<UseQueryResult<Address[]>, 'data' | 'isPending' | 'isError' | 'error'>;
  /** The place search a guest prices the delivery with. */
  placeInput: PlaceInput;
  /** Shown under the cart and the checkout (the page in app/ passes the group-order card). */
  aside?: ReactNode;
}) {
  const t = useT('checkout');
  const count = useCartCount();
  const { updateQuantity, removeFromCart } = useCartActions();
  const { user, isLoading: sessionLoading } = useSession();
  const store = useCartStore();
  const [params] = useSearchParams();
  const payment = params.get('payment');
  const paymentIssue = payment === 'failed' || payment === 'cancelled' ? payment : null;
  useEffect(() => {
    if (addresses.isError)
      toast.error(translate('checkout', 'msg.failedAddresses') + errorMessage(addresses.error), { id: 'addresses' });
  }, [addresses.isError, addresses.error]);

  const closedLines = lines.filter((l) => l.closed !== null);
  const blockedReason = closedLines.length
    ? t(closedLines.length === 1 ? 'checkout.blocked.one' : 'checkout.blocked.many', {
        products: closedLines.map((l) => l.product.name).join(', '),
        state: closedLines[0]!.closed,
      })
    : null;
  const checkoutLines = lines.map((l) => ({
    product: l.product._id,
    quantity: l.qty,
    vendorId: l.product.vendorId,
    optionId: l.optionId,
    price: l.unit,
  }));

  return (
    <Page title={t('checkout.cart.title')}>
      <h1 className="text-2xl font-bold sm:text-3xl">
        {t('checkout.cart.heading')}{' '}
        <span className="text-base font-semibold text-accent-600">{t('checkout.cart.count', { count })}</span>
      </h1>
      <div className="mt-6">
        {linesPending && count > 0 ? (
          <div className="space-y-3" role="status" aria-label={t('checkout.loading')}>
            <Skeleton className="h-24 w-full" />
            <Skeleton className="h-24 w-full" />
          </div>
        ) : lines.length === 0 ? (
          <EmptyState message={t('checkout.cart.empty')}>
            <Link to="/products" className={buttonClass('primary')}>
              {t('checkout.cart.continue')}
            </Link>
          </EmptyState>
        ) : (
          <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
            <div>
              <ul className="space-y-3">
                {lines.map((l) => (
                  <li
                    key={`${l.product._id}:${l.optionId}`}
                    className="flex gap-4 rounded-[var(--radius-card)] bg-white p-3 shadow-[var(--shadow-card)] sm:p-4"
                  >
                    <Link to={l.path} className="size-20 shrink-0 overflow-hidden rounded-xl bg-stone-100 sm:size-24">
                      {l.product.image[0] && (
                        <ResponsiveImage
                          src={l.product.image[0]}
                          alt={l.product.name}
                          width={96}
                          height={96}
                          sizes="96px"
                          className="size-full object-cover"
                        />
                      )}
                    </Link>
                    <div className="flex min-w-0 flex-1 flex-col gap-1">
                      <p className="line-clamp-2 break-words font-semibold text-stone-900">{l.product.name}</p>
                      {l.optionName && <p className="text-sm text-stone-600">{l.optionName}</p>}
                      {l.closed !== null && <p className="text-sm font-semibold text-amber-800">{l.closed}</p>}
                      <div className="mt-auto flex flex-wrap items-center gap-3">
                        <QuantitySelect
                          label={t('checkout.cart.quantityOf', { name: l.product.name })}
                          hideLabel
                          value={l.qty}
                          onChange={(q) => updateQuantity(l.product._id, l.optionId, q)}
                        />
                        <span className="font-semibold text-brand-900">{formatPrice(l.unit * l.qty)}</span>
                      </div>
                    </div>
                    <button
                      type="button"
                      onClick={() => removeFromCart(l.product._id, l.optionId)}
                      aria-label={
                        l.optionName
                          ? t('checkout.cart.removeOption', { name: l.product.name, option: l.optionName })
                          : t('checkout.cart.remove', { name: l.product.name })
                      }
                      className="grid size-10 shrink-0 place-items-center self-start rounded-full text-red-700 hover:bg-red-50"
                    >
                      <TrashIcon size={18} />
                    </button>
                  </li>
                ))}
              </ul>
              <Link to="/products" className="mt-4 inline-block rounded font-semibold text-brand-800 hover:underline">
                {t('checkout.cart.continueBack')}
              </Link>
            </div>
            <CheckoutPanel
              lines={checkoutLines}
              user={user}
              addresses={addresses.data ?? []}
              addressesLoading={!!user && addresses.isPending}
              onLogin={() => openLogin('login')}
              beforePay={() => store.flush()}
              paymentIssue={paymentIssue}
              blockedReason={blockedReason}
              sessionLoading={sessionLoading}
              placeInput={placeInput}
            />
            {aside && <div className="lg:col-span-2">{aside}</div>}
          </div>
        )}
      </div>
    </Page>
  );
}
