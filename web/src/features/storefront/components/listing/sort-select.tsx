import { NativeSelect } from '@mantine/core';
import { IconArrowsSort } from '@tabler/icons-react';
import { ITEM_SORTS, type ItemSort } from '@vitrina/contracts';
import { useTranslation } from 'react-i18next';

/** spec 1 §2 'Listings': Más relevantes (queue_position), Mayor precio (-list_price), Menor precio (list_price). */
export function SortSelect({ value, onChange }: { value: ItemSort; onChange: (sort: ItemSort) => void }) {
  const { t } = useTranslation('storefront');
  return (
    <NativeSelect
      size="sm"
      label={t('listing.sortLabel')}
      leftSection={<IconArrowsSort size={16} aria-hidden />}
      data={ITEM_SORTS.map((sort) => ({ value: sort, label: t(`listing.sort.${sort}`) }))}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value as ItemSort)}
      styles={{ root: { display: 'flex', alignItems: 'center', gap: 8 }, label: { whiteSpace: 'nowrap' } }}
    />
  );
}
