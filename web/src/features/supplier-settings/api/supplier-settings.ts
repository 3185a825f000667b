import type { SupplierSettings } from '@vitrina/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SettingsBody } from '../lib/settings-form';
import { api, unwrap } from '@/api/client';

export const supplierSettingsKey = (userId: string) => ['supplier-settings', userId] as const;

/** `GET /checkout/supplier-settings`: the signed-in supplier's own (defaults when never saved). */
export function getSupplierSettings(): Promise<SupplierSettings> {
  return unwrap(api.GET('/api/checkout/supplier-settings'));
}

export function supplierSettingsQueryOptions(userId: string) {
  return queryOptions({ queryKey: supplierSettingsKey(userId), queryFn: getSupplierSettings });
}

export function useSupplierSettings(userId: string) {
  return useQuery(supplierSettingsQueryOptions(userId));
}

/** `PUT /checkout/supplier-settings`: replaces the whole document. */
export function saveSupplierSettings(body: SettingsBody): Promise<SupplierSettings> {
  return unwrap(api.PUT('/api/checkout/supplier-settings', { body }));
}

export function useSaveSupplierSettings(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveSupplierSettings,
    onSuccess: (settings) => queryClient.setQueryData(supplierSettingsKey(userId), settings),
  });
}
