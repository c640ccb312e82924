import { useEffect, useState } from 'react';
import { toast } from '../lib/toast';
import { LANGUAGE_NAMES, LANGUAGES, type Language, type LanguageInput, type MessageAnswer } from '@jara/shared';
import { api } from '../lib/api-client';
import { hasLanguageCookie, pageLanguage, switchLanguage, t as translate, useLanguage, useT } from '../i18n';
import { useSession } from './session';

/** Stores the choice on the account, so emails and pushes come in it. */
async function saveOnAccount(language: Language) {
  try {
    await api.put<MessageAnswer, typeof LanguageInput>('/api/user/language', { language });
  } catch {
    toast.error(translate('common', 'common.languageNotSaved'));
  }
}

/** Tells the service worker the pages it kept are in the other language now (sw/sw.ts). */
function tellWorker(language: Language) {
  navigator.serviceWorker?.controller?.postMessage({ type: 'LANGUAGE', language });
}

/** Switches language everywhere: the screen, the cookie, the worker's pages and the account. */
async function chooseLanguage(language: Language, signedIn: boolean) {
  await switchLanguage(language);
  tellWorker(language);
  if (signedIn) await saveOnAccount(language);
}

/** English | Pidgin, each named in its own words; in the menu and on the profile. */
export function LanguageSwitch({ className = '' }: { className?: string }) {
  const t = useT('common');
  const current = useLanguage();
  const { user } = useSession();
  const [busy, setBusy] = useState(false);
  return (
    <fieldset className={`flex flex-wrap items-center justify-between gap-x-3 gap-y-1 ${className}`}>
      <legend className="sr-only">{t('common.language')}</legend>
      <span aria-hidden="true" className="text-sm font-medium text-stone-800">
        {t('common.language')}
      </span>
      <span className="flex rounded-full border border-stone-200 p-0.5">
        {LANGUAGES.map((language) => (
          <button
            key={language}
            type="button"
            lang={language}
            aria-pressed={current === language}
            disabled={busy}
            onClick={() => {
              if (language === current) return;
              setBusy(true);
              void chooseLanguage(language, Boolean(user)).finally(() => setBusy(false));
            }}
            className={`min-h-9 rounded-full px-2.5 text-sm font-semibold ${current === language ? 'bg-brand-800 text-white' : 'text-stone-700 hover:text-brand-900'}`}
          >
            {LANGUAGE_NAMES[language]}
          </button>
        ))}
      </span>
    </fieldset>
  );
}

/**
 * The account and the phone agree on a language: a choice made on this phone (the cookie) goes to
 * the account; a phone that never chose takes the account's.
 */
export function AccountLanguage() {
  const { user } = useSession();
  const accountLanguage = user?.language;
  useEffect(() => {
    if (!accountLanguage) return;
    if (!hasLanguageCookie()) void switchLanguage(accountLanguage);
    else if (pageLanguage() !== accountLanguage) void saveOnAccount(pageLanguage());
  }, [accountLanguage]);
  return null;
}
