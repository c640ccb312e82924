import { useEffect, useRef, useState, type ReactNode } from 'react';
import { QueryClientProvider, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { I18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { i18n as browserI18n } from '../i18n';
import { LazyToaster, toast } from '../lib/toast';
import { createQueryClient } from '../lib/query-client';
import { CartProvider, useCartStore } from '../session/cart-context';
import { CartStore } from '../session/cart-store';
import { cartSyncApi } from '../session/sync-cart';
import { sessionQuery } from '../session/session';
import { AccountLanguage } from '../session/language-switch';
import { clearPersonalCaches, onCatalogueUpdate } from '../lib/pwa';

/**
 * Keeps the cart store on the same account as the session: merge on sign-in, reset on sign-out.
 * A session that could not be asked (offline) changes nothing. When the account changes, the
 * caches of the previous one's data go (lib/pwa.ts).
 */
function SessionCartSync() {
  const { data, isPending } = useQuery(sessionQuery);
  const user = data?.user ?? null;
  const store = useCartStore();
  const previous = useRef<string | null>(null);
  useEffect(() => {
    if (isPending || !data) return;
    if (user) store.adoptUser(user);
    else store.signOut();
    const id = user?._id ?? null;
    if (previous.current !== null && previous.current !== id) void clearPersonalCaches();
    previous.current = id;
  }, [user, data, isPending, store]);
  return null;
}

/** Catalogue reads the service worker found changed since it answered from its cache. */
const CATALOGUE_KEYS: [RegExp, (m: RegExpMatchArray) => unknown[]][] = [
  [/^\/api\/product\/list$/, () => ['products']],
  [/^\/api\/category\/list$/, () => ['categories']],
  [/^\/api\/seller\/list$/, () => ['vendors']],
  [/^\/api\/seller\/vendor\/([^/]+)$/, (m) => ['vendor', decodeURIComponent(m[1]!)]],
  [/^\/api\/content\/home$/, () => ['home-content']],
  [/^\/api\/config$/, () => ['config']],
];

function CatalogueRefresh() {
  const qc = useQueryClient();
  useEffect(
    () =>
      onCatalogueUpdate((url) => {
        const path = new URL(url, window.location.origin).pathname;
        for (const [re, key] of CATALOGUE_KEYS) {
          const m = path.match(re);
          if (m) void qc.invalidateQueries({ queryKey: key(m) });
        }
      }),
    [qc],
  );
  return null;
}

export function AppProviders({
  children,
  queryClient,
  cartStore,
  i18n = browserI18n,
}: {
  children: ReactNode;
  queryClient?: QueryClient;
  cartStore?: CartStore;
  /** The messages in the page's language: the browser's, or a server render's own. */
  i18n?: I18n;
}) {
  const [qc] = useState(() => queryClient ?? createQueryClient());
  const [store] = useState(() => cartStore ?? new CartStore(cartSyncApi, (message) => toast.error(message)));
  return (
    <I18nProvider i18n={i18n}>
      <QueryClientProvider client={qc}>
        <CartProvider store={store}>
          <SessionCartSync />
          <AccountLanguage />
          <CatalogueRefresh />
          {children}
          <LazyToaster
            position="top-center"
            toastOptions={{
              duration: 2500,
              style: { borderRadius: '9999px', background: '#05241b', color: '#fff', fontWeight: 500 },
              success: { iconTheme: { primary: '#fca326', secondary: '#05241b' } },
            }}
          />
        </CartProvider>
      </QueryClientProvider>
    </I18nProvider>
  );
}
