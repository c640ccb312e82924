import { useId, useState, type FormEvent } from 'react';
import { RefundInput } from '@jara/shared';
import { Button } from '../../../components/ui/button';
import { TextArea } from '../../../components/ui/field';
import { Modal } from '../../../components/ui/modal';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-client';
import { formatPrice } from '../../../lib/money';
import { toast } from '../../../lib/toast';
import { useT } from '../../../i18n';
import { useRefundOrder } from '../api/refund-order';

/** What is about to be refunded: one item (by its name) or the rest of the order, and how much (naira). */
export interface RefundTarget {
  orderId: string;
  item?: { _id: string; name: string };
  amount: number;
}

/**
 * Asks for the refund's reason (checked by the shared RefundInput, as the server checks it; the
 * problem shown under the field), shows the amount that goes back, and sends it once.
 */
export function RefundDialog({ target, onClose }: { target: RefundTarget; onClose: () => void }) {
  const t = useT('admin');
  const titleId = useId();
  const refund = useRefundOrder();
  const [reason, setReason] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const valid = RefundInput.shape.reason.safeParse(reason).success;
  const errors = submitted && !valid ? [t('admin.refund.reasonShort')] : [];
  const amount = formatPrice(target.amount);

  const handleSubmit = async (e: FormEvent) => {
    e.preventDefault();
    setSubmitted(true);
    if (!valid || refund.isPending) return;
    try {
      const r = await refund.mutateAsync({ orderId: target.orderId, itemId: target.item?._id, reason: reason.trim() });
      toast.success(t('admin.refund.queued', { amount: formatPrice(r.amount) }));
      onClose();
    } catch (err) {
      toast.error(errorMessage(err));
    }
  };

  return (
    <Modal open onClose={onClose} labelledBy={titleId} className="max-w-md">
      <form onSubmit={(e) => void handleSubmit(e)} noValidate className="space-y-4">
        <h2 id={titleId} className="pr-8 text-xl font-bold">
          {target.item
            ? t('admin.refund.itemTitle', { name: target.item.name })
            : t('admin.refund.restTitle', { ref: target.orderId.slice(0, 8) })}
        </h2>
        {target.amount > 0 ? (
          <p className="text-sm font-semibold text-brand-900">{t('admin.refund.amount', { amount })}</p>
        ) : (
          <p className="text-sm text-red-700">{t('admin.refund.nothingLeft')}</p>
        )}
        <TextArea
          label={t('admin.refund.reason')}
          name="reason"
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          errors={errors}
          maxLength={300}
          rows={3}
          className="[&_textarea]:min-h-20"
          data-autofocus
        />
        <div className="flex justify-end gap-2">
          <Button variant="ghost" onClick={onClose}>
            {t('admin.cancel')}
          </Button>
          <Button
            type="submit"
            variant="danger"
            className="min-w-32 [&_svg]:text-white"
            disabled={refund.isPending || target.amount <= 0}
          >
            {refund.isPending ? (
              <Spinner size={18} label={t('admin.refund.sending')} />
            ) : (
              t('admin.refund.confirm', { amount })
            )}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
