import { moduleCatalogue } from '../../infra/i18n.js';
import en from './locales/en.json' with { type: 'json' };
import pcm from './locales/pcm.json' with { type: 'json' };

/** The payments module's words (the sandbox's checkout page), in the request's language. */
export const t = moduleCatalogue('payments', { en, pcm });
