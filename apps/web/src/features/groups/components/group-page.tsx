import { useState } from 'react';
import { Link } from 'react-router';
import { doorLine, formatTime, type GroupDto, type ProductDto } from '@jara/shared';
import { Page } from '../../../components/ui/page';
import { Button, buttonClass } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { RouteFallback } from '../../../components/ui/route-fallback';
import { errorMessage } from '../../../lib/api-client';
import { formatPrice } from '../../../lib/money';
import { toast } from '../../../lib/toast';
import { LoginPrompt } from '../../../session/login-prompt';
import { useSession } from '../../../session/session';
import { t as translate, useT, type MessageId } from '../../../i18n';
import { useGroup } from '../api/get-group';
import { payShare, useGroupAction } from '../api/group-actions';
import { useGroupUpdates } from '../hooks/use-group-updates';
import { GroupMenu } from './group-menu';
import { GroupTracking } from './group-tracking';
import { MemberCard } from './member-card';
import { ShareLink } from './share-link';

const ENDED: Record<NonNullable<GroupDto['ended']>, MessageId<'groups'>> = {
  cancelled_by_host: 'groups.state.cancelledByHost',
  nobody_paid: 'groups.state.nobodyPaid',
  not_closed: 'groups.state.notClosed',
};

/** What the group is doing now, in a sentence. */
function stateLine(g: GroupDto, t: ReturnType<typeof useT<'groups'>>): string {
  const time = formatTime(g.cutOffAt);
  if (g.state === 'open') return t('groups.state.open', { time });
  if (g.state === 'paying') return t('groups.state.paying', { time });
  if (g.state === 'placed') return t('groups.state.placed');
  return t(g.ended ? ENDED[g.ended] : 'groups.state.cancelled');
}

/**
 * /group/:id: a group order as its members see it, live. Everyone sees who is in, what each
 * added and their share; while open a member adds from the group's shops and shares the link;
 * the host closes it for payment, each pays their own share, the host places it (or it goes at the
 * cut-off); then every member who paid follows the same order. `products` is the catalogue (the
 * page in app/ passes it in); the group's shops' dishes are taken from it.
 */
export function GroupPage({
  id,
  products,
  productsPending,
}: {
  id: string;
  products: ProductDto[];
  productsPending: boolean;
}) {
  const t = useT('groups');
  const { user, isLoading } = useSession();
  const q = useGroup(id, !!user);
  const g = q.data;
  useGroupUpdates(id, g?.order?._id ?? null, !!user);
  const action = useGroupAction(id);
  const [paying, setPaying] = useState(false);

  if (isLoading) return <RouteFallback />;
  if (!user)
    return (
      <Page title={t('groups.title')} className="max-w-3xl">
        <LoginPrompt message={t('groups.loginPrompt')} ask />
      </Page>
    );
  if (q.isPending) return <RouteFallback />;
  if (q.isError || !g)
    return (
      <Page title={t('groups.title')} className="max-w-3xl">
        <EmptyState message={errorMessage(q.error)}>
          <Link to="/cart" className={buttonClass('primary')}>
            {t('groups.toCart')}
          </Link>
        </EmptyState>
      </Page>
    );

  const me = g.members.find((m) => m.isYou)!;
  const busy = action.isPending || paying;
  const run = (a: Parameters<typeof action.mutate>[0]) =>
    action.mutate(a, { onError: (err) => toast.error(errorMessage(err)) });
  const unpaid = g.members.filter((m) => m.share && m.state !== 'paid');
  const link = `${window.location.origin}/group/join/${g.token}`;
  const place = g.address.placeName ?? g.address.address;
  const door = doorLine(g.address);

  const pay = async () => {
    setPaying(true);
    try {
      const { url } = await payShare(g._id);
      window.location.assign(url);
    } catch (err) {
      toast.error(translate('groups', 'groups.pay.failed') + errorMessage(err));
      setPaying(false);
    }
  };

  return (
    <Page title={t('groups.title')} className="max-w-3xl">
      <h1 className="text-2xl font-bold sm:text-3xl">
        {g.isHost ? t('groups.heading.yours') : t('groups.heading.of', { host: g.hostName })}
      </h1>
      <p className="mt-2 font-semibold text-brand-900" role="status" data-testid="group-state">
        {stateLine(g, t)}
      </p>
      <dl className="mt-4 grid gap-2 rounded-[var(--radius-card)] bg-white p-4 text-sm shadow-[var(--shadow-card)] sm:grid-cols-2">
        <div>
          <dt className="text-stone-600">{t('groups.info.to')}</dt>
          <dd className="font-semibold text-stone-900" data-testid="group-address">
            {[place, door].filter(Boolean).join(' · ')}
          </dd>
        </div>
        <div>
          <dt className="text-stone-600">{t('groups.info.shops')}</dt>
          <dd className="font-semibold text-stone-900">{g.vendors.map((v) => v.name).join(', ')}</dd>
        </div>
        <div>
          <dt className="text-stone-600">{t('groups.info.delivery')}</dt>
          <dd className="font-semibold text-stone-900">
            {t(g.sharesFixed ? 'groups.info.fee' : 'groups.info.feeSoFar', { fee: formatPrice(g.deliveryFee) })}
          </dd>
        </div>
        <div>
          <dt className="text-stone-600">{t('groups.info.cutOff')}</dt>
          <dd className="font-semibold text-stone-900">{formatTime(g.cutOffAt)}</dd>
        </div>
      </dl>

      {g.state === 'open' && (
        <section className="mt-6" aria-labelledby="group-share">
          <h2 id="group-share" className="text-lg font-bold text-brand-900">
            {t('groups.share.heading')}
          </h2>
          <p className="mb-2 text-sm text-stone-700">{t('groups.share.intro')}</p>
          <ShareLink url={link} hostName={g.hostName} />
        </section>
      )}

      {g.state === 'paying' && me.share && me.state === 'joined' && (
        <div className="mt-6 rounded-[var(--radius-card)] bg-accent-50 p-4">
          <p className="text-sm text-stone-800">{t('groups.pay.intro', { time: formatTime(g.cutOffAt) })}</p>
          <Button className="mt-3" variant="accent" size="lg" disabled={busy} onClick={() => void pay()}>
            {t('groups.pay.button', { total: formatPrice(me.share.total) })}
          </Button>
        </div>
      )}
      {g.state === 'placed' && me.state === 'dropped' && (
        <p className="mt-6 rounded-[var(--radius-card)] bg-stone-100 p-4 text-sm text-stone-800">
          {t('groups.order.dropped')}
        </p>
      )}
      {g.order && (
        <div className="mt-6">
          <GroupTracking order={g.order} />
        </div>
      )}

      {g.isHost && (g.state === 'open' || g.state === 'paying') && (
        <section className="mt-6 flex flex-wrap items-center gap-3" aria-label={t('groups.host.actions')}>
          {g.state === 'open' ? (
            <Button
              disabled={busy || g.members.every((m) => m.items.length === 0)}
              onClick={() => run({ kind: 'close' })}
            >
              {t('groups.host.close')}
            </Button>
          ) : (
            <>
              <Button disabled={busy || unpaid.length > 0} onClick={() => run({ kind: 'place' })}>
                {t('groups.host.place')}
              </Button>
              {unpaid.length > 0 && (
                <p className="w-full text-sm text-stone-700">
                  {t('groups.host.waiting', { count: unpaid.length, time: formatTime(g.cutOffAt) })}
                </p>
              )}
            </>
          )}
          <Button
            variant="ghost"
            disabled={busy}
            onClick={() => {
              if (window.confirm(translate('groups', 'groups.host.cancelConfirm'))) run({ kind: 'cancel' });
            }}
          >
            {t('groups.host.cancel')}
          </Button>
        </section>
      )}

      <section className="mt-6" aria-labelledby="group-members">
        <h2 id="group-members" className="text-lg font-bold text-brand-900">
          {t('groups.members', { count: g.members.length })}
        </h2>
        <ul className="mt-3 space-y-3">
          {g.members.map((m) => (
            <MemberCard
              key={m._id}
              member={m}
              groupState={g.state}
              sharesFixed={g.sharesFixed}
              busy={busy}
              onQuantity={
                m.isYou && g.state === 'open' ? (itemId, quantity) => run({ kind: 'set', itemId, quantity }) : undefined
              }
            />
          ))}
        </ul>
      </section>

      {g.state === 'open' && (
        <section className="mt-6" aria-labelledby="group-menu">
          <h2 id="group-menu" className="text-lg font-bold text-brand-900">
            {t('groups.menu.heading')}
          </h2>
          <GroupMenu
            shops={g.vendors}
            products={products}
            pending={productsPending}
            busy={busy}
            onAdd={(product, optionId) => run({ kind: 'add', item: { product, optionId, quantity: 1 } })}
          />
        </section>
      )}
    </Page>
  );
}
