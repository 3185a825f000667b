import { Group, Skeleton } from '@mantine/core';

/** Holds the header's account corner (spec 1 §2: skeletons while the profile loads) until its code arrives. */
export function AccountSlotPlaceholder() {
  return (
    <>
      <Group gap="xs" visibleFrom="sm" wrap="nowrap" aria-hidden>
        <Skeleton height={34} width={110} radius="md" />
        <Skeleton height={34} width={110} radius="md" />
      </Group>
      <Skeleton hiddenFrom="sm" height={34} circle aria-hidden />
    </>
  );
}
