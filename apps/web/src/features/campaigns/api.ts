import { CAMPAIGN_CANCELABLE_STATUSES, CAMPAIGN_EDITABLE_STATUSES, CAMPAIGN_SCHEDULABLE_STATUSES } from '@conversa/shared/enums';
import type {
  Campaign,
  CampaignContact,
  CampaignContactStatus,
  CampaignStatus,
  CreateCampaignBody,
  LinkCampaignContactsBody,
  UpdateCampaignBody,
} from '@conversa/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { http, saveFile } from '../../lib/http';

export const campaignKeys = {
  all: ['campaigns'] as const,
  list: ['campaigns', 'list'] as const,
  one: (id: number) => ['campaigns', 'one', id] as const,
  contacts: (id: number) => ['campaigns', 'contacts', id] as const,
};

export interface CampaignContactsPage {
  contacts: CampaignContact[];
  count: number;
  hasMore: boolean;
}

export interface LinkResult {
  added: number;
  contactCount: number;
  rows?: number;
  rejected?: Record<string, number>;
}

/** What each status allows (SPEC §4; the server refuses the rest with its error code). */
export const campaignCan = {
  edit: (status: CampaignStatus) => CAMPAIGN_EDITABLE_STATUSES.includes(status),
  start: (status: CampaignStatus) => CAMPAIGN_SCHEDULABLE_STATUSES.includes(status),
  cancel: (status: CampaignStatus) => CAMPAIGN_CANCELABLE_STATUSES.includes(status),
  pause: (status: CampaignStatus) => status === 'processing',
  resume: (status: CampaignStatus) => status === 'paused',
  /** A processing campaign is sending: pause it first. */
  remove: (status: CampaignStatus) => status !== 'processing',
};

export function useCampaigns() {
  return useQuery({
    queryKey: campaignKeys.list,
    staleTime: 30_000,
    queryFn: ({ signal }) => http.get<Campaign[]>('/campaigns', { signal }),
  });
}

/** A campaign by id (not asked for an id that cannot be one: a mistyped address). */
export function useCampaign(id: number) {
  return useQuery({
    queryKey: campaignKeys.one(id),
    enabled: Number.isSafeInteger(id) && id > 0,
    staleTime: 30_000,
    queryFn: ({ signal }) => http.get<Campaign>(`/campaigns/${id}`, { signal }),
  });
}

/** A page of the campaign's contacts with each one's status (the report on screen). */
export function useCampaignContacts(id: number, pageNumber: number, status: CampaignContactStatus | null) {
  return useQuery({
    queryKey: [...campaignKeys.contacts(id), pageNumber, status],
    placeholderData: keepPreviousData,
    queryFn: ({ signal }) =>
      http.get<CampaignContactsPage>(`/campaigns/${id}/contacts?pageNumber=${pageNumber}${status ? `&status=${status}` : ''}`, { signal }),
  });
}

/** A campaign's new state (an answer or a socket event) replaces the cached one in the list and its detail. */
export function applyCampaignToCache(qc: QueryClient, campaign: Campaign): void {
  qc.setQueryData<Campaign>(campaignKeys.one(campaign.id), campaign);
  qc.setQueryData<Campaign[]>(campaignKeys.list, (current) => {
    if (!current) return current;
    return current.some((c) => c.id === campaign.id) ? current.map((c) => (c.id === campaign.id ? campaign : c)) : [campaign, ...current];
  });
}

export type CampaignEvent = { action: 'update'; campaign: Campaign } | { action: 'delete'; campaign: { id: number } };

/** The socket event `campaign` (live progress, to admins and supervisors): patches the list, the detail and refreshes the contacts' statuses. */
export function applyCampaignEvent(qc: QueryClient, event: CampaignEvent): void {
  if (event.action === 'delete') {
    qc.setQueryData<Campaign[]>(campaignKeys.list, (current) => current?.filter((c) => c.id !== event.campaign.id));
    qc.removeQueries({ queryKey: campaignKeys.one(event.campaign.id) });
    return;
  }
  applyCampaignToCache(qc, event.campaign);
  void qc.invalidateQueries({ queryKey: campaignKeys.contacts(event.campaign.id) });
}

/** One file change of a message (1–3): a new file, or null to remove the current one. */
export interface MediaChange {
  message: 1 | 2 | 3;
  file: File | null;
}

export type SaveCampaignInput = (
  { id: null; body: CreateCampaignBody; media: MediaChange[] } | { id: number; body: UpdateCampaignBody; media: MediaChange[] }
) & {
  /** Told as soon as a new campaign exists, before its files are sent: a failed upload must not lead to a second campaign. */
  onCreated?: (campaign: Campaign) => void;
};

/** Creates or edits a campaign, then sets or removes the files of its messages (PUT/DELETE /campaigns/{id}/media?message=). */
export function useSaveCampaign() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, body, media, onCreated }: SaveCampaignInput) => {
      let campaign: Campaign;
      if (id === null) {
        campaign = await http.post<Campaign>('/campaigns', body, { silent: true });
        onCreated?.(campaign);
      } else {
        campaign = await http.put<Campaign>(`/campaigns/${id}`, body, { silent: true });
      }
      for (const change of media) {
        const path = `/campaigns/${campaign.id}/media?message=${change.message}`;
        if (change.file) {
          const form = new FormData();
          form.append('file', change.file, change.file.name);
          campaign = await http.put<Campaign>(path, form, { silent: true });
        } else {
          campaign = await http.delete<Campaign>(path, { silent: true });
        }
      }
      return campaign;
    },
    onSuccess: (campaign) => applyCampaignToCache(qc, campaign),
    onSettled: () => qc.invalidateQueries({ queryKey: campaignKeys.list }),
  });
}

export type CampaignAction = 'start' | 'cancel' | 'pause' | 'resume';

/** POST /campaigns/{id}/start|cancel|pause|resume. */
export function useCampaignAction() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action }: { id: number; action: CampaignAction }) => http.post<Campaign>(`/campaigns/${id}/${action}`, undefined),
    onSuccess: (campaign) => applyCampaignToCache(qc, campaign),
  });
}

export function useDeleteCampaign() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => http.delete(`/campaigns/${id}`),
    onSuccess: (_, id) => applyCampaignEvent(qc, { action: 'delete', campaign: { id } }),
  });
}

function afterLinking(qc: QueryClient, id: number) {
  void qc.invalidateQueries({ queryKey: campaignKeys.one(id) });
  void qc.invalidateQueries({ queryKey: campaignKeys.contacts(id) });
  void qc.invalidateQueries({ queryKey: campaignKeys.list });
}

/** Links contacts: every contact matching the contact list's filter (search, tags), or an uploaded CSV/XLSX. */
export function useLinkCampaignContacts(id: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: { filter: LinkCampaignContactsBody } | { file: File }) => {
      if ('filter' in input) return http.post<LinkResult>(`/campaigns/${id}/contacts`, input.filter, { silent: true });
      const form = new FormData();
      form.append('file', input.file, input.file.name);
      return http.upload<LinkResult>(`/campaigns/${id}/contacts/file`, form, { silent: true });
    },
    onSuccess: () => afterLinking(qc, id),
  });
}

/** Unlinks one contact, or every contact that got nothing yet (contactId null). */
export function useUnlinkCampaignContacts(id: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (contactId: number | null) =>
      http.delete<{ removed: number; contactCount: number }>(`/campaigns/${id}/contacts${contactId === null ? '' : `/${contactId}`}`),
    onSuccess: () => afterLinking(qc, id),
  });
}

/** GET /campaigns/{id}/report?format=: the report per contact as a download. */
export async function downloadCampaignReport(id: number, format: 'csv' | 'xlsx'): Promise<void> {
  const file = await http.download(`/campaigns/${id}/report?format=${format}`);
  saveFile(file, `campanha-${id}.${format}`);
}
