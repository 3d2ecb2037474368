import type { CreateTagBody, Tag, TagRef, TagUsage, Ticket, UpdateTagBody } from '@conversa/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../lib/http';
import { applyContactToCache, contactKeys, type ContactDetails } from '../contacts/api';
import { applyTicketToCache } from '../tickets/cache';
import { ticketKeys } from '../tickets/keys';

export const tagKeys = {
  all: ['tags'] as const,
  /** The active ones: what a ticket or a contact can be given. */
  active: ['tags', 'active'] as const,
  usage: (id: number) => ['tags', 'usage', id] as const,
};

/** GET /tags: all of them (the screen of supervisors and admins), or the active ones (pickers, filters). */
export function useTags(options: { activeOnly?: boolean; enabled?: boolean } = {}) {
  const activeOnly = options.activeOnly ?? false;
  return useQuery({
    queryKey: activeOnly ? tagKeys.active : [...tagKeys.all, 'list'],
    enabled: options.enabled ?? true,
    staleTime: 60_000,
    queryFn: ({ signal }) => http.get<Tag[]>(activeOnly ? '/tags?activeOnly=true' : '/tags', { signal }),
  });
}

/** GET /tags/{id}/usage: what deleting the tag detaches (asked when the delete dialog opens). */
export function useTagUsage(id: number | null) {
  return useQuery({
    queryKey: tagKeys.usage(id ?? 0),
    enabled: id !== null,
    staleTime: 0,
    queryFn: ({ signal }) => http.get<TagUsage>(`/tags/${id}/usage`, { signal, silent: true }),
  });
}

export type SaveTagInput = { id: null; body: CreateTagBody } | { id: number; body: UpdateTagBody };

export function useSaveTag() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: SaveTagInput) =>
      id === null ? http.post<Tag>('/tags', body, { silent: true }) : http.put<Tag>(`/tags/${id}`, body, { silent: true }),
    onSuccess: () => qc.invalidateQueries({ queryKey: tagKeys.all }),
  });
}

export function useDeleteTag() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => http.delete(`/tags/${id}`),
    onSuccess: () => qc.invalidateQueries({ queryKey: tagKeys.all }),
  });
}

/** PUT /tickets/{id}/tags: the ticket's new set (its cached copies follow at once; the socket tells the others). */
export function useSetTicketTags() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ ticket, tagIds }: { ticket: Ticket; tagIds: number[] }) =>
      http.put<TagRef[]>(`/tickets/${ticket.id}/tags`, { tagIds }, { silent: true }),
    onSuccess: (tags, { ticket }) => {
      const current = qc.getQueryData<Ticket>(ticketKeys.detail(ticket.id)) ?? ticket;
      applyTicketToCache(qc, { ...current, tags });
    },
  });
}

/** PUT /contacts/{id}/tags. */
export function useSetContactTags() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ contact, tagIds }: { contact: ContactDetails; tagIds: number[] }) =>
      http.put<TagRef[]>(`/contacts/${contact.id}/tags`, { tagIds }, { silent: true }),
    onSuccess: (tags, { contact }) => {
      const current = qc.getQueryData<ContactDetails>(contactKeys.detail(contact.id)) ?? contact;
      applyContactToCache(qc, { ...current, tags }, 'update');
    },
  });
}
