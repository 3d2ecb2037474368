import type { AdminPlan, Plan } from '@conversa/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { http } from '../../lib/http';

export type PlanInput = Omit<Plan, 'id'>;

const planKeys = { all: ['plans', 'admin'] as const };

export function usePlans() {
  return useQuery({
    queryKey: planKeys.all,
    // With how many companies are on each plan (the plan form's confirmation).
    queryFn: ({ signal }) => http.get<AdminPlan[]>('/plans/', { signal }),
  });
}

function useInvalidatePlans() {
  const qc = useQueryClient();
  // The public list (sign-up) changes too.
  return () => qc.invalidateQueries({ queryKey: ['plans'] });
}

export function useCreatePlan() {
  const invalidate = useInvalidatePlans();
  return useMutation({ mutationFn: (input: PlanInput) => http.post<Plan>('/plans', input), onSuccess: invalidate });
}

export function useUpdatePlan() {
  const invalidate = useInvalidatePlans();
  return useMutation({
    mutationFn: ({ id, input }: { id: number; input: PlanInput }) => http.put<Plan>(`/plans/${id}`, input),
    onSuccess: invalidate,
  });
}

export function useDeletePlan() {
  const invalidate = useInvalidatePlans();
  return useMutation({ mutationFn: (id: number) => http.delete(`/plans/${id}`), onSuccess: invalidate });
}
