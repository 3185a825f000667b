import type { PaymentAttempt } from '@vitrina/contracts';
import { Alert, Anchor, Button, Card, Group, List, Loader, Stack, Text, Title } from '@mantine/core';
import { IconBuildingStore, IconPrinter } from '@tabler/icons-react';
import { formatMoney } from '@/lib/money';
import type { PaymentsT } from '../i18n/texts';
import { Barcode } from './barcode';
import classes from './payments.module.css';
import { usePendingAttempt } from './use-pending-attempt';

interface Props {
  token: string;
  attempt: PaymentAttempt;
  sandbox: boolean;
  language: string;
  t: PaymentsT;
  onPaid: (attempt: PaymentAttempt) => void;
  onRestart?: () => void;
  /** `window.print` unless a test says otherwise. */
  print?: () => void;
  pollMs?: number;
}

export function formatDateTime(iso: string, language: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(language === 'es' ? 'es-MX' : language, { dateStyle: 'long', timeStyle: 'short' }).format(date);
}

/** Cash at a store (spec 3 §9): reference, Code 128 barcode, amount, expiry, stores, printable; paid when it is. */
export function VoucherView({ token, attempt, sandbox, language, t, onPaid, onRestart, print = () => window.print(), pollMs }: Props) {
  const current = usePendingAttempt(token, attempt, onPaid, pollMs);
  const voucher = current.voucher ?? attempt.voucher;
  if (!voucher) return null;
  if (current.status === 'expired') {
    return (
      <Alert color="orange" title={t('voucher.expiredTitle')} data-testid="voucher-expired">
        <Stack gap="sm" align="flex-start">
          <Text size="sm">{t('voucher.expiredText')}</Text>
          {onRestart && <Button onClick={onRestart}>{t('panel.restart')}</Button>}
        </Stack>
      </Alert>
    );
  }
  return (
    <Card withBorder radius="md" padding="lg" className={classes.printable} data-testid="voucher">
      <Stack gap="md">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Title order={3} size="h4">
            {t('voucher.title')}
          </Title>
          <Button
            variant="default"
            leftSection={<IconPrinter size={18} aria-hidden />}
            onClick={print}
            className={classes.noPrint}
            data-testid="voucher-print"
          >
            {t('voucher.print')}
          </Button>
        </Group>
        <Text size="sm">{t('voucher.text')}</Text>
        <Stack gap={2}>
          <Text size="xs" c="dimmed">
            {t('voucher.amount')}
          </Text>
          <Text size="xl" fw={700} data-testid="voucher-amount">
            {formatMoney(voucher.amount_minor, voucher.currency, language)}
          </Text>
        </Stack>
        <Stack gap={4}>
          <Text size="xs" c="dimmed">
            {t('voucher.reference')}
          </Text>
          <Text className={classes.reference} data-testid="voucher-reference">
            {voucher.reference}
          </Text>
          <Barcode value={voucher.barcode} label={t('voucher.barcode', { reference: voucher.reference })} />
        </Stack>
        <Text size="sm" fw={600} data-testid="voucher-expires">
          {t('voucher.expires', { date: formatDateTime(voucher.expires_at, language) })}
        </Text>
        {voucher.stores.length > 0 && (
          <Stack gap={4}>
            <Text size="sm" fw={600}>
              {t('voucher.stores')}
            </Text>
            <List size="sm" icon={<IconBuildingStore size={16} aria-hidden />} data-testid="voucher-stores">
              {voucher.stores.map((store) => (
                <List.Item key={store}>{store}</List.Item>
              ))}
            </List>
          </Stack>
        )}
        <Group gap="xs" wrap="nowrap" className={classes.noPrint} aria-live="polite">
          <Loader size="xs" aria-hidden />
          <Text size="sm" c="dimmed">
            {t('voucher.waiting')}
          </Text>
        </Group>
        {sandbox && (
          <Anchor
            href={`/api/payments/sandbox/vouchers/${encodeURIComponent(voucher.reference)}`}
            target="_blank"
            rel="noopener"
            size="sm"
            className={classes.noPrint}
            data-testid="sandbox-simulate"
          >
            {t('sandbox.simulate')}
          </Anchor>
        )}
      </Stack>
    </Card>
  );
}
