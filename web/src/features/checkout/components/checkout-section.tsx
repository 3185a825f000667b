import { Box, Card, Group, Stack, Title, VisuallyHidden } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import classes from './checkout.module.css';

interface Props {
  number: number;
  title: string;
  done?: boolean;
  doneLabel?: string;
  /** A section that cannot be filled yet (an earlier one is missing) is shown dimmed. */
  disabled?: boolean;
  testId: string;
  actions?: ReactNode;
  children?: ReactNode;
}

/** One numbered part of the single-page checkout (spec 3 §2): contact, address, delivery, attendees, payment. */
export function CheckoutSection({ number, title, done = false, doneLabel, disabled = false, testId, actions, children }: Props) {
  return (
    <Card
      withBorder
      padding="md"
      radius="md"
      component="section"
      aria-labelledby={`${testId}-title`}
      data-testid={testId}
      opacity={disabled ? 0.6 : 1}
    >
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap" gap="sm">
          <Group gap="sm" wrap="nowrap">
            <span className={`${classes.stepNumber} ${done ? classes.stepDone : ''}`} aria-hidden>
              {done ? <IconCheck size={16} /> : number}
            </span>
            <Title order={2} size="h4" id={`${testId}-title`}>
              {title}
              {done && doneLabel ? <VisuallyHidden> ({doneLabel})</VisuallyHidden> : null}
            </Title>
          </Group>
          {actions}
        </Group>
        {children && <Box>{children}</Box>}
      </Stack>
    </Card>
  );
}
