import { notifications } from '@mantine/notifications';
import type { TFunction } from 'i18next';
import { CatalogueLimits } from '@vitrina/contracts';

/** spec 1 §5, §9: a name is cut at 100 characters for sharing. */
export function shareName(name: string): string {
  return name.length > CatalogueLimits.shareNameMax ? name.slice(0, CatalogueLimits.shareNameMax) : name;
}

/** Copies a link and says so (notices auto-dismiss in 4 s, spec 1 §8). */
export async function copyLink(url: string, t: TFunction<'storefront'>): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(url);
    notifications.show({ message: t('share.copied'), color: 'teal', autoClose: 4000 });
    return true;
  } catch {
    notifications.show({ message: t('share.copyFailed', { url }), color: 'orange', autoClose: 7000 });
    return false;
  }
}

/** The system share sheet where there is one (phones), else copy the link. */
export async function shareOrCopy({ title, url }: { title: string; url: string }, t: TFunction<'storefront'>): Promise<void> {
  if (typeof navigator.share === 'function') {
    try {
      await navigator.share({ title: shareName(title), url });
      return;
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') return; // the visitor closed the sheet
    }
  }
  await copyLink(url, t);
}
