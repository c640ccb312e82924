import { lazy, Suspense, useState } from 'react';
import { Outlet, ScrollRestoration, useNavigation } from 'react-router';
import { NavBar, Footer } from '../features/layout';
import { OfflineBanner, UpdatePrompt } from '../features/pwa';
import { useLoginModal } from '../session/login-modal';
import { VerifyEmailNotice } from '../session/verify-email-notice';
// The launcher only: the conversation, its panel and socket are loaded on first use.
import { ChatLauncher } from '../features/chat';
import { RouteFallback } from '../components/ui/route-fallback';
import { useT, type Area } from '../i18n';

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

export function RootLayout() {
  const t = useT('common');
  const navigation = useNavigation();
  return (
    <div className="flex min-h-dvh flex-col">
      <OfflineBanner />
      <NavBar />
      <VerifyEmailNotice />
      {navigation.state === 'loading' && (
        <div
          className="fixed inset-x-0 top-0 z-50 h-1 animate-pulse bg-accent-400"
          role="progressbar"
          aria-label={t('common.loadingPage')}
        />
      )}
      <main id="main" className="flex-1" tabIndex={-1}>
        <Suspense fallback={<RouteFallback />}>
          <Outlet />
        </Suspense>
      </main>
      <Footer />
      <ChatLauncher />
      <LoginModalOnUse />
      <UpdatePrompt />
      <ScrollRestoration />
    </div>
  );
}
