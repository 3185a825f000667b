import { notifications } from '@mantine/notifications';

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
