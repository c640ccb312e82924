import { useUpdateAvailable } from '../../../lib/pwa';
import { useT } from '../../../i18n';

/** A newer version of the app is ready: it takes over only when the user taps Reload. */
export function UpdatePrompt() {
  const t = useT('pwa');
  const reload = useUpdateAvailable();
  if (!reload) return null;
  return (
    <div
      role="status"
      data-testid="update-prompt"
      className="on-dark fixed inset-x-3 bottom-3 z-50 mx-auto flex max-w-md items-center justify-between gap-3 rounded-2xl bg-brand-950 px-4 py-3 text-sm text-white shadow-xl"
    >
      <span>{t('pwa.newVersion')}</span>
      <button
        type="button"
        onClick={reload}
        className="min-h-11 rounded-full bg-accent-400 px-4 font-semibold text-brand-950 hover:bg-accent-300"
      >
        {t('common.reload')}
      </button>
    </div>
  );
}
