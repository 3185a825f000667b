import { Avatar, Button, Group, NavLink, ScrollArea, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useCollaborations } from '../api/collaborations';

/** spec 2 §9: the collaborations list scrolls past 300 px. */
const LIST_MAX_HEIGHT = 300;

/**
 * spec 1 §2 'Shop side menu' (issue 16): the shops the user works in as a collaborator (photo, name, link), 5 at a
 * time with 'Ver más'; nothing at all for a user who collaborates nowhere, or when the list cannot be read.
 */
export function CollaborationsList({ userId, onNavigate }: { userId: string; onNavigate: () => void }) {
  const { t } = useTranslation('accountMenu');
  const query = useCollaborations(userId);
  const shops = query.data?.pages.flatMap((p) => p.results) ?? [];
  if (shops.length === 0) return null;
  return (
    <Stack gap={4} data-testid="collaborations">
      <Text size="xs" fw={600} tt="uppercase" c="dimmed" px="sm">
        {t('collaborations')}
      </Text>
      <ScrollArea.Autosize mah={LIST_MAX_HEIGHT} type="auto">
        {shops.map((shop) => (
          <NavLink
            key={shop.shop_id}
            component="a"
            href={shop.url}
            onClick={onNavigate}
            label={shop.name}
            description={t(`roles.${shop.role}`)}
            leftSection={<Avatar src={shop.photo} alt="" name={shop.name} color="initials" radius="sm" size={28} />}
            data-testid="collaboration"
          />
        ))}
      </ScrollArea.Autosize>
      {query.hasNextPage && (
        <Group px="sm">
          <Button variant="subtle" size="compact-sm" loading={query.isFetchingNextPage} onClick={() => void query.fetchNextPage()}>
            {t('moreCollaborations')}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
