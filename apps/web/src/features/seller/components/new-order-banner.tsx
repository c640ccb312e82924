import { Button } from '../../../components/ui/button';
import { useT } from '../../../i18n';

/** Says how many new orders are waiting while they ring; "Got it" stops the ringing. */
export function NewOrderBanner({ count, onAcknowledge }: { count: number; onAcknowledge: () => void }) {
  const t = useT('seller');
  if (!count) return null;
  return (
    <div
      role="alert"
      className="mb-5 flex flex-wrap items-center justify-between gap-3 rounded-xl border border-amber-300 bg-amber-50 p-3 text-amber-950"
    >
      <div>
        <p className="font-semibold">{t('seller.alert.waiting', { count })}</p>
        <p className="text-sm">{t('seller.alert.hint')}</p>
      </div>
      <Button size="sm" variant="accent" onClick={onAcknowledge}>
        {t('seller.alert.acknowledge')}
      </Button>
    </div>
  );
}
