import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { toast } from '../../../lib/toast';
import { useQueryClient } from '@tanstack/react-query';
import {
  cartEstimate,
  cartTotals,
  DELIVERY_NOTE_MAX,
  isWithinDailyWindow,
  nairaToKobo,
  type DailyWindow,
} from '@jara/shared';
import { t as translate, useT, type Translate } from '../../../i18n';
import { useNow } from '../../../lib/clock';
import { useDeliveryHours } from '../api/get-delivery-hours';
import { Button } from '../../../components/ui/button';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { readJson, writeJson } from '../../../lib/storage';
import { useDeliveryFee } from '../api/get-delivery-fee';
import { DELIVERY_SLOTS_KEY, useDeliverySlots } from '../api/get-slots';
import { startPayment } from '../api/start-payment';
import { AddressPicker } from './address-picker';
import { BatchSaveChoice, type BatchOffer } from './batch-save';
import { chosenSlot, DeliveryTimePicker } from './delivery-time';
import { OrderSummary, type FeeState } from './order-summary';
import { PromoCodeField } from './promo-code-field';
import { Spinner } from '../../../components/ui/spinner';
import { QUOTE_KEY } from '../api/get-quote';
import { isPromoRefusal, quoteTotals, useCheckoutQuote } from '../hooks/use-checkout-quote';
import type { Address, CheckoutItem, Suggestion } from '@jara/shared';
import { useDeliveryFeeRange } from '../api/get-fee-range';

const SELECTED_KEY = 'jara.address';

/** "8 AM", "6:30 PM", "midnight": a delivery window's end, Lagos wall-clock time. */
function windowTime(hhmm: string, t: Translate<'checkout'>): string {
  const [h = 0, m = 0] = hhmm.split(':').map(Number);
  if ((h === 24 || h === 0) && m === 0) return t('checkout.hours.midnight');
  const h12 = h % 12 === 0 ? 12 : h % 12;
  return `${h12}${m ? `:${String(m).padStart(2, '0')}` : ''} ${h < 12 ? 'AM' : 'PM'}`;
}

/** The server's refusal outside delivery hours (shared outsideDeliveryHoursMessage), in the page's language. */
const outsideHoursText = (w: DailyWindow, t: Translate<'checkout'>) =>
  t('checkout.hours.outside', { from: windowTime(w.open, t), to: windowTime(w.close, t) });

/** The place search a guest prices the delivery with (the addresses feature's, given by the page). */
export type PlaceInput = (props: {
  label: string;
  value: string;
  onType: (text: string) => void;
  onPick: (s: Suggestion) => void;
}) => ReactNode;

/** A cart line: the cart knows every field the server lets a checkout leave out. */
export type CheckoutLine = Required<CheckoutItem>;

/** Refusals after which the slot list is out of date: a slot gone or full, the shops or the hours closed. */
const SLOT_REFUSALS = new Set([
  'slot_past',
  'slot_unavailable',
  'slot_full',
  'outside_delivery_hours',
  'vendor_closed',
]);

/**
 * The cart's right-hand side: address picker, when it should come (as soon as possible or a
 * delivery slot), order summary (shared formulas, fee from the server), and the pay button. The
 * server recomputes everything and refuses a different total or a slot it cannot make.
 */
export function CheckoutPanel({
  lines,
  user,
  addresses,
  addressesLoading,
  onLogin,
  beforePay,
  paymentIssue = null,
  blockedReason = null,
  sessionLoading = false,
  placeInput,
}: {
  lines: CheckoutLine[];
  user: { _id: string; email: string } | null;
  addresses: Address[];
  addressesLoading: boolean;
  onLogin: () => void;
  beforePay: () => Promise<void>;
  /** The last payment came back declined or cancelled (the loader sends the customer here). */
  paymentIssue?: 'failed' | 'cancelled' | null;
  /** Why the order cannot be placed now (a closed vendor in the cart); the pay button waits. */
  blockedReason?: string | null;
  /** Who is signed in is still being asked (a page rendered on the server knows no account). */
  sessionLoading?: boolean;
  placeInput: PlaceInput;
}) {
  const t = useT('checkout');
  const qc = useQueryClient();
  const [selectedId, setSelectedId] = useState<string | null>(() => readJson<string | null>(SELECTED_KEY, null));
  const [paying, setPaying] = useState(false);
  const [note, setNote] = useState('');
  const now = useNow();
  const hours = useDeliveryHours().data ?? null;
  const outsideHours = hours && !isWithinDailyWindow(hours, now) ? outsideHoursText(hours, t) : null;
  const selected = addresses.find((a) => a._id === selectedId) ?? null;
  // A guest has no saved address: a place they pick prices the delivery before they log in.
  const [guestText, setGuestText] = useState('');
  const [guestPlace, setGuestPlace] = useState<Suggestion | null>(null);
  const destination = user
    ? selected && { latitude: selected.latitude, longitude: selected.longitude }
    : guestPlace && { latitude: guestPlace.lat, longitude: guestPlace.lon };
  const tripRange = useDeliveryFeeRange();

  // Default to the first address when none (or a deleted one) is selected.
  useEffect(() => {
    if (!addressesLoading && addresses.length && !addresses.some((a) => a._id === selectedId))
      setSelectedId(addresses[0]!._id);
  }, [addresses, addressesLoading, selectedId]);
  useEffect(() => {
    if (selectedId) writeJson(SELECTED_KEY, selectedId);
  }, [selectedId]);

  const vendorIds = useMemo(() => [...new Set(lines.map((l) => l.vendorId))], [lines]);
  // When it should come: a signed-in customer chooses (a guest sees the fee only); pickedSlot is
  // undefined until they do, and chosenSlot gives the default.
  const slots = useDeliverySlots(vendorIds, !!user);
  const [pickedSlot, setPickedSlot] = useState<string | null | undefined>(undefined);
  const slot = user ? chosenSlot(pickedSlot, slots.data) : null;
  const slotShown = typeof slot === 'string' ? slots.data?.slots.find((s) => s.from === slot) : undefined;
  // Offline the list waits (paused): the button does not, and the server judges the order.
  const slotsLoading = !!user && slots.isPending && slots.fetchStatus === 'fetching';
  // Nothing to choose: neither now nor any open slot (the picker says why).
  const noTime = slot === undefined;
  const feeReq = destination && vendorIds.length ? { ...destination, vendorIds } : null;
  const fee = useDeliveryFee(feeReq);
  useEffect(() => {
    if (fee.isError) toast.error(translate('checkout', 'msg.failedDeliveryFee'), { id: 'delivery-fee' });
  }, [fee.isError, fee.errorUpdatedAt]);

  const itemsKobo = lines.reduce((s, l) => s + nairaToKobo(l.price) * l.quantity, 0);
  // SPEC §4: on a failed fee call the fee resets to 0.
  const fullFeeKobo = feeReq && !fee.isError && fee.data !== undefined ? nairaToKobo(fee.data.fee) : 0;
  // "Batch & save" (decision 0048): offered to a signed-in customer when it makes delivery cheaper;
  // off until ticked, and off again when a new address or cart leaves nothing to save.
  const [batchPicked, setBatchPicked] = useState(false);
  const batchAnswer = feeReq && !fee.isError ? fee.data?.batch : null;
  const batchOffer: BatchOffer | null =
    user && batchAnswer && nairaToKobo(batchAnswer.deliveryFee) < fullFeeKobo
      ? { fullFeeKobo, batchFeeKobo: nairaToKobo(batchAnswer.deliveryFee), waitMinutes: batchAnswer.waitMinutes }
      : null;
  const batch = batchPicked && batchOffer !== null;
  const deliveryKobo = batch ? batchOffer.batchFeeKobo : fullFeeKobo;
  // A signed-in customer's figures are the server's (its promotions included): asked once an
  // address is chosen, and again on every change; the cart's own formulas stand in meanwhile.
  const checkoutItems = useMemo(
    () =>
      lines.map(({ product, quantity, vendorId, optionId, price }) => ({
        product,
        quantity,
        vendorId,
        optionId,
        price,
      })),
    [lines],
  );
  const quote = useCheckoutQuote(
    user && selected && lines.length && !noTime
      ? {
          items: checkoutItems,
          address: selected._id,
          ...(typeof slot === 'string' ? { slot } : {}),
          ...(batch ? { batch: true } : {}),
        }
      : null,
  );
  const totals = quote.shown ? quoteTotals(quote.shown) : cartTotals(itemsKobo, deliveryKobo);
  const estimate = cartEstimate(itemsKobo, vendorIds.length, tripRange ?? { minKobo: 0, maxKobo: 0 });
  const feeLoading = feeReq !== null && fee.isFetching;
  const feeState: FeeState = quote.shown
    ? 'known'
    : !feeReq
      ? 'no-address'
      : feeLoading
        ? 'loading'
        : fee.isError
          ? 'failed'
          : fee.data !== undefined
            ? 'known'
            : 'loading';

  // Until the session has answered, a tap would take a signed-in customer for a guest (the login
  // dialog instead of the payment); until the saved addresses are in and the first one chosen, it
  // would say "Please select an address" to someone who has one: the buttons wait for both.
  const choosingAddress = !!user && (addressesLoading || (addresses.length > 0 && !selected));
  const waiting = paying || feeLoading || sessionLoading || choosingAddress || slotsLoading || quote.asking;
  // A slot order is judged against its slot: a shop closed now, or the hour, does not stop it.
  const blocked = typeof slot === 'string' ? null : (blockedReason ?? outsideHours);

  const handlePay = async () => {
    if (!user) return onLogin();
    if (!selected) {
      toast.error(t('msg.selectAddress'));
      return;
    }
    setPaying(true);
    try {
      await beforePay();
      // The total the server's quote gave for exactly this cart (its promotions taken off); the
      // server charges it only if it still holds, and refuses otherwise.
      const res = await startPayment({
        items: checkoutItems,
        address: selected._id,
        email: user.email,
        amount: quote.current ? quote.current.total : totals.totalKobo / 100,
        ...(note.trim() ? { deliveryNote: note.trim() } : {}),
        ...(slot ? { slot } : {}),
        ...(batch ? { batch: true } : {}),
        ...(quote.code ? { code: quote.code } : {}),
      });
      window.location.assign(res.url);
    } catch (err) {
      // The code stopped applying meanwhile (used up, the person's limit): said under the field, and
      // the cart priced again without it; the customer sees the new total before paying it. Any
      // other refusal asks for the figures again too.
      if (isPromoRefusal(err) && quote.code) {
        quote.drop(err.message);
        await qc.invalidateQueries({ queryKey: QUOTE_KEY, refetchType: 'none' });
      } else {
        toast.error(errorMessage(err));
        await qc.invalidateQueries({ queryKey: QUOTE_KEY });
      }
      if (err instanceof ApiError && SLOT_REFUSALS.has(err.code))
        await qc.invalidateQueries({ queryKey: DELIVERY_SLOTS_KEY });
      if (err instanceof ApiError && err.status === 409 && err.code !== 'slot_full') {
        await qc.invalidateQueries({ queryKey: ['products'] });
        await qc.invalidateQueries({ queryKey: ['delivery-fee'] });
      }
      setPaying(false);
    }
  };

  return (
    <aside
      aria-labelledby="summary-heading"
      className="h-fit rounded-[var(--radius-card)] bg-white p-5 shadow-[var(--shadow-card)] lg:sticky lg:top-24"
    >
      <div className="flex items-center justify-between gap-3">
        <h2 id="summary-heading" className="text-xl font-bold">
          {t('checkout.summary.heading')}
        </h2>
        {quote.asking && <Spinner size={20} label={t('checkout.quote.asking')} />}
      </div>
      {paymentIssue && (
        <div role="alert" className="mt-4 rounded-xl border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950">
          <p className="font-semibold">
            {paymentIssue === 'failed' ? t('checkout.payment.declined') : t('checkout.payment.cancelled')}
          </p>
          <p className="mt-0.5">{t('checkout.payment.nothingCharged')}</p>
          <Button size="sm" className="mt-2" onClick={handlePay} disabled={waiting || !lines.length || noTime}>
            {t('checkout.payment.tryAgain')}
          </Button>
        </div>
      )}
      <div className="mt-4 space-y-5">
        {user ? (
          <AddressPicker
            addresses={addresses}
            loading={addressesLoading}
            selectedId={selected?._id ?? null}
            onSelect={setSelectedId}
          />
        ) : (
          <div className="space-y-2">
            {placeInput({
              label: t('checkout.guest.deliverTo'),
              value: guestText,
              onType: (text) => {
                setGuestText(text);
                setGuestPlace(null);
              },
              onPick: (s) => {
                setGuestText(s.display_name);
                setGuestPlace(s);
              },
            })}
            <p className="text-sm text-stone-600">{t('checkout.guest.hint')}</p>
          </div>
        )}
        {user && vendorIds.length > 0 && <DeliveryTimePicker slots={slots} value={slot} onChange={setPickedSlot} />}
        {batchOffer && <BatchSaveChoice offer={batchOffer} checked={batch} onChange={setBatchPicked} />}
        {user && (
          <div>
            <label htmlFor="delivery-note" className="mb-1.5 block text-sm font-medium text-stone-800">
              {t('checkout.note.label')}
            </label>
            <textarea
              id="delivery-note"
              value={note}
              maxLength={DELIVERY_NOTE_MAX}
              onChange={(e) => setNote(e.target.value)}
              rows={2}
              placeholder={t('checkout.note.placeholder')}
              className="block w-full rounded-xl border border-stone-300 px-3 py-2 text-base focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/40"
            />
          </div>
        )}
        {user && lines.length > 0 && (
          <PromoCodeField
            applied={quote.applied}
            checking={!!quote.code && !quote.applied && quote.asking}
            error={quote.codeError}
            onApply={(code) => (selected ? quote.apply(code) : quote.setCodeError(t('checkout.promo.needsAddress')))}
            onRemove={quote.remove}
            onProblem={quote.setCodeError}
          />
        )}
        <OrderSummary
          totals={totals}
          fee={feeState}
          estimate={estimate}
          rangeKnown={tripRange !== null}
          vendorCount={vendorIds.length}
          slot={slotShown}
          batchSavedKobo={batch ? batchOffer.fullFeeKobo - batchOffer.batchFeeKobo : null}
          discounts={quote.shown?.discounts}
        />
        {quote.failed && !blocked && (
          <p role="status" className="rounded-xl bg-amber-50 px-3 py-2 text-sm text-amber-900">
            {t('checkout.quote.failed', { reason: errorMessage(quote.failed) })}
          </p>
        )}
        {blocked && (
          <p role="status" className="rounded-xl bg-amber-50 px-3 py-2 text-sm text-amber-900">
            {blocked}
          </p>
        )}
        <Button
          size="lg"
          variant="accent"
          className="w-full"
          onClick={handlePay}
          disabled={waiting || !lines.length || (!!blockedReason && typeof slot !== 'string') || noTime}
        >
          {paying ? t('checkout.pay.wait') : user ? t('checkout.pay.place') : t('checkout.pay.login')}
        </Button>
        <p className="text-center text-xs text-stone-500">{t('checkout.pay.methods')}</p>
      </div>
    </aside>
  );
}
