import type { Suggestion } from '@jara/shared';
import { api } from '../../../lib/api-client';

/** Top matches from the gazetteer for the typed text. */
export const searchPlaces = async (q: string, signal?: AbortSignal): Promise<Suggestion[]> =>
  (await api.get<{ success: true; data: Suggestion[] }>(`/api/geocoding/search?q=${encodeURIComponent(q)}`, { signal })).data;
