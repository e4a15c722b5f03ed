import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { RecoveryCodesDto, SecuritySettingsDto, SessionUserDto, TwoFactorSetupDto, TwoFactorStatusDto } from '../../../../shared/api-types';
import type { PasswordChangeInput, TwoFactorDisableInput } from '../../../../shared/schemas/account';
import { apiRequest } from '../../../lib/api-client';

// "Mon compte": password change, two-factor enrolment, and (admins) the two-factor requirement.

export const TWO_FACTOR_KEY = ['/api/auth/two-factor'] as const;
export const SECURITY_SETTINGS_KEY = ['/api/settings/security'] as const;

export const useTwoFactorStatus = () => useQuery<TwoFactorStatusDto>({ queryKey: TWO_FACTOR_KEY });
export const useSecuritySettings = (enabled: boolean) => useQuery<SecuritySettingsDto>({ queryKey: SECURITY_SETTINGS_KEY, enabled });

export const changePassword = (data: PasswordChangeInput) => apiRequest<{ token: string; user: SessionUserDto }>('POST', '/api/auth/password', data);

export const useStartTwoFactor = () => useMutation({ mutationFn: () => apiRequest<TwoFactorSetupDto>('POST', '/api/auth/two-factor/setup') });

function useTwoFactorMutation<TVars, TResult>(fn: (vars: TVars) => Promise<TResult>) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: fn, onSettled: () => qc.invalidateQueries({ queryKey: TWO_FACTOR_KEY }) });
}

export const useEnableTwoFactor = () => useTwoFactorMutation((code: string) => apiRequest<RecoveryCodesDto>('POST', '/api/auth/two-factor/enable', { code }));
export const useDisableTwoFactor = () => useTwoFactorMutation((data: TwoFactorDisableInput) => apiRequest('POST', '/api/auth/two-factor/disable', data));

export function useSetSecuritySettings() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (data: SecuritySettingsDto) => apiRequest<SecuritySettingsDto>('PUT', '/api/settings/security', data),
    onSuccess: (data) => qc.setQueryData(SECURITY_SETTINGS_KEY, data),
  });
}

/** Anonymous: the forgot-password and reset pages have no session. */
export const requestPasswordReset = (email: string) => apiRequest('POST', '/api/auth/password-reset', { email }, { anonymous: true });
export const confirmPasswordReset = (token: string, password: string) =>
  apiRequest('POST', '/api/auth/password-reset/confirm', { token, password }, { anonymous: true });
