import { notifications } from '@mantine/notifications';
import { useShopAdminTranslation } from '@/features/shop-admin/i18n/texts';
import { SHOP_ADMIN_ERROR_VALUES, shopAdminErrorKey } from '../domain/api-errors';

/** spec 1 §8: notices auto-dismiss after 4 to 7 s. */
export const NOTICE_MS = 5_000;
/** spec 1 §9: warning notices auto-dismiss after 4 s. */
export const WARNING_MS = 4_000;

export function notifySuccess(message: string): void {
  notifications.show({ color: 'teal', message, autoClose: NOTICE_MS });
}

export function notifyError(message: string, title?: string): void {
  notifications.show({ color: 'red', message, autoClose: 7_000, ...(title ? { title } : {}) });
}

export function notifyWarning(message: string): void {
  notifications.show({ color: 'yellow', message, autoClose: WARNING_MS });
}

/** A refused write in the owner's language (domain/api-errors.ts), under the title 'Error'. */
export function useNotifyApiError(): (error: unknown) => void {
  const { t } = useShopAdminTranslation();
  return (error: unknown) => notifyError(t(shopAdminErrorKey(error), SHOP_ADMIN_ERROR_VALUES), t('common.error'));
}
