import type { CreateQuickMessageBody, QuickMessage, QuickMessageUpload, UpdateQuickMessageBody } from '@conversa/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../lib/http';

export const quickMessageKeys = {
  all: ['quick-messages'] as const,
  /** The active ones, for the composer. */
  active: ['quick-messages', 'active'] as const,
};

/** GET /fastreply: all of them (the screen of supervisors and admins), or the active ones (composer). */
export function useQuickMessages(options: { activeOnly?: boolean; enabled?: boolean } = {}) {
  const activeOnly = options.activeOnly ?? false;
  return useQuery({
    queryKey: activeOnly ? quickMessageKeys.active : [...quickMessageKeys.all, 'list'],
    enabled: options.enabled ?? true,
    staleTime: 60_000,
    queryFn: ({ signal }) => http.get<QuickMessage[]>(activeOnly ? '/fastreply?activeOnly=true' : '/fastreply', { signal }),
  });
}

/** The file of a quick message, uploaded before the record that names it (POST /fastreply/media). */
export function uploadQuickMessageMedia(file: File): Promise<QuickMessageUpload> {
  const form = new FormData();
  form.append('medias', file, file.name);
  return http.upload<QuickMessageUpload>('/fastreply/media', form, { silent: true });
}

export type SaveQuickMessageInput =
  { id: null; body: CreateQuickMessageBody; file?: File | null } | { id: number; body: UpdateQuickMessageBody; file?: File | null };

/** Creates or edits a quick message; a chosen file is uploaded first and named by its token. */
export function useSaveQuickMessage() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, body, file }: SaveQuickMessageInput) => {
      const mediaToken = file ? (await uploadQuickMessageMedia(file)).mediaToken : undefined;
      const withFile = mediaToken ? { ...body, mediaToken } : body;
      return id === null
        ? http.post<QuickMessage>('/fastreply', withFile, { silent: true })
        : http.put<QuickMessage>(`/fastreply/${id}`, withFile, { silent: true });
    },
    onSuccess: () => qc.invalidateQueries({ queryKey: quickMessageKeys.all }),
  });
}

export function useDeleteQuickMessage() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => http.delete(`/fastreply/${id}`),
    onSuccess: () => qc.invalidateQueries({ queryKey: quickMessageKeys.all }),
  });
}
