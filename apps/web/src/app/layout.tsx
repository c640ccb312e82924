import { lazy, Suspense, useState } from 'react';
import { Outlet, ScrollRestoration, useNavigation } from 'react-router';
import { NavBar, Footer } from '../features/layout';
import { OfflineBanner, UpdatePrompt } from '../features/pwa';
import { useLoginModal } from '../session/login-modal';
// The launcher only: the conversation, its panel and socket are loaded on first use.
import { ChatLauncher } from '../features/chat';
import { RouteFallback } from '../components/ui/route-fallback';
import { useT } from '../i18n';

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
