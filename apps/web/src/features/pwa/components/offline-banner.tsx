import { useT } from '../../../i18n';
import { useOnline } from '../hooks/use-online';

/** Says that what is on screen may be old while there is no connection (pages come from the cache). */
export function OfflineBanner() {
  const t = useT('pwa');
  const online = useOnline();
  if (online) return null;
  return (
    <div
      role="status"
      data-testid="offline-banner"
      className="bg-stone-800 px-4 py-2 text-center text-sm font-medium text-white"
    >
      {t('pwa.offline')}
    </div>
  );
}
