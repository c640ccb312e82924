import type { PlaceSearchQuery, Suggestion, SuggestionsAnswer } from '@jara/shared';
import { api } from '../../../lib/api-client';

/** Top 5 places for the typed text (server-side search; no phone downloads the whole list). */
export const searchPlaces = async (q: string, signal?: AbortSignal): Promise<Suggestion[]> =>
  (await api.get<SuggestionsAnswer, typeof PlaceSearchQuery>('/api/geocoding/search', { query: { q }, signal })).data;
