import type { ContactVariable, ContactVariableBody } from '@conversa/shared';
import { setCustomVariableScope } from '@conversa/shared/custom-variable-scope';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { http } from '../../lib/http';

export const contactVariableKeys = {
  all: ['contact-variables'] as const,
  usage: (id: number) => ['contact-variables', id, 'usage'] as const,
};

/** The tenant's contact variables by name (the variaveis tab, the variable pickers, the contact form). */
export function useContactVariables(enabled = true) {
  return useQuery({
    queryKey: contactVariableKeys.all,
    enabled,
    staleTime: 60_000,
    queryFn: ({ signal }) => http.get<ContactVariable[]>('/contact-variables', { signal }),
  });
}

let scopeNames: readonly string[] = [];
setCustomVariableScope(() => scopeNames);

/** The shared template checks (the forms' zod schemas, the builder's) accept these names from now on. */
function rememberScope(names: readonly string[]): void {
  scopeNames = names;
}

/**
 * The names of the tenant's contact variables: what texts may use besides the fixed variables. The
 * shared template checks follow them in the same render (the signed-in layout keeps them loaded).
 */
export function useContactVariableNames(): readonly string[] {
  const { data } = useContactVariables();
  const names = useMemo(() => data?.map((variable) => variable.name) ?? [], [data]);
  rememberScope(names);
  return names;
}

export function useSaveContactVariable() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: number | null; input: ContactVariableBody }) =>
      id === null
        ? http.post<ContactVariable>('/contact-variables', input)
        : http.put<ContactVariable>(`/contact-variables/${id}`, { description: input.description ?? null }),
    onSuccess: () => qc.invalidateQueries({ queryKey: contactVariableKeys.all }),
  });
}

export function useDeleteContactVariable() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => http.delete<void>(`/contact-variables/${id}`),
    onSuccess: () => qc.invalidateQueries({ queryKey: contactVariableKeys.all }),
  });
}

/** How many contacts have a value for the variable (asked when a delete is confirmed). */
export function useContactVariableUsage(id: number | null) {
  return useQuery({
    queryKey: contactVariableKeys.usage(id ?? 0),
    enabled: id !== null,
    staleTime: 0,
    queryFn: ({ signal }) => http.get<{ contacts: number }>(`/contact-variables/${id}/usage`, { signal }),
  });
}
