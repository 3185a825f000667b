import { Card, Group, Skeleton, Stack } from '@mantine/core';

/** spec 3 §2 order lists: the skeleton of a few rows while the first page loads. */
export function OrderListSkeleton({ label, rows = 3 }: { label: string; rows?: number }) {
  return (
    <Stack gap="sm" aria-busy="true" aria-label={label} data-testid="orders-loading">
      {Array.from({ length: rows }, (_, index) => (
        <Card key={index} withBorder radius="md" padding="md">
          <Group wrap="nowrap" align="flex-start">
            <Skeleton h={64} w={64} radius="sm" />
            <Stack gap={8} flex={1}>
              <Skeleton h={14} w="50%" />
              <Skeleton h={12} w="70%" />
              <Skeleton h={12} w="30%" />
            </Stack>
          </Group>
        </Card>
      ))}
    </Stack>
  );
}
