import { Link } from 'react-router';
import { createStore } from '../lib/create-store';
import { useT } from '../i18n';
import { CloseIcon } from '../components/ui/icons';
import { useSession } from './session';

/** Set when this tab has just registered: the notice shows until the email is verified or it is closed. */
const [noticeStore, useNoticeWanted] = createStore(false);

/** After a sign-up: tell the new account that a code went to its email (registration mails one). */
export function announceEmailCode(): void {
  noticeStore.set(true);
}

/**
 * The banner under the menu after registering: a code was mailed, enter it on the profile. Gone
 * once the email is verified (the session says so), or when closed.
 */
export function VerifyEmailNotice() {
  const t = useT('common');
  const wanted = useNoticeWanted();
  const { user } = useSession();
  if (!wanted || !user || user.emailVerified) return null;
  return (
    <div role="status" className="bg-brand-50 px-4 py-2 text-sm text-brand-950" data-testid="verify-email-notice">
      <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-3 gap-y-1">
        <p className="flex-1 [overflow-wrap:anywhere]">{t('common.verifyNotice.text', { email: user.email })}</p>
        <Link to="/profile#verification" className="font-semibold underline" onClick={() => noticeStore.set(false)}>
          {t('common.verifyNotice.link')}
        </Link>
        <button
          type="button"
          className="inline-flex size-8 items-center justify-center rounded-full hover:bg-brand-100"
          aria-label={t('common.verifyNotice.close')}
          onClick={() => noticeStore.set(false)}
        >
          <CloseIcon size={16} />
        </button>
      </div>
    </div>
  );
}
