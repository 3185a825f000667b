import { notifications } from '@mantine/notifications';
import { isApiError, NETWORK_ERROR_CODE } from '@/api/client';
import type { SupplierT } from '../i18n/texts';

/** spec 1 §8: notices auto-dismiss after 4 to 7 s. */
const NOTICE_MS = 5_000;
const ERROR_MS = 7_000;

export function notifySuccess(message: string): void {
  notifications.show({ color: 'teal', message, autoClose: NOTICE_MS });
}

export function notifyError(message: string, title?: string): void {
  notifications.show({ color: 'red', message, autoClose: ERROR_MS, ...(title ? { title } : {}) });
}

/** The notice for a failed write that no field explains: known codes by name, anything else 'Ocurrió un error'. */
export function notifyWriteError(t: SupplierT, error: unknown): void {
  let message = t('errors.generic');
  if (isApiError(error)) {
    if (error.code === 'slug_taken') message = t('errors.slugTaken');
    else if (error.status === 404) message = t('errors.notFound');
    else if (error.status === 401 || error.status === 403) message = t('errors.forbidden');
    else if (error.code === NETWORK_ERROR_CODE) message = t('errors.network');
  }
  notifyError(message, t('errors.errorTitle'));
}
