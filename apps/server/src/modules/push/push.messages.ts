import { moduleCatalogue } from '../../infra/i18n.js';
import en from './locales/en.json' with { type: 'json' };
import pcm from './locales/pcm.json' with { type: 'json' };

/** The push module's words (order, dispatch and chat notifications), in the recipient's language. */
export const t = moduleCatalogue('push', { en, pcm });
