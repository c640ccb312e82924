import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PlaceSearchQuery, SuggestionsAnswer } from '@jara/shared';
import { api } from '../../../lib/api-client';

/** The top matches for what the user typed (the server keeps the gazetteer; DESIGN §6). */
const placeSuggestionsQuery = (q: string) =>
  queryOptions({
    queryKey: ['place-suggestions', q],
    queryFn: async ({ signal }) =>
      (await api.get<SuggestionsAnswer, typeof PlaceSearchQuery>('/api/geocoding/search', { query: { q }, signal }))
        .data,
    enabled: q.length >= 2,
    staleTime: 10 * 60_000,
    retry: false,
  });

export const usePlaceSuggestions = (q: string) => useQuery(placeSuggestionsQuery(q));
