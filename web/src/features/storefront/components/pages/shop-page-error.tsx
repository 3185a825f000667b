import { useRouter, type ErrorComponentProps } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '@/components/error-state';

/** A shop page whose data could not load: the shop's frame stays, the page offers a retry. */
export function ShopPageError({ reset }: ErrorComponentProps) {
  const { t } = useTranslation('storefront');
  const router = useRouter();
  return (
    <ErrorState
      title={t('pageError.title')}
      text={t('pageError.text')}
      onRetry={() => {
        reset();
        void router.invalidate();
      }}
    />
  );
}
