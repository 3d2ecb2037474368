import type {
  CreateMassSendBody,
  MassSend,
  MassSendRecipient,
  MassSendRecipientStatus,
  MassSendStatus,
  MassSendTemplateOption,
  MassSendUpload,
} from '@conversa/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { http, saveFile } from '../../lib/http';

export const massSendKeys = {
  all: ['mass-sends'] as const,
  list: ['mass-sends', 'list'] as const,
  recipients: (id: number) => ['mass-sends', 'recipients', id] as const,
  templates: (channelId: number) => ['mass-sends', 'templates', channelId] as const,
};

export interface MassSendRecipientsPage {
  recipients: MassSendRecipient[];
  count: number;
  hasMore: boolean;
}

/** What each status allows (the server refuses the rest with ERR_MASS_SEND_STATUS). */
export const massSendCan = {
  pause: (status: MassSendStatus) => status === 'processing',
  resume: (status: MassSendStatus) => status === 'paused',
  cancel: (status: MassSendStatus) => status === 'processing' || status === 'paused',
};

export function useMassSends() {
  return useQuery({
    queryKey: massSendKeys.list,
    staleTime: 30_000,
    queryFn: ({ signal }) => http.get<MassSend[]>('/mass-sends', { signal }),
  });
}

/** A page of a mass send's recipients with each one's status (the report on screen). */
export function useMassSendRecipients(id: number, pageNumber: number, status: MassSendRecipientStatus | null) {
  return useQuery({
    queryKey: [...massSendKeys.recipients(id), pageNumber, status],
    placeholderData: keepPreviousData,
    queryFn: ({ signal }) =>
      http.get<MassSendRecipientsPage>(`/mass-sends/${id}/recipients`, { query: { pageNumber, ...(status ? { status } : {}) }, signal }),
  });
}

/** The approved templates of a WhatsApp Cloud API connection (read from Meta by the server). */
export function useChannelTemplates(channelId: number | null) {
  return useQuery({
    queryKey: massSendKeys.templates(channelId ?? 0),
    enabled: channelId !== null,
    staleTime: 60_000,
    retry: false,
    queryFn: ({ signal }) => http.get<MassSendTemplateOption[]>('/mass-sends/templates', { query: { whatsappId: channelId! }, signal }),
  });
}

/** A mass send's new state (an answer or a socket event) replaces the cached one in the list; its report is refreshed. */
export function applyMassSendToCache(qc: QueryClient, massSend: MassSend): void {
  qc.setQueryData<MassSend[]>(massSendKeys.list, (current) => {
    if (!current) return current;
    return current.some((m) => m.id === massSend.id) ? current.map((m) => (m.id === massSend.id ? massSend : m)) : [massSend, ...current];
  });
  void qc.invalidateQueries({ queryKey: massSendKeys.recipients(massSend.id) });
}

export type MassSendEvent = { action: 'update'; massSend: MassSend };

/** The socket event `massSend` (live progress, to its creator and the admins and supervisors). */
export function applyMassSendEvent(qc: QueryClient, event: MassSendEvent): void {
  applyMassSendToCache(qc, event.massSend);
}

/** Uploads the file (POST /mass-sends/media) when there is one, then creates and starts the mass send. */
export function useCreateMassSend() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async ({ body, file }: { body: CreateMassSendBody; file: File | null }) => {
      let mediaToken: string | null = null;
      if (file) {
        const form = new FormData();
        form.append('file', file, file.name);
        mediaToken = (await http.upload<MassSendUpload>('/mass-sends/media', form, { silent: true })).mediaToken;
      }
      const payload = body.kind === 'texto' || body.kind === 'textovariavel' ? { ...body, mediaToken } : body;
      return http.post<MassSend>('/mass-sends', payload, { silent: true });
    },
    onSuccess: (massSend) => applyMassSendToCache(qc, massSend),
  });
}

export type MassSendAction = 'pause' | 'resume' | 'cancel';

export function useMassSendAction() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action }: { id: number; action: MassSendAction }) => http.post<MassSend>(`/mass-sends/${id}/${action}`, undefined),
    onSuccess: (massSend) => applyMassSendToCache(qc, massSend),
  });
}

/** GET /mass-sends/{id}/report?format=: the report per recipient as a download. */
export async function downloadMassSendReport(id: number, format: 'csv' | 'xlsx'): Promise<void> {
  const file = await http.download(`/mass-sends/${id}/report?format=${format}`);
  saveFile(file, `envio-em-massa-${id}.${format}`);
}
