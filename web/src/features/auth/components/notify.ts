import { notifications } from '@mantine/notifications';
import type { TFunction } from 'i18next';
import { authErrorDetailKey, authErrorMessageKey } from '../domain/auth-errors';

/** spec 2 §9: notices stay 5 s; registration notices 7 s. */
export const NOTICE_MS = 5_000;
export const REGISTRATION_NOTICE_MS = 7_000;

/** spec 2 §8: a failed call shows its code's message in a 'Failed' toast. */
export function notifyFailure(t: TFunction<'auth'>, error: unknown, autoClose = REGISTRATION_NOTICE_MS): void {
  const detail = authErrorDetailKey(error);
  notifications.show({
    color: 'red',
    title: t('toast.failed'),
    message: detail ? `${t(authErrorMessageKey(error))} ${t(detail)}` : t(authErrorMessageKey(error)),
    autoClose,
  });
}

export function notifySuccess(message: string, autoClose = NOTICE_MS, title?: string): void {
  notifications.show({ color: 'teal', message, autoClose, ...(title ? { title } : {}) });
}
