import type { ListEvaluationsQuery, ListEvaluationsResponse, RatingSettings } from '@conversa/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../lib/http';

export const ratingKeys = {
  settings: ['ratingSettings'] as const,
  list: (query: ListEvaluationsQuery) => ['evaluations', query] as const,
};

export function useRatingSettings() {
  return useQuery({
    queryKey: ratingKeys.settings,
    queryFn: ({ signal }) => http.get<RatingSettings>('/tenants/rating/', { signal }),
  });
}

export function useSaveRatingSettings() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: RatingSettings) => http.put<RatingSettings>('/tenants/rating/', input),
    onSuccess: (saved) => qc.setQueryData(ratingKeys.settings, saved),
  });
}

/** The ratings customers gave (SPEC /avaliacoes/listar), with each agent's average. */
export function useEvaluations(query: ListEvaluationsQuery) {
  return useQuery({
    queryKey: ratingKeys.list(query),
    placeholderData: keepPreviousData,
    queryFn: ({ signal }) => {
      const params = Object.fromEntries(Object.entries(query).filter(([, value]) => value !== undefined && value !== '')) as Record<
        string,
        string | number
      >;
      return http.get<ListEvaluationsResponse>('/evaluations', { query: params, signal });
    },
  });
}
