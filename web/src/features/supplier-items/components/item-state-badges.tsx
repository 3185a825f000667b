import { Badge, Group } from '@mantine/core';
import type { ItemJson } from '@vitrina/contracts';
import type { SupplierT } from '../i18n/texts';

/** The flags that add a badge when set, in the order they show. */
const FLAG_BADGES = [
  { flag: 'hiden', color: 'orange', label: 'states.hidden' },
  { flag: 'sold_out', color: 'red', label: 'states.soldOut' },
  { flag: 'concluded', color: 'grape', label: 'states.concluded' },
] as const;

/** publicado / no publicado, plus oculto, agotado and concluida when they apply. */
export function ItemStateBadges({ item, t }: { item: Pick<ItemJson, 'list_state' | 'hiden' | 'sold_out' | 'concluded'>; t: SupplierT }) {
  const published = item.list_state === 'published';
  return (
    <Group gap={6} wrap="wrap" data-testid="item-state-badges">
      <Badge color={published ? 'teal' : 'gray'} variant="light">
        {published ? t('states.published') : t('states.unpublished')}
      </Badge>
      {FLAG_BADGES.filter(({ flag }) => item[flag]).map(({ flag, color, label }) => (
        <Badge key={flag} color={color} variant="light">
          {t(label)}
        </Badge>
      ))}
    </Group>
  );
}
