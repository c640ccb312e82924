import { useT } from '../../i18n';

export function Spinner({ label, size = 40 }: { label?: string; size?: number }) {
  const t = useT('common');
  return (
    <span role="status" className="inline-flex items-center gap-3">
      <svg width={size} height={size} viewBox="0 0 50 50" className="animate-spin text-brand-700" aria-hidden="true">
        <circle cx="25" cy="25" r="20" fill="none" stroke="currentColor" strokeOpacity="0.2" strokeWidth="5" />
        <path d="M45 25a20 20 0 0 0-20-20" fill="none" stroke="currentColor" strokeWidth="5" strokeLinecap="round" />
      </svg>
      <span className="sr-only">{label ?? t('common.loading')}</span>
    </span>
  );
}
