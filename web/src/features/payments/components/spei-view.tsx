import type { PaymentAttempt } from '@vitrina/contracts';
import { ActionIcon, Alert, Anchor, Badge, Button, Card, CopyButton, Group, Loader, Stack, Text, Title, Tooltip } from '@mantine/core';
import { IconCheck, IconClock, IconCopy } from '@tabler/icons-react';
import { useState } from 'react';
import { formatMoney } from '@/lib/money';
import { deadlineOf, formatClock } from '../lib/countdown';
import type { PaymentsT } from '../i18n/texts';
import classes from './payments.module.css';
import { useCountdown } from '@/lib/countdown';
import { usePendingAttempt } from './use-pending-attempt';

interface Props {
  token: string;
  attempt: PaymentAttempt;
  sandbox: boolean;
  language: string;
  t: PaymentsT;
  onPaid: (attempt: PaymentAttempt) => void;
  onRestart?: () => void;
  now?: () => number;
  pollMs?: number;
}

function Field({ label, value, copy, t, testId }: { label: string; value: string; copy?: boolean; t: PaymentsT; testId: string }) {
  return (
    <Group justify="space-between" wrap="nowrap" gap="xs">
      <Stack gap={0} style={{ minWidth: 0 }}>
        <Text size="xs" c="dimmed">
          {label}
        </Text>
        <Text fw={600} className={classes.mono} data-testid={testId}>
          {value}
        </Text>
      </Stack>
      {copy && (
        <CopyButton value={value}>
          {({ copied, copy: doCopy }) => (
            <Tooltip label={copied ? t('spei.copied') : t('spei.copy', { what: label })} withArrow>
              <ActionIcon
                variant="light"
                size="lg"
                color={copied ? 'teal' : undefined}
                onClick={doCopy}
                aria-label={copied ? t('spei.copied') : t('spei.copy', { what: label })}
                data-testid={`${testId}-copy`}
              >
                {copied ? <IconCheck size={18} aria-hidden /> : <IconCopy size={18} aria-hidden />}
              </ActionIcon>
            </Tooltip>
          )}
        </CopyButton>
      )}
    </Group>
  );
}

/**
 * SPEI (spec 3 §9 'Bank transfer payment window: 1 hour'): CLABE with a copy button, reference, bank, beneficiary,
 * amount and a countdown to the transfer's expiry; at zero 'La transferencia expiró' and a restart. Paid when it is.
 */
export function SpeiView({ token, attempt, sandbox, language, t, onPaid, onRestart, now, pollMs }: Props) {
  const current = usePendingAttempt(token, attempt, onPaid, pollMs);
  const transfer = current.bank_transfer ?? attempt.bank_transfer;
  const [ranOut, setRanOut] = useState(false);
  const left = useCountdown(deadlineOf(transfer?.expires_at ?? current.expires_at), now, () => setRanOut(true));
  if (!transfer) return null;
  if (ranOut || current.status === 'expired') {
    return (
      <Alert color="orange" title={t('spei.expiredTitle')} data-testid="spei-expired">
        <Stack gap="sm" align="flex-start">
          <Text size="sm">{t('spei.expiredText')}</Text>
          {onRestart && (
            <Button onClick={onRestart} data-testid="spei-restart">
              {t('panel.restart')}
            </Button>
          )}
        </Stack>
      </Alert>
    );
  }
  return (
    <Card withBorder radius="md" padding="lg" data-testid="spei">
      <Stack gap="md">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Title order={3} size="h4">
            {t('spei.title')}
          </Title>
          {left !== null && (
            <Badge
              size="lg"
              variant="light"
              color={left <= 300 ? 'red' : 'blue'}
              leftSection={<IconClock size={16} aria-hidden />}
              className={classes.clock}
              role="timer"
              aria-label={`${t('spei.timeLeft')}: ${formatClock(left)}`}
              data-testid="spei-countdown"
            >
              {formatClock(left)}
            </Badge>
          )}
        </Group>
        <Text size="sm">{t('spei.text')}</Text>
        <Field label={t('spei.clabe')} value={transfer.clabe} copy t={t} testId="spei-clabe" />
        <Field label={t('spei.reference')} value={transfer.reference} copy t={t} testId="spei-reference" />
        <Field label={t('spei.bank')} value={transfer.bank} t={t} testId="spei-bank" />
        <Field label={t('spei.beneficiary')} value={transfer.beneficiary} t={t} testId="spei-beneficiary" />
        <Field
          label={t('spei.amount')}
          value={formatMoney(transfer.amount_minor, transfer.currency, language)}
          t={t}
          testId="spei-amount"
        />
        <Group gap="xs" wrap="nowrap" aria-live="polite">
          <Loader size="xs" aria-hidden />
          <Text size="sm" c="dimmed">
            {t('spei.waiting')}
          </Text>
        </Group>
        {sandbox && (
          <Anchor
            href={`/api/payments/sandbox/transfers/${encodeURIComponent(transfer.clabe)}`}
            target="_blank"
            rel="noopener"
            size="sm"
            data-testid="sandbox-simulate"
          >
            {t('sandbox.simulate')}
          </Anchor>
        )}
      </Stack>
    </Card>
  );
}
