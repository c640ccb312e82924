import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { Button } from '../components/ui/button';
import { EmptyState } from '../components/ui/empty-state';
import { useT } from '../i18n';
import { justSignedOut, openLogin } from './login-modal';

/**
 * What a page shows a guest: why to log in and a Login button. Portal pages (`ask`) open the
 * login modal on arrival; after logging in the user stays on the page (decision 0014).
 */
export function LoginPrompt({ message, ask = false }: { message: string; ask?: boolean }) {
  const t = useT('common');
  const { key } = useLocation();
  useEffect(() => {
    if (ask && !justSignedOut(key)) openLogin('login');
  }, [ask, key]);
  return (
    <EmptyState message={message}>
      <Button onClick={() => openLogin('login')}>{t('common.login')}</Button>
    </EmptyState>
  );
}
