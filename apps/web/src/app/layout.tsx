import { lazy, Suspense, useState } from 'react';
import { Outlet, ScrollRestoration, useLocation, useNavigation } from 'react-router';
import { NavBar, Footer } from '../features/layout';
import { OfflineBanner, UpdatePrompt } from '../features/pwa';
import { useLoginModal } from '../session/login-modal';
import { VerifyEmailNotice } from '../session/verify-email-notice';
// The launcher only: the conversation, its panel and socket are loaded on first use.
import { ChatLauncher } from '../features/chat';
import { RouteFallback } from '../components/ui/route-fallback';
import { useT, type Area } from '../i18n';
import type { Portal } from './portal-header';

/**
 * The catalogues the layout shows beyond the root ones (the offline and update notices, the chat
 * button): a page the browser renders itself loads them with those, or each would hold the page
 * back by a round trip of its own (a server-rendered page lists the areas it used).
 */
export const LAYOUT_AREAS = ['pwa', 'chat'] as const satisfies readonly Area[];

// The login form is its own chunk, loaded the first time someone opens it.
const LoginModal = lazy(async () => ({ default: (await import('./login-modal')).LoginModal }));

function LoginModalOnUse() {
  const { open } = useLoginModal();
  const [used, setUsed] = useState(open);
  if (open && !used) setUsed(true);
  return used ? (
    <Suspense fallback={null}>
      <LoginModal />
    </Suspense>
  ) : null;
}

/** The portal a path is in (`/seller`, `/rider/history` …): its pages carry no shop bar or footer. */
const PORTAL = /^\/(seller|rider|support|admin)(?:\/|$)/;

// The portal's bar is its own chunk, loaded with the portal's: the shop's pages never fetch it.
const PortalHeader = lazy(async () => ({ default: (await import('./portal-header')).PortalHeader }));

/**
 * On a phone a portal's sections are a tab bar fixed along the bottom (components/ui/sub-nav.tsx,
 * marked data-tabbar): the page ends above it, and the update notice, fixed to the bottom too,
 * sits above it rather than over it.
 */
const ABOVE_TAB_BAR = 'max-md:has-[[data-tabbar]]:pb-[calc(4.5rem+env(safe-area-inset-bottom))]';
const NOTICE_ABOVE_TAB_BAR =
  'max-md:[&:has([data-tabbar])_[data-testid=update-prompt]]:bottom-[calc(4.25rem+env(safe-area-inset-bottom))]';

export function RootLayout() {
  const t = useT('common');
  const navigation = useNavigation();
  const portal = PORTAL.exec(useLocation().pathname)?.[1] as Portal | undefined;
  return (
    <div className={`flex min-h-dvh flex-col ${NOTICE_ABOVE_TAB_BAR}`}>
      <OfflineBanner />
      {portal ? (
        // The bar's height while its code comes, so the page does not jump.
        <Suspense fallback={<div className="h-14 border-b border-stone-200/80 bg-white" />}>
          <PortalHeader portal={portal} />
        </Suspense>
      ) : (
        <NavBar />
      )}
      <VerifyEmailNotice />
      {navigation.state === 'loading' && (
        <div
          className="fixed inset-x-0 top-0 z-50 h-1 animate-pulse bg-accent-400"
          role="progressbar"
          aria-label={t('common.loadingPage')}
        />
      )}
      <main id="main" className={`flex-1 ${ABOVE_TAB_BAR}`} tabIndex={-1}>
        <Suspense fallback={<RouteFallback />}>
          <Outlet />
        </Suspense>
      </main>
      {!portal && <Footer />}
      <ChatLauncher />
      <LoginModalOnUse />
      <UpdatePrompt />
      <ScrollRestoration />
    </div>
  );
}
