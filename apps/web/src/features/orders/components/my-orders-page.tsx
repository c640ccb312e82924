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

/** /my-orders: the paid orders, newest first, expandable, updated live. */
export function MyOrdersPage() {
  const { user, isLoading } = useSession();
  const q = useMyOrders(!!user);
  useOrderUpdates(!!user);
  // A notification links to /my-orders?order=<id>: that order opens.
  const [params] = useSearchParams();
  const focus = params.get('order');

  if (isLoading) return <RouteFallback />;
  const orders = q.data?.pages.flatMap((p) => p.orders) ?? [];
  return (
    <Page title="My Orders" className="max-w-3xl">
      <h1 className="text-2xl font-bold sm:text-3xl">
        My <span className="text-accent-600">Orders</span>
      </h1>
      <div className="mt-6">
        {!user ? (
          <EmptyState message="Log in to see your orders.">
            <Button onClick={() => openLogin('login')}>Login</Button>
          </EmptyState>
        ) : q.isPending ? (
          <div role="status" aria-label="Loading orders" className="space-y-3">
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} className="h-20 w-full" />
            ))}
          </div>
        ) : q.isError ? (
          <EmptyState message={errorMessage(q.error)}>
            <Button variant="outline" onClick={() => q.refetch()}>
              Try again
            </Button>
          </EmptyState>
        ) : orders.length === 0 ? (
          <EmptyState message="No orders yet.">
            <Link to="/products" className={buttonClass('primary')}>
              Start shopping
            </Link>
          </EmptyState>
        ) : (
          <>
            <PushPrompt what="order" />
            <ul className="space-y-3" aria-label="Orders">
              {orders.map((o, i) => (
                <OrderCard key={o._id} order={o} defaultOpen={focus ? o._id === focus : i === 0} />
              ))}
            </ul>
            {q.hasNextPage && (
              <div className="mt-6 text-center">
                <Button variant="outline" onClick={() => q.fetchNextPage()} disabled={q.isFetchingNextPage}>
                  {q.isFetchingNextPage ? 'Loading…' : 'Load more'}
                </Button>
              </div>
            )}
          </>
        )}
      </div>
    </Page>
  );
}
