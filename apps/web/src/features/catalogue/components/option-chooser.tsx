import { useId } from 'react';
import type { ProductDto } from '@jara/shared';
import { Modal } from '../../../components/ui/modal';
import { useT } from '../../../i18n';
import { formatPrice } from '../../../lib/money';
import { effectivePrice } from '../catalogue-rules';

/** The card's cart button on a product with several options: the customer picks one. */
export function OptionChooser({
  product,
  open,
  onClose,
  onChoose,
}: {
  product: ProductDto;
  open: boolean;
  onClose: () => void;
  onChoose: (optionId: string) => void;
}) {
  const t = useT('common');
  const titleId = useId();
  return (
    <Modal open={open} onClose={onClose} labelledBy={titleId}>
      <h2 id={titleId} className="pr-10 text-lg font-bold">
        {t('common.chooseOption')}
      </h2>
      <p className="mt-1 break-words text-sm text-stone-600">{product.name}</p>
      <ul className="mt-4 space-y-2">
        {product.options.map((o) => (
          <li key={o._id}>
            <button
              type="button"
              onClick={() => onChoose(o._id)}
              className="flex min-h-12 w-full items-center justify-between gap-3 rounded-xl border border-stone-200 px-4 py-3 text-left hover:border-brand-600 hover:bg-brand-50"
            >
              <span className="min-w-0 break-words font-medium">{o.name}</span>
              <span className="shrink-0 font-semibold text-brand-900">{formatPrice(effectivePrice(o))}</span>
            </button>
          </li>
        ))}
      </ul>
    </Modal>
  );
}
