import { useEffect, useState, type ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { Toaster } from 'react-hot-toast';
import toast from 'react-hot-toast';
import { createQueryClient } from '../lib/query-client';
import { CartProvider, CartStore, cartSyncApi, useCartStore } from '../features/cart';
import { useSession } from '../features/auth';

/** Keeps the cart store on the same account as the session: merge on sign-in, reset on sign-out. */
function SessionCartSync() {
  const { user, isLoading } = useSession();
  const store = useCartStore();
  useEffect(() => {
    if (isLoading) return;
    if (user) store.adoptUser(user);
    else store.signOut();
  }, [user, isLoading, store]);
  return null;
}

export function AppProviders({
  children,
  queryClient,
  cartStore,
}: {
  children: ReactNode;
  queryClient?: QueryClient;
  cartStore?: CartStore;
}) {
  const [qc] = useState(() => queryClient ?? createQueryClient());
  const [store] = useState(() => cartStore ?? new CartStore(cartSyncApi, (message) => toast.error(message)));
  return (
    <QueryClientProvider client={qc}>
      <CartProvider store={store}>
        <SessionCartSync />
        {children}
        <Toaster
          position="top-center"
          toastOptions={{
            duration: 2500,
            style: { borderRadius: '9999px', background: '#05241b', color: '#fff', fontWeight: 500 },
            success: { iconTheme: { primary: '#fca326', secondary: '#05241b' } },
          }}
        />
      </CartProvider>
    </QueryClientProvider>
  );
}
