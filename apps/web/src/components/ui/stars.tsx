import { useT } from '../../i18n';
import { StarIcon } from './icons';

/** The spec's fixed rating display: 4 of 5 stars. */
export function Stars({ value = 4, size = 16 }: { value?: number; size?: number }) {
  const t = useT('common');
  return (
    <span
      className="inline-flex items-center gap-0.5 text-accent-500"
      role="img"
      aria-label={t('common.rated', { value })}
    >
      {Array.from({ length: 5 }, (_, i) => (
        <StarIcon key={i} size={size} filled={i < value} className={i < value ? '' : 'text-stone-300'} />
      ))}
    </span>
  );
}
