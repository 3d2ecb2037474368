import {
  flowMediaSchema,
  type CreateFlowBody,
  type Flow,
  type FlowExport,
  type FlowMedia,
  type UpdateFlowBody,
} from '@conversa/shared/chatbot';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../lib/http';

export const flowKeys = {
  all: ['chat-flows'] as const,
  one: (id: number) => ['chat-flows', id] as const,
};

export function useFlows() {
  return useQuery({
    queryKey: flowKeys.all,
    staleTime: 30_000,
    queryFn: ({ signal }) => http.get<Flow[]>('/chat-flow', { signal }),
  });
}

/** POST /chat-flow/media: stores a file for a media interaction and answers what goes into its `media`. */
export async function uploadFlowMedia(file: File): Promise<FlowMedia> {
  const form = new FormData();
  form.append('file', file, file.name);
  return flowMediaSchema.parse(await http.upload<unknown>('/chat-flow/media', form, { silent: true }));
}

export function useFlow(id: number | null) {
  return useQuery({
    queryKey: flowKeys.one(id ?? 0),
    enabled: id !== null,
    // The builder owns the draft once it is loaded: a refetch must not replace what is being edited.
    staleTime: Infinity,
    refetchOnWindowFocus: false,
    queryFn: ({ signal }) => http.get<Flow>(`/chat-flow/${id}`, { signal }),
  });
}

export function useCreateFlow() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateFlowBody) => http.post<Flow>('/chat-flow', body),
    onSuccess: () => qc.invalidateQueries({ queryKey: flowKeys.all }),
  });
}

export function useUpdateFlow() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: UpdateFlowBody }) => http.put<Flow>(`/chat-flow/${id}`, body),
    onSuccess: (flow) => {
      qc.setQueryData(flowKeys.one(flow.id), flow);
      return qc.invalidateQueries({ queryKey: flowKeys.all, exact: true });
    },
  });
}

export function useDeleteFlow() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => http.delete(`/chat-flow/${id}`),
    onSuccess: () => qc.invalidateQueries({ queryKey: flowKeys.all }),
  });
}

/** POST /chat-flow/import takes the file's text (`json`); the server checks it with the same schema as the form did. */
export function useImportFlow() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (json: string) => http.post<Flow>('/chat-flow/import', { json }),
    onSuccess: () => qc.invalidateQueries({ queryKey: flowKeys.all }),
  });
}

export function useDuplicateFlow() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => http.post<Flow>(`/chat-flow/${id}/duplicate`),
    onSuccess: () => qc.invalidateQueries({ queryKey: flowKeys.all }),
  });
}

/** The flow's JSON file as the server writes it (its draft), for the import. */
export function fetchFlowExport(id: number): Promise<FlowExport> {
  return http.get<FlowExport>(`/chat-flow/${id}/export`);
}

export function usePublishFlow() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => http.post<Flow>(`/chat-flow/${id}/publish`),
    onSuccess: (flow) => {
      qc.setQueryData(flowKeys.one(flow.id), flow);
      return qc.invalidateQueries({ queryKey: flowKeys.all, exact: true });
    },
  });
}
