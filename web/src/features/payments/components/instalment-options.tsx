import type { InstalmentOption } from '@vitrina/contracts';
import { Group, Radio, Stack, Text } from '@mantine/core';
import { formatMoney } from '@/lib/money';
import type { PaymentsT } from '../i18n/texts';
import classes from './payments.module.css';

interface Props {
  /** 'msi': card months, with a one-payment choice first; 'plan': aplazo's plans (one must be chosen). */
  kind: 'msi' | 'plan';
  options: InstalmentOption[];
  /** Months chosen, null for one payment. */
  value: number | null;
  onChange: (months: number | null) => void;
  /** The checkout's amount, for the one-payment choice. */
  amountMinor: number;
  currency: string;
  language: string;
  disabled?: boolean;
  description?: string;
  t: PaymentsT;
}

/**
 * spec 3 §9 'Payment options: single payment, instalments (msi_payments), a deferred-payment provider where the
 * amount rises with the number of monthly payments': each option says the monthly amount, what financing adds and
 * the total.
 */
export function InstalmentOptions({ kind, options, value, onChange, amountMinor, currency, language, disabled, description, t }: Props) {
  const money = (minor: number) => formatMoney(minor, currency, language);
  return (
    <Radio.Group
      value={value === null ? 'single' : String(value)}
      onChange={(next) => onChange(next === 'single' ? null : Number(next))}
      label={t(kind === 'msi' ? 'msi.label' : 'aplazo.label')}
      description={description}
      data-testid={kind === 'msi' ? 'msi-options' : 'plan-options'}
    >
      <Stack gap={6} mt="xs">
        {kind === 'msi' && (
          <Radio.Card value="single" radius="md" className={classes.optionCard} disabled={disabled} data-testid="msi-option">
            <Group wrap="nowrap" gap="sm">
              <Radio.Indicator />
              <Text size="sm">{t('msi.single', { total: money(amountMinor) })}</Text>
            </Group>
          </Radio.Card>
        )}
        {options.map((option) => (
          <Radio.Card
            key={option.months}
            value={String(option.months)}
            radius="md"
            className={classes.optionCard}
            disabled={disabled}
            data-testid={kind === 'msi' ? 'msi-option' : 'plan-option'}
          >
            <Group wrap="nowrap" gap="sm" align="flex-start">
              <Radio.Indicator mt={2} />
              <Stack gap={0}>
                <Text size="sm" fw={600}>
                  {t(kind === 'msi' ? 'msi.option' : 'aplazo.option', { months: option.months, monthly: money(option.monthly_minor) })}
                </Text>
                <Text size="xs" c="dimmed">
                  {option.financing_cost_minor > 0
                    ? t('msi.cost', { cost: money(option.financing_cost_minor), total: money(option.total_minor) })
                    : t('msi.noCost', { total: money(option.total_minor) })}
                </Text>
              </Stack>
            </Group>
          </Radio.Card>
        ))}
      </Stack>
    </Radio.Group>
  );
}
