import { moduleCatalogue } from '../../infra/i18n.js';
import en from './locales/en.json' with { type: 'json' };
import pcm from './locales/pcm.json' with { type: 'json' };

/** The chat module's words (the email telling a customer support answered), in the customer's language. */
export const t = moduleCatalogue('chat', { en, pcm });
