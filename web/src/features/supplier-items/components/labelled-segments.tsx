import { SegmentedControl, Stack, Text, type SegmentedControlProps } from '@mantine/core';

/** A SegmentedControl under a visible label (Mantine's has none), named by it for screen readers. */
export function LabelledSegments({ labelId, label, ...props }: SegmentedControlProps & { labelId: string; label: string }) {
  return (
    <Stack gap={4}>
      <Text size="sm" fw={500} id={labelId}>
        {label}
      </Text>
      <SegmentedControl aria-labelledby={labelId} {...props} />
    </Stack>
  );
}
