import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { formatMoney } from '@/lib/money';
import { OrderLimits } from '@vitrina/contracts';
import type { QuoteBody } from '../api/order-actions';
import type { OrdersT } from '../i18n/texts';
import { todayDay } from '../lib/format';
import { validateQuote, type QuoteErrors } from '../lib/forms';

interface Props {
  opened: boolean;
  onClose: () => void;
  onSubmit: (body: QuoteBody) => Promise<boolean>;
  submitting: boolean;
  currency: string;
  language: string;
  t: OrdersT;
  now?: () => Date;
}

/**
 * The seller's confirmation of a pay-later order (spec 3 §4: 'seller confirms with estimated delivery date and
 * shipping cost'): a date from today on, and the cost in pesos with 2 decimals, sent in minor units.
 */
export function QuoteModal({ opened, onClose, onSubmit, submitting, currency, language, t, now = () => new Date() }: Props) {
  const [date, setDate] = useState('');
  const [cost, setCost] = useState('');
  const [errors, setErrors] = useState<QuoteErrors>({});
  const close = () => {
    setErrors({});
    onClose();
  };
  const submit = async () => {
    const result = validateQuote({ date, cost }, now());
    setErrors(result.errors);
    if (result.body && (await onSubmit(result.body))) close();
  };
  const errorText = (key: keyof QuoteErrors) => {
    const error = errors[key];
    if (!error) return undefined;
    if (error.key === 'quote.costTooHigh') return t(error.key, { max: formatMoney(OrderLimits.shippingCostMaxMinor, currency, language) });
    return t(error.key, error.values);
  };
  return (
    <Modal opened={opened} onClose={close} title={t('quote.title')} centered data-testid="quote-modal">
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            {t('quote.text')}
          </Text>
          <TextInput
            type="date"
            label={t('quote.date')}
            withAsterisk
            min={todayDay(now())}
            value={date}
            onChange={(event) => setDate(event.currentTarget.value)}
            error={errorText('date')}
            data-testid="quote-date"
          />
          <TextInput
            label={t('quote.cost')}
            description={t('quote.costHint')}
            withAsterisk
            inputMode="decimal"
            leftSection="$"
            value={cost}
            onChange={(event) => setCost(event.currentTarget.value)}
            error={errorText('cost')}
            data-testid="quote-cost"
          />
          <Group justify="flex-end">
            <Button type="submit" loading={submitting} data-testid="quote-submit">
              {t('quote.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
