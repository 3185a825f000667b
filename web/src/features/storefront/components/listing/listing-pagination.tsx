import { Center, Pagination } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** 1-based pages (spec 1 §2 'Listings'); hidden when everything fits on one page. */
export function ListingPagination({ page, total, onChange }: { page: number; total: number; onChange: (page: number) => void }) {
  const { t } = useTranslation('storefront');
  if (total <= 1) return null;
  return (
    <Center mt="xl" component="nav" aria-label={t('listing.pages')}>
      <Pagination
        total={total}
        value={Math.min(page, total)}
        onChange={(next) => {
          onChange(next);
          window.scrollTo({ top: 0 });
        }}
        siblings={1}
        boundaries={1}
        getControlProps={(control) => ({ 'aria-label': t(`listing.control.${control}`) })}
        getItemProps={(item) => ({ 'aria-label': t('listing.page', { page: item }), 'aria-current': item === page ? 'page' : undefined })}
      />
    </Center>
  );
}
