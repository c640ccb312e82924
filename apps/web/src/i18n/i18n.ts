import { setupI18n, type I18n } from '@lingui/core';
import { DEFAULT_LANGUAGE, FORMAT_LOCALE, isLanguage, LANGUAGE_COOKIE, type Language } from '@jara/shared';
import { loadCatalogue, ROOT_AREAS, type Area } from './catalogues';

/**
 * What an I18n instance has loaded, per language, and (on the server) which areas a render used.
 * The browser has one instance (`i18n`); a server render makes its own (entry-server.tsx), so
 * two pages in two languages never share one.
 */
interface Loaded {
  areas: Record<Language, Set<Area>>;
  pending: Map<string, Promise<void>>;
  /** Areas the components read (the server sends them with the page: the browser loads them before hydrating). */
  used: Set<Area>;
  /** Every area is loaded already (a server render). */
  all: boolean;
}
const state = new WeakMap<I18n, Loaded>();

function loadedOf(i18n: I18n): Loaded {
  let s = state.get(i18n);
  if (!s) {
    s = { areas: { en: new Set(), pcm: new Set() }, pending: new Map(), used: new Set(), all: false };
    state.set(i18n, s);
  }
  return s;
}

/**
 * An I18n for one language: numbers, dates and plural rules follow en-NG in both languages (CLDR's
 * `pcm` is missing from Debian's Chromium, so the server and the browser would disagree).
 */
function createI18n(language: Language): I18n {
  // Active from the start with no messages yet: the areas load into it (loadAreas).
  return setupI18n({ locale: language, locales: [FORMAT_LOCALE], messages: { [language]: {} } });
}

/** Marks every area as loaded in `language` (the server loads them all at once). */
export function markAllLoaded(i18n: I18n) {
  loadedOf(i18n).all = true;
}

export function usedAreas(i18n: I18n): Area[] {
  return [...loadedOf(i18n).used];
}

export function isLoaded(i18n: I18n, area: Area, language: Language): boolean {
  const s = loadedOf(i18n);
  s.used.add(area);
  return s.all || s.areas[language].has(area);
}

/** Loads areas in a language into the instance (each once; the same promise while it loads). */
export function loadAreas(i18n: I18n, areas: readonly Area[], language: Language): Promise<void> {
  const s = loadedOf(i18n);
  return Promise.all(
    areas.map((area) => {
      if (s.all || s.areas[language].has(area)) return Promise.resolve();
      const key = `${area}:${language}`;
      let p = s.pending.get(key);
      if (!p) {
        p = loadCatalogue(area, language).then(
          ({ messages }) => {
            i18n.load(language, messages as never);
            s.areas[language].add(area);
            s.pending.delete(key);
          },
          (error: unknown) => {
            s.pending.delete(key);
            throw error;
          },
        );
        s.pending.set(key, p);
      }
      return p;
    }),
  ).then(() => undefined);
}

/**
 * Loads areas into the browser's instance in its current language ahead of their render: a page's
 * chunk fetched with the catalogues it shows, so nothing on it suspends once it has drawn.
 */
export function preloadAreas(areas: readonly Area[]): Promise<void> {
  return loadAreas(i18n, areas, i18n.locale as Language);
}

/** The areas loaded in the instance's current language (a switch loads the same in the other). */
function loadedAreas(i18n: I18n): Area[] {
  return [...loadedOf(i18n).areas[i18n.locale as Language]];
}

/** The browser's instance. Components read it through useT (src/i18n/use-t.ts); event handlers and toasts may use `t` below. */
export const i18n = createI18n(DEFAULT_LANGUAGE);

function languageCookie(): string | undefined {
  if (typeof document === 'undefined') return undefined;
  return document.cookie
    .split('; ')
    .find((c) => c.startsWith(`${LANGUAGE_COOKIE}=`))
    ?.slice(LANGUAGE_COOKIE.length + 1);
}

/** Whether this phone has chosen a language (the switch, or an account's choice taken). */
export const hasLanguageCookie = () => isLanguage(languageCookie());

/** The language the page was served in: the cookie, else what the server chose for <html lang>. */
export function pageLanguage(): Language {
  if (typeof document === 'undefined') return DEFAULT_LANGUAGE;
  const cookie = languageCookie();
  if (isLanguage(cookie)) return cookie;
  const lang = document.documentElement.lang;
  return isLanguage(lang) ? lang : DEFAULT_LANGUAGE;
}

/**
 * Loads the root areas (and any others given) and activates the language: a server-rendered
 * page's own (to hydrate what the server wrote), else the page's (cookie, or the server's guess).
 */
export async function startI18n(extra: readonly Area[] = [], rendered?: Language): Promise<Language> {
  const language = rendered ?? pageLanguage();
  await loadAreas(i18n, [...ROOT_AREAS, ...extra], language);
  i18n.activate(language, [FORMAT_LOCALE]);
  return language;
}

/** Keeps the choice for a year (the page reads it; the server renders in it). */
function rememberLanguage(language: Language) {
  document.cookie = `${LANGUAGE_COOKIE}=${language}; path=/; max-age=31536000; samesite=lax`;
  document.documentElement.lang = language;
}

/**
 * Switches the app to another language: everything on screen is loaded in it first, so nothing
 * flashes untranslated, then every component re-renders in it.
 */
export async function switchLanguage(language: Language): Promise<void> {
  await loadAreas(i18n, loadedAreas(i18n), language);
  i18n.activate(language, [FORMAT_LOCALE]);
  rememberLanguage(language);
}
