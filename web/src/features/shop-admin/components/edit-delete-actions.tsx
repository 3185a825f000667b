import { ActionIcon, Group } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { useShopAdminTranslation } from '@/features/shop-admin/i18n/texts';

/** The edit and delete buttons of a row in the owner's banner and header lists. */
export function EditDeleteActions({ onEdit, onDelete, deleting }: { onEdit: () => void; onDelete: () => void; deleting: boolean }) {
  const { t } = useShopAdminTranslation();
  return (
    <Group gap={4} wrap="nowrap">
      <ActionIcon variant="subtle" aria-label={t('common.edit')} onClick={onEdit}>
        <IconPencil size={16} />
      </ActionIcon>
      <ActionIcon variant="subtle" color="red" aria-label={t('common.delete')} onClick={onDelete} loading={deleting}>
        <IconTrash size={16} />
      </ActionIcon>
    </Group>
  );
}
