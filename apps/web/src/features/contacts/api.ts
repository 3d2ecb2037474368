import type { Contact, TagRef } from '@conversa/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { http } from '../../lib/http';

/** A contact as the contacts API answers it (with the users who own it and its tags). */
export type ContactDetails = Contact & { wallets?: number[]; tags?: TagRef[] };

export interface ContactsPage {
  contacts: ContactDetails[];
  count: number;
  hasMore: boolean;
}

/** What the form sends: an edit of a contact without a phone (a web-chat visitor, a hub contact) may leave it out. */
export type ContactBody = Omit<ContactInput, 'number'> & { number?: string };

export interface ContactInput {
  name: string;
  number: string;
  email: string;
  identity: string;
  /** dd/MM/yyyy, or '' for none. */
  birthday: string;
  extraInfo: { name: string; value: string }[];
  blocked: boolean;
  chatbotBlocked: boolean;
  /** The wallet users (sent by supervisors and admins only: others leave them as they are). */
  wallets?: number[];
}

/** 'contact:importProgress' socket payload. */
export interface ImportProgress {
  done: number;
  total: number;
  rejected: number;
  finished: boolean;
}

export interface ImportReport {
  jobId: string;
  fileName: string;
  status: 'queued' | 'running' | 'finished' | 'failed';
  total: number;
  done: number;
  imported: number;
  /** `code` (name, number, countryCode, email, duplicate) is translated; `reason` is the server's words. */
  rejected: { row: number; code?: string; reason: string }[];
}

export const contactKeys = {
  all: ['contacts'] as const,
  lists: ['contacts', 'list'] as const,
  list: (searchParam: string, pageNumber: number, tagIds: number[] = []) =>
    ['contacts', 'list', tagIds.length ? { searchParam, pageNumber, tagIds } : { searchParam, pageNumber }] as const,
  detail: (id: number) => ['contacts', 'detail', id] as const,
  /** Filled by the socket provider from 'contact:importProgress'. */
  importProgress: ['contacts', 'importProgress'] as const,
  importReport: (jobId: string) => ['contacts', 'import', jobId] as const,
};

/** A page of contacts; `tagIds`: those carrying any of these tags. */
export function useContacts(searchParam: string, pageNumber: number, enabled = true, tagIds: number[] = []) {
  return useQuery({
    queryKey: contactKeys.list(searchParam, pageNumber, tagIds),
    enabled,
    queryFn: ({ signal }) =>
      http.get<ContactsPage>('/contacts', {
        query: { searchParam, pageNumber, ...(tagIds.length ? { tagIds: tagIds.join(',') } : {}) },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

export function useContact(id: number | null) {
  return useQuery({
    queryKey: contactKeys.detail(id ?? 0),
    enabled: id !== null,
    queryFn: ({ signal }) => http.get<ContactDetails>(`/contacts/${id}`, { signal, silent: true }),
  });
}

/** A 'contact' socket event or a saved contact: cached copies follow; lists are refetched for created or deleted ones. */
export function applyContactToCache(qc: QueryClient, contact: ContactDetails, action: 'create' | 'update'): void {
  qc.setQueryData<ContactDetails>(contactKeys.detail(contact.id), (current) => (current ? { ...current, ...contact } : current));
  qc.setQueriesData<ContactsPage>({ queryKey: contactKeys.lists }, (current) =>
    current ? { ...current, contacts: current.contacts.map((c) => (c.id === contact.id ? { ...c, ...contact } : c)) } : current,
  );
  if (action === 'create') void qc.invalidateQueries({ queryKey: contactKeys.lists });
}

export function removeContactFromCache(qc: QueryClient, contactId: number): void {
  qc.removeQueries({ queryKey: contactKeys.detail(contactId) });
  void qc.invalidateQueries({ queryKey: contactKeys.lists });
}

export function useSaveContact() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: number | null; input: ContactBody }) =>
      id === null ? http.post<ContactDetails>('/contacts', input) : http.put<ContactDetails>(`/contacts/${id}`, input),
    onSuccess: (contact, { id }) => {
      qc.setQueryData(contactKeys.detail(contact.id), contact);
      applyContactToCache(qc, contact, id === null ? 'create' : 'update');
    },
  });
}

export function useDeleteContact() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => http.delete(`/contacts/${id}`),
    onSuccess: (_, id) => removeContactFromCache(qc, id),
  });
}

export function useStartContactImport() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('file', file);
      return http.upload<{ jobId: string; status: ImportReport['status']; total: number }>('/contacts/import', form);
    },
    onMutate: () => qc.setQueryData<ImportProgress | null>(contactKeys.importProgress, null),
  });
}

export function fetchImportReport(jobId: string): Promise<ImportReport> {
  return http.get<ImportReport>(`/contacts/import/${jobId}`, { silent: true });
}

export function exportContacts(format: 'csv' | 'xlsx') {
  return http.download('/contacts/export', { query: { format } });
}
