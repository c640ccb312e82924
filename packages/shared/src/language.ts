import { z } from 'zod';

/**
 * The languages Jara speaks: English (Nigeria), the default, which keeps every string of the
 * specification exact, and Nigerian Pidgin. A student chooses; the choice is kept in a cookie
 * (for pages) and on the account (for emails and pushes), and first guessed from Accept-Language.
 */
export const LANGUAGES = ['en', 'pcm'] as const;
export type Language = (typeof LANGUAGES)[number];
export const Language = z.enum(LANGUAGES);
export const DEFAULT_LANGUAGE: Language = 'en';

/** `PUT /api/user/language`: the account's language, for its emails and pushes. */
export const LanguageInput = z.strictObject({ language: Language });
export type LanguageInput = z.infer<typeof LanguageInput>;

/** The cookie the language switch writes; readable by the page (not httpOnly: it is no secret). */
export const LANGUAGE_COOKIE = 'jara_lang';

/** Each language's own name, as the switch shows it (never translated). */
export const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', pcm: 'Pidgin' };

export const isLanguage = (value: unknown): value is Language => LANGUAGES.includes(value as Language);

/**
 * The first of our languages an Accept-Language header names, by its weights: `pcm` (or `pcm-NG`)
 * is Pidgin, any `en` is English; a header naming neither, or none, is English.
 */
function pickLanguage(acceptLanguage: string | null | undefined): Language {
  if (!acceptLanguage) return DEFAULT_LANGUAGE;
  const ranked = acceptLanguage
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().toLowerCase().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      return { base: tag.split('-')[0], q: q ? Number(q.slice(2)) : 1, index };
    })
    .filter((r) => r.q > 0 && !Number.isNaN(r.q))
    .sort((a, b) => b.q - a.q || a.index - b.index);
  for (const r of ranked) if (isLanguage(r.base)) return r.base;
  return DEFAULT_LANGUAGE;
}

/** The language a request asks for: the cookie's when valid, else Accept-Language's guess. */
export function requestLanguage(
  cookie: string | null | undefined,
  acceptLanguage: string | null | undefined,
): Language {
  return isLanguage(cookie) ? cookie : pickLanguage(acceptLanguage);
}
