import { moduleCatalogue } from '../../infra/i18n.js';
import en from './locales/en.json' with { type: 'json' };
import pcm from './locales/pcm.json' with { type: 'json' };

/** The auth module's words (the password-reset email), in the account's language. */
export const t = moduleCatalogue('auth', { en, pcm });
