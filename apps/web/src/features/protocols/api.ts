import type { ListProtocolsQuery, ListProtocolsResponse } from '@conversa/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { http } from '../../lib/http';

export const protocolKeys = {
  list: (query: ListProtocolsQuery) => ['protocols', query] as const,
};

/** GET /protocols: the tenant's ticket protocols, newest first (/protocolos, supervisors and admins). */
export function useProtocols(query: ListProtocolsQuery) {
  return useQuery({
    queryKey: protocolKeys.list(query),
    placeholderData: keepPreviousData,
    queryFn: ({ signal }) => {
      const params = Object.fromEntries(Object.entries(query).filter(([, value]) => value !== undefined && value !== '')) as Record<
        string,
        string | number
      >;
      return http.get<ListProtocolsResponse>('/protocols', { query: params, signal });
    },
  });
}
