import { useEffect, useMemo, useState } from 'react';
import toast from 'react-hot-toast';
import { useQueryClient } from '@tanstack/react-query';
import { cartTotals, MSG, nairaToKobo } from '@jara/shared';
import { Button } from '../../../components/ui/button';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { readJson, writeJson } from '../../../lib/storage';
import { useDeliveryFee } from '../api/get-delivery-fee';
import { startPayment, type CheckoutItemPayload } from '../api/start-payment';
import { AddressPicker } from './address-picker';
import { OrderSummary } from './order-summary';
import type { Address } from '@jara/shared';

const SELECTED_KEY = 'jara.address';

export interface CheckoutLine extends CheckoutItemPayload {}

/**
 * The cart's right-hand side: address picker, order summary (shared formulas, fee from the
 * server), and the pay button. The server recomputes everything and refuses a different total.
 */
export function CheckoutPanel({
  lines,
  user,
  addresses,
  addressesLoading,
  onLogin,
  beforePay,
}: {
  lines: CheckoutLine[];
  user: { _id: string; email: string } | null;
  addresses: Address[];
  addressesLoading: boolean;
  onLogin: () => void;
  beforePay: () => Promise<void>;
}) {
  const qc = useQueryClient();
  const [selectedId, setSelectedId] = useState<string | null>(() => readJson<string | null>(SELECTED_KEY, null));
  const [paying, setPaying] = useState(false);
  const selected = addresses.find((a) => a._id === selectedId) ?? null;

  // Default to the first address when none (or a deleted one) is selected.
  useEffect(() => {
    if (!addressesLoading && addresses.length && !addresses.some((a) => a._id === selectedId)) setSelectedId(addresses[0]!._id);
  }, [addresses, addressesLoading, selectedId]);
  useEffect(() => {
    if (selectedId) writeJson(SELECTED_KEY, selectedId);
  }, [selectedId]);

  const vendorIds = useMemo(() => [...new Set(lines.map((l) => l.vendorId))], [lines]);
  const feeReq = selected && vendorIds.length ? { latitude: selected.latitude, longitude: selected.longitude, vendorIds } : null;
  const fee = useDeliveryFee(feeReq);
  useEffect(() => {
    if (fee.isError) toast.error(MSG.failedDeliveryFee, { id: 'delivery-fee' });
  }, [fee.isError, fee.errorUpdatedAt]);

  const itemsKobo = lines.reduce((s, l) => s + nairaToKobo(l.price) * l.quantity, 0);
  // SPEC §4: on a failed fee call the fee resets to 0.
  const deliveryKobo = feeReq && !fee.isError && fee.data !== undefined ? nairaToKobo(fee.data) : 0;
  const totals = cartTotals(itemsKobo, deliveryKobo);
  const feeLoading = feeReq !== null && fee.isFetching;

  const handlePay = async () => {
    if (!user) return onLogin();
    if (!selected) {
      toast.error(MSG.selectAddress);
      return;
    }
    setPaying(true);
    try {
      await beforePay();
      const res = await startPayment({ items: lines.map(({ product, quantity, vendorId, optionId, price }) => ({ product, quantity, vendorId, optionId, price })), address: selected._id, email: user.email, amount: totals.totalKobo / 100 });
      window.location.assign(res.url);
    } catch (err) {
      toast.error(errorMessage(err));
      if (err instanceof ApiError && err.status === 409) {
        await qc.invalidateQueries({ queryKey: ['products'] });
        await qc.invalidateQueries({ queryKey: ['delivery-fee'] });
      }
      setPaying(false);
    }
  };

  return (
    <aside aria-labelledby="summary-heading" className="h-fit rounded-[var(--radius-card)] bg-white p-5 shadow-[var(--shadow-card)] lg:sticky lg:top-24">
      <h2 id="summary-heading" className="text-xl font-bold">Order Summary</h2>
      <div className="mt-4 space-y-5">
        {user ? (
          <AddressPicker addresses={addresses} loading={addressesLoading} selectedId={selected?._id ?? null} onSelect={setSelectedId} />
        ) : (
          <p className="rounded-xl bg-stone-50 px-3 py-3 text-sm text-stone-700">Log in to choose a delivery address and pay.</p>
        )}
        <OrderSummary totals={totals} feeLoading={feeLoading} />
        <Button size="lg" variant="accent" className="w-full" onClick={handlePay} disabled={paying || feeLoading || !lines.length}>
          {paying ? 'Please wait…' : user ? 'Place Order' : 'Login to Place Order'}
        </Button>
        <p className="text-center text-xs text-stone-500">Pay by card, bank transfer or USSD.</p>
      </div>
    </aside>
  );
}
