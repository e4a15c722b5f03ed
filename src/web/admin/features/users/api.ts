import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { UserCreateInput, UserUpdateInput } from '../../../../shared/schemas/auth';
import { apiRequest } from '../../../lib/api-client';
import type { User } from '../../lib/types';

export const USERS_KEY = ['/api/users'] as const;

export const useUsers = () => useQuery<User[]>({ queryKey: USERS_KEY });

function useUserMutation<TVars>(fn: (vars: TVars) => Promise<unknown>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSettled: () => Promise.all([qc.invalidateQueries({ queryKey: USERS_KEY }), qc.invalidateQueries({ queryKey: ['/api/dashboard-stats'] })]),
  });
}

export const useCreateUser = () => useUserMutation((data: UserCreateInput) => apiRequest<User>('POST', '/api/auth/register', data));
export const useUpdateUser = () => useUserMutation(({ id, data }: { id: number; data: UserUpdateInput }) => apiRequest<User>('PUT', `/api/users/${id}`, data));
export const useDeleteUser = () => useUserMutation((id: number) => apiRequest('DELETE', `/api/users/${id}`));
