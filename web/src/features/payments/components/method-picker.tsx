import { PAY_LATER_TYPES, type PayLaterType, type PaymentMethod, type PaymentType } from '@vitrina/contracts';
import { Group, Radio, Stack, Text } from '@mantine/core';
import {
  IconBrandPaypal,
  IconBuildingBank,
  IconCalendarDollar,
  IconCash,
  IconCreditCard,
  IconReceipt,
  IconTruckDelivery,
  IconWallet,
} from '@tabler/icons-react';
import type { ComponentType } from 'react';
import type { PaymentsT } from '../i18n/texts';
import classes from './payments.module.css';

/** What the picker offers: the methods paid now, and the pay-later ones that place the order at once (issue 13). */
export type PickerMethod = PaymentMethod | PayLaterType;

const ICONS: Record<PickerMethod, ComponentType<{ size?: number; 'aria-hidden'?: boolean }>> = {
  card: IconCreditCard,
  paypal: IconBrandPaypal,
  mobbex: IconWallet,
  aplazo: IconCalendarDollar,
  cash: IconCash,
  spei: IconBuildingBank,
  ondelivery: IconTruckDelivery,
  deposit: IconReceipt,
};

/** The methods in the order the page offers them (the supplier enables them). */
export const METHOD_ORDER: readonly PickerMethod[] = ['card', 'paypal', 'mobbex', 'aplazo', 'cash', 'spei', 'ondelivery', 'deposit'];

export function orderedMethods(enabled: readonly PaymentType[]): PickerMethod[] {
  return METHOD_ORDER.filter((method) => enabled.includes(method));
}

export function isPayLater(method: PickerMethod | null): method is PayLaterType {
  return method !== null && (PAY_LATER_TYPES as readonly string[]).includes(method);
}

interface Props {
  methods: PickerMethod[];
  value: PickerMethod | null;
  onChange: (method: PickerMethod) => void;
  disabled?: boolean;
  t: PaymentsT;
}

/** spec 3 §2 'payment method': the supplier's enabled methods as radio cards (arrow keys move between them). */
export function MethodPicker({ methods, value, onChange, disabled, t }: Props) {
  return (
    <Radio.Group value={value} onChange={(next) => onChange(next)} label={t('panel.methodsLabel')} data-testid="payment-methods">
      <div className={classes.methods} style={{ marginTop: 'var(--mantine-spacing-xs)' }}>
        {methods.map((method) => {
          const Icon = ICONS[method];
          return (
            <Radio.Card
              key={method}
              value={method}
              radius="md"
              className={classes.methodCard}
              disabled={disabled}
              data-testid={`payment-method-${method}`}
            >
              <Group wrap="nowrap" gap="sm" align="flex-start">
                <Radio.Indicator mt={2} />
                <Icon size={22} aria-hidden />
                <Stack gap={0} style={{ minWidth: 0 }}>
                  <Text size="sm" fw={600}>
                    {t(`methods.${method}`)}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {t(`hints.${method}`)}
                  </Text>
                </Stack>
              </Group>
            </Radio.Card>
          );
        })}
      </div>
    </Radio.Group>
  );
}
