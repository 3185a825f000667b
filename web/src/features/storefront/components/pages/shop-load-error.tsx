import { useRouter } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '@/components/error-state';
import { PageShell } from '@/components/layout/page-shell';
import { useFirstPaintDone } from '@/lib/first-paint';

/** The shop could not be loaded (gateway down, network failure, 5xx): say so and offer a retry. */
export function ShopLoadError() {
  useFirstPaintDone();
  const { t } = useTranslation();
  const router = useRouter();
  return (
    <PageShell>
      <ErrorState title={t('shop.loadError.title')} text={t('shop.loadError.text')} onRetry={() => void router.invalidate()} />
    </PageShell>
  );
}
