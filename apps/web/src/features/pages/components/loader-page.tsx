import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { LOADER_REDIRECT_MS, safeNextPath, type PaymentVerifyAnswer, type PaymentVerifyQuery } from '@jara/shared';
import { Page } from '../../../components/ui/page';
import { Spinner } from '../../../components/ui/spinner';
import { api } from '../../../lib/api-client';
import { sessionQuery } from '../../../session/session';
import { useT, type MessageId } from '../../../i18n';
import { useCartStore } from '../../../session/cart-context';

type Outcome = 'checking' | 'paid' | 'pending' | 'failed' | 'none';

const TEXT: Record<Outcome, MessageId<'pages'>> = {
  checking: 'pages.loader.checking',
  paid: 'pages.loader.paid',
  pending: 'pages.loader.pending',
  failed: 'pages.loader.failed',
  none: 'pages.loader.none',
};

/**
 * Payment return page (the provider's callback): verifies `reference` at once so the order shows
 * immediately, then goes to /{next} after 5 s (internal paths only). An order payment that was
 * declined or cancelled (`cancelled=1`, the provider's cancel action) goes straight back to the
 * cart, which still holds the items, with a way to try again (decision 0014).
 */
export function LoaderPage() {
  const t = useT('pages');
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const store = useCartStore();
  const target = safeNextPath(params.get('next'));
  const reference = params.get('reference') ?? params.get('trxref');
  const cancelled = params.get('cancelled') === '1';
  const forOrder = target === '/my-orders';
  const [outcome, setOutcome] = useState<Outcome>(reference ? 'checking' : 'none');

  useEffect(() => {
    if (!forOrder) return;
    if (outcome === 'failed') void navigate('/cart?payment=failed', { replace: true });
    else if (cancelled && outcome !== 'checking' && outcome !== 'paid')
      void navigate('/cart?payment=cancelled', { replace: true });
  }, [forOrder, outcome, cancelled, navigate]);

  useEffect(() => {
    const timer = setTimeout(() => void navigate(target, { replace: true }), LOADER_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [navigate, target]);

  useEffect(() => {
    if (!reference || !/^[A-Za-z0-9.=-]{1,100}$/.test(reference)) return;
    let live = true;
    api
      .get<PaymentVerifyAnswer, typeof PaymentVerifyQuery>('/api/payment/verify', { query: { reference } })
      .then(async (res) => {
        if (!live) return;
        setOutcome(res.state === 'paid' ? 'paid' : res.state === 'awaiting' ? 'pending' : 'failed');
        await qc.invalidateQueries({ queryKey: ['orders'] });
        await qc.invalidateQueries({ queryKey: ['dispatches'] });
        if (res.state === 'paid') {
          // The server emptied the cart of what was bought: adopt its cart, not this tab's copy.
          const session = await qc.fetchQuery({ ...sessionQuery, staleTime: 0 });
          if (session.user) {
            store.signOut();
            store.adoptUser(session.user);
          }
        }
      })
      .catch(() => live && setOutcome('pending'));
    return () => {
      live = false;
    };
  }, [reference, qc, store]);

  return (
    <Page title={t('pages.loader.title')}>
      <div className="grid min-h-[55vh] place-items-center text-center">
        <div className="flex flex-col items-center gap-4">
          <Spinner size={56} label={t('pages.loader.spinner')} />
          <p className="text-lg font-semibold text-brand-900" role="status" aria-live="polite">
            {t(TEXT[outcome])}
          </p>
          <p className="text-sm text-stone-600">{t('pages.loader.redirect')}</p>
        </div>
      </div>
    </Page>
  );
}
