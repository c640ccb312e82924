import { useT } from '../../../i18n';

/** The delivery code as one box per digit (read out as a whole to screen readers). */
export function DigitBoxes({ code }: { code: string }) {
  const t = useT('orders');
  return (
    <div
      role="group"
      aria-label={t('orders.card.code', { digits: code.split('').join(' ') })}
      className="flex gap-2"
      data-testid="delivery-code"
    >
      {code.split('').map((d, i) => (
        <span
          key={i}
          aria-hidden="true"
          className="grid size-11 place-items-center rounded-xl border-2 border-brand-700 bg-white text-xl font-bold text-brand-900"
        >
          {d}
        </span>
      ))}
    </div>
  );
}
