import { Badge, Group } from '@mantine/core';
import type { ItemJson } from '@vitrina/contracts';
import type { SupplierT } from '../i18n/texts';

/** publicado / no publicado, plus oculto, agotado and concluida when they apply. */
export function ItemStateBadges({ item, t }: { item: Pick<ItemJson, 'list_state' | 'hiden' | 'sold_out' | 'concluded'>; t: SupplierT }) {
  return (
    <Group gap={6} wrap="wrap" data-testid="item-state-badges">
      {item.list_state === 'published' ? (
        <Badge color="teal" variant="light">
          {t('states.published')}
        </Badge>
      ) : (
        <Badge color="gray" variant="light">
          {t('states.unpublished')}
        </Badge>
      )}
      {item.hiden && (
        <Badge color="orange" variant="light">
          {t('states.hidden')}
        </Badge>
      )}
      {item.sold_out && (
        <Badge color="red" variant="light">
          {t('states.soldOut')}
        </Badge>
      )}
      {item.concluded && (
        <Badge color="grape" variant="light">
          {t('states.concluded')}
        </Badge>
      )}
    </Group>
  );
}
