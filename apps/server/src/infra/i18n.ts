/**
 * What the server says to people, in English (Nigeria) or Nigerian Pidgin: error answers, emails,
 * pushes and the sandbox's page. One Lingui instance per language holds every catalogue: the
 * shared one (@jara/shared/locales: the specification's messages as `msg.<key>`, the error codes
 * as `error.<code>` in locales/errors/, the server's alone) and each module's own (modules/<m>/locales, ids
 * starting `<m>.`), added by the module's <m>.messages.ts. Catalogues are flat JSON objects of
 * ICU messages, compiled once when loaded. Numbers, naira and dates come in as values already
 * formatted (@jara/shared format.ts: en-NG in both languages).
 */
import { setupI18n, type I18n } from '@lingui/core';
import { compileMessage, compileMessageOrThrow } from '@lingui/message-utils/compileMessage';
import {
  FORMAT_LOCALE,
  LANGUAGE_COOKIE,
  LANGUAGES,
  MSG,
  requestLanguage,
  type ErrorCode,
  type Language,
} from '@jara/shared';
import messagesEn from '@jara/shared/locales/en.json' with { type: 'json' };
import messagesPcm from '@jara/shared/locales/pcm.json' with { type: 'json' };
import errorsEn from '@jara/shared/locales/errors/en.json' with { type: 'json' };
import errorsPcm from '@jara/shared/locales/errors/pcm.json' with { type: 'json' };

// The error codes' messages are a file of their own: the web, which shows the server's, never loads them.
const sharedEn = { ...messagesEn, ...errorsEn };
const sharedPcm = { ...messagesPcm, ...errorsPcm };

/** The values an ICU message's placeholders take (pre-formatted text, or a number for plurals). */
type Values = Record<string, string | number>;
/** A catalogue in both languages: Pidgin has exactly English's ids (its test checks the placeholders too). */
type Catalogue<E extends Record<string, string>> = { en: E; pcm: Record<keyof E, string> };
/** Says one message of a catalogue in a language. */
type Translate<Id extends string> = (lang: Language, id: Id, values?: Values) => string;

const instances = Object.fromEntries(
  LANGUAGES.map((lang) => {
    const i18n = setupI18n();
    // Catalogues are compiled as they are loaded; the compiler is there for a message given at a call.
    i18n.setMessagesCompiler(compileMessage);
    i18n.load(lang, {});
    // Plurals and any number in a message follow en-NG in both languages (format.ts says why).
    i18n.activate(lang, [FORMAT_LOCALE]);
    return [lang, i18n];
  }),
) as Record<Language, I18n>;

/** Which catalogue holds each id: two catalogues claiming one id is a mistake found at start. */
const owners = new Map<string, string>();

function load<E extends Record<string, string>>(name: string, catalogue: Catalogue<E>): void {
  for (const id of Object.keys(catalogue.en)) {
    const owner = owners.get(id);
    if (owner && owner !== name) throw new Error(`message id ${id} is in the ${owner} and the ${name} catalogues`);
  }
  for (const id of Object.keys(catalogue.en)) owners.set(id, name);
  for (const lang of LANGUAGES) {
    const messages: Record<string, string> = catalogue[lang];
    instances[lang].load(
      lang,
      // A message that is not valid ICU stops the start, rather than showing its source to someone.
      Object.fromEntries(Object.entries(messages).map(([id, text]) => [id, compileMessageOrThrow(text)])),
    );
  }
}

/** A module's catalogue, loaded once (at import), and the function that says its messages. */
export function moduleCatalogue<E extends Record<string, string>>(
  module: string,
  catalogue: Catalogue<E>,
): Translate<keyof E & string> {
  const stray = Object.keys(catalogue.en).filter((id) => !id.startsWith(`${module}.`));
  if (stray.length) throw new Error(`the ${module} catalogue's ids start with "${module}.": ${stray.join(', ')}`);
  load(module, catalogue);
  return (lang, id, values) => instances[lang]._(id, values);
}

load('shared', { en: sharedEn, pcm: sharedPcm });

type SharedId = keyof typeof sharedEn;

/** A message of the shared catalogue (`msg.<key>`, `error.<code>`). */
export const translate: Translate<SharedId> = (lang, id, values) => instances[lang]._(id, values);

const MSG_KEY_OF = new Map<string, string>(Object.entries(MSG).map(([key, text]) => [text, key]));

/**
 * The message of an error answer: in English, the one thrown, as ever; in another language, the
 * specification's message it is, translated, else what the code means, in that language.
 */
export function errorMessage(lang: Language, code: ErrorCode, english: string): string {
  if (lang === 'en') return english;
  const key = MSG_KEY_OF.get(english);
  return translate(lang, (key ? `msg.${key}` : `error.${code}`) as SharedId);
}

const LANGUAGE_IN_COOKIE_HEADER = new RegExp(`(?:^|;)\\s*${LANGUAGE_COOKIE}=([^;]*)`);

/**
 * The language a request asks for: its `jara_lang` cookie when valid, else Accept-Language's
 * guess. Reads the header itself when the cookies are not parsed yet (an error on the way in).
 */
export function languageOf(req: {
  cookies?: Record<string, string | undefined>;
  headers: { cookie?: string; 'accept-language'?: string };
}): Language {
  const cookie = req.cookies
    ? req.cookies[LANGUAGE_COOKIE]
    : req.headers.cookie?.match(LANGUAGE_IN_COOKIE_HEADER)?.[1]?.trim();
  return requestLanguage(cookie, req.headers['accept-language']);
}
