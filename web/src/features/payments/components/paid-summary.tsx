import type { PaymentAttempt, PaymentPage } from '@vitrina/contracts';
import { Divider, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { formatMoney } from '@/lib/money';
import type { PaymentsT } from '../i18n/texts';

function Row({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <Group justify="space-between" wrap="nowrap" gap="md">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={600} ta="right" data-testid={testId}>
        {value}
      </Text>
    </Group>
  );
}

/** spec 3 §2 'A path containing pagado': thanks, what was paid and how, and the way back. */
export function PaidSummary({
  page,
  attempt,
  language,
  t,
  actions,
}: {
  page: PaymentPage;
  attempt: PaymentAttempt | null;
  language: string;
  t: PaymentsT;
  actions?: ReactNode;
}) {
  const paid = attempt ?? page.attempt;
  const totalMinor = paid?.total_minor ?? page.amount_minor;
  const currency = paid?.currency ?? page.currency;
  const method = paid ? t(`methods.${paid.method}`) : null;
  const instalments = paid?.instalments && paid.instalments > 1 ? t('paid.instalments', { count: paid.instalments }) : null;
  return (
    <Stack gap="md" data-testid="paid-summary">
      <Group gap="sm" wrap="nowrap">
        <ThemeIcon color="teal" size={44} radius="xl" variant="light">
          <IconCircleCheck size={28} aria-hidden />
        </ThemeIcon>
        <Title order={1} size="h2">
          {t('paid.title')}
        </Title>
      </Group>
      <Text>{t(page.purpose === 'membership' ? 'paid.membershipText' : 'paid.text')}</Text>
      <Divider />
      <Stack gap={6}>
        <Row label={t('paid.amount')} value={formatMoney(totalMinor, currency, language)} testId="paid-amount" />
        {method && <Row label={t('paid.method')} value={instalments ? `${method} · ${instalments}` : method} testId="paid-method" />}
        {page.purpose === 'membership' && page.description ? (
          <Row label={t('paid.package')} value={page.description} testId="paid-package" />
        ) : (
          <Row label={t('paid.order')} value={page.checkout_id} testId="paid-order" />
        )}
      </Stack>
      {actions}
    </Stack>
  );
}
