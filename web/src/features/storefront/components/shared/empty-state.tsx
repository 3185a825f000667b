import { Center, Stack, Text, Title } from '@mantine/core';
import { IconMoodEmpty } from '@tabler/icons-react';
import type { ReactNode } from 'react';

/** An empty list says so, and what to do next. */
export function EmptyList({ title, text, action }: { title: string; text?: string; action?: ReactNode }) {
  return (
    <Center py={48} px="md">
      <Stack align="center" gap="xs" maw={420} data-testid="empty-state">
        <Text c="dimmed" aria-hidden>
          <IconMoodEmpty size={44} stroke={1.25} />
        </Text>
        <Title order={2} size="h4" ta="center">
          {title}
        </Title>
        {text && (
          <Text c="dimmed" ta="center" size="sm">
            {text}
          </Text>
        )}
        {action}
      </Stack>
    </Center>
  );
}
