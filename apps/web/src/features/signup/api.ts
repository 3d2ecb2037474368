import type { Plan } from '@conversa/shared';
import { useMutation, useQuery } from '@tanstack/react-query';
import { http } from '../../lib/http';

export interface SignupInput {
  name: string;
  identity: string;
  email: string;
  phone: string;
  password: string;
  planId: number;
}

/** The plans offered by public sign-up (the login page checks there is one): silent, no loading overlay over the form. */
export function usePublicPlans() {
  return useQuery({
    queryKey: ['plans', 'public'],
    queryFn: ({ signal }) => http.get<Plan[]>('/plans/public', { signal, silent: true }),
  });
}

export function useSignup() {
  return useMutation({
    mutationFn: (input: SignupInput) => http.post<{ message: string }>('/signup', input),
  });
}
