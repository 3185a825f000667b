import type { PurchaseOrder } from '@vitrina/contracts';
import { Text, ThemeIcon, Timeline } from '@mantine/core';
import { IconCheck, IconX } from '@tabler/icons-react';
import type { OrdersT } from '../i18n/texts';
import { formatDateTime } from '../lib/format';
import { timelineOf } from '../lib/order-states';

/** The order's steps (spec 3 §3 'Order states', §4 'Purchase order flow'), each with when it was reached. */
export function OrderTimeline({ order, t, language }: { order: PurchaseOrder; t: OrdersT; language: string }) {
  const steps = timelineOf(order);
  const active = steps.reduce((last, step, index) => (step.status === 'pending' ? last : index), 0);
  const cancelled = steps.some((step) => step.status === 'cancelled');
  return (
    <Timeline active={active} bulletSize={22} lineWidth={2} color={cancelled ? 'red' : undefined} data-testid="order-timeline">
      {steps.map((step) => (
        <Timeline.Item
          key={step.state}
          data-testid={`timeline-${step.state}`}
          data-status={step.status}
          aria-current={step.status === 'current' ? 'step' : undefined}
          bullet={
            step.status === 'cancelled' ? (
              <ThemeIcon color="red" size={22} radius="xl">
                <IconX size={14} aria-hidden />
              </ThemeIcon>
            ) : step.status === 'done' ? (
              <IconCheck size={14} aria-hidden />
            ) : undefined
          }
          title={
            <Text
              fw={step.status === 'current' || step.status === 'cancelled' ? 700 : 500}
              size="sm"
              c={step.status === 'pending' ? 'dimmed' : undefined}
            >
              {t(`states.${step.state}`)}
            </Text>
          }
        >
          {step.at && step.status !== 'pending' && (
            <Text size="xs" c="dimmed">
              {formatDateTime(step.at, language)}
            </Text>
          )}
        </Timeline.Item>
      ))}
    </Timeline>
  );
}
