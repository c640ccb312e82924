import { Link, useSearchParams } from 'react-router';
import { Page } from '../../../components/ui/page';
import { PushPrompt } from '../../../delivery/push-prompt';
import { Button, buttonClass } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { Skeleton } from '../../../components/ui/skeleton';
import { RouteFallback } from '../../../components/ui/route-fallback';
import { errorMessage } from '../../../lib/api-client';
import { openLogin } from '../../../session/login-modal';
import { useSession } from '../../../session/session';
import { useMyOrders } from '../api/get-my-orders';
import { useOrderUpdates } from '../hooks/use-order-updates';
import { OrderCard } from './order-card';
import { Trans, useT } from '../../../i18n';

/** /my-orders: the paid orders, newest first, expandable, updated live. */
export function MyOrdersPage() {
  const t = useT('orders');
  const { user, isLoading } = useSession();
  // Read while the session is still being read: a customer's orders do not wait for it (a guest's
  // are refused and never shown), so the cards and the tracking map come a round trip sooner.
  const q = useMyOrders(isLoading || !!user);
  useOrderUpdates(!!user);
  // A notification links to /my-orders?order=<id>: that order opens.
  const [params] = useSearchParams();
  const focus = params.get('order');

  if (isLoading) return <RouteFallback />;
  const orders = q.data?.pages.flatMap((p) => p.orders) ?? [];
  return (
    <Page title={t('orders.title')} className="max-w-3xl">
      <h1 className="text-2xl font-bold sm:text-3xl">
        <Trans area="orders" id="orders.heading" components={{ accent: <span className="text-accent-600" /> }} />
      </h1>
      <div className="mt-6">
        {!user ? (
          <EmptyState message={t('orders.loginPrompt')}>
            <Button onClick={() => openLogin('login')}>{t('orders.login')}</Button>
          </EmptyState>
        ) : q.isPending ? (
          <div role="status" aria-label={t('orders.loading')} className="space-y-3">
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} className="h-20 w-full" />
            ))}
          </div>
        ) : q.isError ? (
          <EmptyState message={errorMessage(q.error)}>
            <Button variant="outline" onClick={() => q.refetch()}>
              {t('orders.retry')}
            </Button>
          </EmptyState>
        ) : orders.length === 0 ? (
          <EmptyState message={t('orders.empty')}>
            <Link to="/products" className={buttonClass('primary')}>
              {t('orders.startShopping')}
            </Link>
          </EmptyState>
        ) : (
          <>
            <ul className="space-y-3" aria-label={t('orders.list')}>
              {orders.map((o, i) => (
                <OrderCard key={o._id} order={o} defaultOpen={focus ? o._id === focus : i === 0} />
              ))}
            </ul>
            {q.hasNextPage && (
              <div className="mt-6 text-center">
                <Button variant="outline" onClick={() => q.fetchNextPage()} disabled={q.isFetchingNextPage}>
                  {q.isFetchingNextPage ? t('orders.loadingMore') : t('orders.loadMore')}
                </Button>
              </div>
            )}
            <PushPrompt what="order" className="mt-6" />
          </>
        )}
      </div>
    </Page>
  );
}
