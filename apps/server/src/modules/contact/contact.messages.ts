import { moduleCatalogue } from '../../infra/i18n.js';
import en from './locales/en.json' with { type: 'json' };
import pcm from './locales/pcm.json' with { type: 'json' };

/** The contact module's words (the message forwarded to support, the reply to its sender). */
export const t = moduleCatalogue('contact', { en, pcm });
