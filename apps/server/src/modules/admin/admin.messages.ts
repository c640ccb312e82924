import { moduleCatalogue } from '../../infra/i18n.js';
import en from './locales/en.json' with { type: 'json' };
import pcm from './locales/pcm.json' with { type: 'json' };

/** The admin module's words (the emails deciding an application), in the applicant's language. */
export const t = moduleCatalogue('admin', { en, pcm });
