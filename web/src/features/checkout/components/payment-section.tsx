import { Alert, Badge, Group, List, Radio, Stack, Text } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import type { Checkout } from '../api/types';
import type { CheckoutProgress } from '../lib/progress';
import type { CheckoutT } from '../i18n/texts';
import classes from './checkout.module.css';

const KNOWN_TYPES = ['card', 'paypal', 'cash', 'spei', 'aplazo', 'mobbex'] as const;

interface Props {
  checkout: Checkout;
  progress: CheckoutProgress;
  needsAttendees: boolean;
  needsDelivery: boolean;
  t: CheckoutT;
}

/**
 * spec 3 §2 'payment method': the supplier's enabled payment types, shown but not selectable yet (the payments issue
 * fills this part). The page ends at 'ready to pay' with the payment token once contact, delivery and attendees are set.
 */
export function PaymentSection({ checkout, progress, needsAttendees, needsDelivery, t }: Props) {
  const label = (type: string) =>
    (KNOWN_TYPES as readonly string[]).includes(type) ? t(`payment.types.${type as (typeof KNOWN_TYPES)[number]}`) : type;
  const missing = [
    ...(!progress.contact ? [t('steps.contact')] : []),
    ...(needsDelivery && !progress.delivery ? [t('steps.delivery')] : []),
    ...(needsAttendees && !progress.attendees ? [t('steps.attendees')] : []),
  ];
  return (
    <Stack gap="sm" data-testid="checkout-payment">
      {checkout.enabled_payment_types.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('payment.noTypes')}
        </Text>
      ) : (
        <Radio.Group value={null} aria-describedby="checkout-payment-soon">
          <Stack gap="xs">
            {checkout.enabled_payment_types.map((type) => (
              <Group key={type} justify="space-between" wrap="nowrap">
                <Radio value={type} label={label(type)} disabled data-testid="payment-type" />
                <Badge variant="light" color="gray" size="sm" style={{ flex: 'none' }}>
                  {t('payment.soon')}
                </Badge>
              </Group>
            ))}
          </Stack>
        </Radio.Group>
      )}
      <Text size="xs" c="dimmed" id="checkout-payment-soon">
        {t('payment.text')}
      </Text>
      {progress.readyToPay ? (
        <Alert color="teal" icon={<IconCircleCheck size={20} aria-hidden />} title={t('payment.readyTitle')} data-testid="checkout-ready">
          <Text size="sm">{t('payment.readyText')}</Text>
          <Text size="sm" fw={600} className={classes.token} data-testid="checkout-payment-token">
            {checkout.payment_token}
          </Text>
        </Alert>
      ) : (
        missing.length > 0 && (
          <Alert color="gray" title={t('payment.missingTitle')} data-testid="checkout-missing">
            <List size="sm">
              {missing.map((step) => (
                <List.Item key={step}>{step}</List.Item>
              ))}
            </List>
          </Alert>
        )
      )}
    </Stack>
  );
}
