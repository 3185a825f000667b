import { Alert, List, Radio, Stack, Text } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { PAYMENT_TYPES, type PaymentType } from '@vitrina/contracts';
import type { Checkout } from '../api/types';
import type { CheckoutProgress } from '../lib/progress';
import type { CheckoutT } from '../i18n/texts';
import classes from './checkout.module.css';

interface Props {
  checkout: Checkout;
  progress: CheckoutProgress;
  needsAttendees: boolean;
  needsDelivery: boolean;
  t: CheckoutT;
  /**
   * The payment UI for the ready checkout (the payments feature, wired in by the route: features do not import each
   * other). Without it the section ends at 'ready to pay' with the payment token.
   */
  payment?: ReactNode;
}

/**
 * spec 3 §2 'payment method': until the checkout is ready the supplier's payment types are listed, not selectable,
 * with the steps still missing; once it is ready (the payment token came with the delivery) the payment UI takes over.
 */
export function PaymentSection({ checkout, progress, needsAttendees, needsDelivery, t, payment }: Props) {
  // Every type a supplier can enable has its label (the key type makes a missing one a compile error); a type this
  // build does not know yet shows as it came.
  const label = (type: string) => ((PAYMENT_TYPES as readonly string[]).includes(type) ? t(`payment.types.${type as PaymentType}`) : type);
  const missing = [
    ...(!progress.contact ? [t('steps.contact')] : []),
    ...(needsDelivery && !progress.delivery ? [t('steps.delivery')] : []),
    ...(needsAttendees && !progress.attendees ? [t('steps.attendees')] : []),
  ];
  if (progress.readyToPay && payment) {
    return (
      <Stack gap="sm" data-testid="checkout-payment">
        {payment}
      </Stack>
    );
  }
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
              <Radio key={type} value={type} label={label(type)} disabled data-testid="payment-type" />
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
