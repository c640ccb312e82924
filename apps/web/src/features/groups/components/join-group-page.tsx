import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { formatTime } from '@jara/shared';
import { Page } from '../../../components/ui/page';
import { Button, buttonClass } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { RouteFallback } from '../../../components/ui/route-fallback';
import { errorMessage } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { LoginPrompt } from '../../../session/login-prompt';
import { useSession } from '../../../session/session';
import { t as translate, useT } from '../../../i18n';
import { joinGroup } from '../api/group-actions';
import { useInvite } from '../api/get-invite';

/** /group/join/:token: whose group order a shared link is, and a button to join it. */
export function JoinGroupPage({ token }: { token: string }) {
  const t = useT('groups');
  const navigate = useNavigate();
  const { user, isLoading } = useSession();
  const q = useInvite(token, !!user);
  const [busy, setBusy] = useState(false);

  if (isLoading) return <RouteFallback />;
  if (!user)
    return (
      <Page title={t('groups.join.title')} className="max-w-xl">
        <LoginPrompt message={t('groups.join.loginPrompt')} ask />
      </Page>
    );
  if (q.isPending) return <RouteFallback />;
  const invite = q.data;
  if (q.isError || !invite)
    return (
      <Page title={t('groups.join.title')} className="max-w-xl">
        <EmptyState message={errorMessage(q.error)}>
          <Link to="/" className={buttonClass('primary')}>
            {t('groups.join.home')}
          </Link>
        </EmptyState>
      </Page>
    );

  const join = async () => {
    setBusy(true);
    try {
      await navigate(`/group/${await joinGroup(token)}`);
    } catch (err) {
      toast.error(translate('groups', 'groups.join.failed') + errorMessage(err));
      setBusy(false);
    }
  };

  return (
    <Page title={t('groups.join.title')} className="max-w-xl">
      <h1 className="text-2xl font-bold sm:text-3xl">{t('groups.join.heading', { host: invite.hostName })}</h1>
      <dl className="mt-4 space-y-2 rounded-[var(--radius-card)] bg-white p-4 text-sm shadow-[var(--shadow-card)]">
        <div>
          <dt className="text-stone-600">{t('groups.info.to')}</dt>
          <dd className="font-semibold">{invite.place}</dd>
        </div>
        <div>
          <dt className="text-stone-600">{t('groups.info.shops')}</dt>
          <dd className="font-semibold">{invite.vendors.join(', ')}</dd>
        </div>
        <div>
          <dt className="text-stone-600">{t('groups.info.cutOff')}</dt>
          <dd className="font-semibold">{formatTime(invite.cutOffAt)}</dd>
        </div>
        <div>
          <dt className="text-stone-600">{t('groups.join.people')}</dt>
          <dd className="font-semibold">{invite.memberCount}</dd>
        </div>
      </dl>
      <div className="mt-6">
        {invite.joined ? (
          <Link to={`/group/${invite._id}`} className={buttonClass('primary', 'lg')}>
            {t('groups.join.open')}
          </Link>
        ) : invite.state === 'open' ? (
          <Button size="lg" disabled={busy} onClick={() => void join()}>
            {t('groups.join.button')}
          </Button>
        ) : (
          <p className="font-semibold text-stone-800">{t('groups.join.closed')}</p>
        )}
      </div>
    </Page>
  );
}
