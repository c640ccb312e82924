import type { Suggestion } from '@jara/shared';
import { api } from '../../../lib/api-client';

/** Top 5 places for the typed text (server-side search; no phone downloads the whole list). */
export const searchPlaces = async (q: string, signal?: AbortSignal): Promise<Suggestion[]> =>
  (await api.get<{ success: true; data: Suggestion[] }>(`/api/geocoding/search?q=${encodeURIComponent(q)}`, { signal })).data;
