import { Alert, Badge, Button, Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { Membership, MembershipStatus } from '@vitrina/contracts';
import { formatDate } from '@/lib/dates';
import { ratePercent } from '../domain/rates';
import { usePlansT, type PlansKey } from '../i18n/texts';

const STATUS_COLOR: Record<Exclude<MembershipStatus, 'none'>, string> = { active: 'teal', grace: 'yellow', lapsed: 'red' };

export interface MembershipSummaryProps {
  membership: Membership | undefined;
  status: 'pending' | 'error' | 'success';
  onRetry: () => void;
  /** The payment page of a payment token (`/me/payments/{token}`). */
  paymentHref: (token: string) => string;
}

/**
 * The signed-in user's plan on top of the packages (issue 16): its name and status, the next charge, the rate their
 * resales earn, and a link to the payment page of a renewal or purchase waiting to be paid.
 */
export function MembershipSummary({ membership, status, onRetry, paymentHref }: MembershipSummaryProps) {
  const { t, i18n } = usePlansT();
  const packageName = (id: string, fallback = id) => t(`packages.${id}.name` as PlansKey, { defaultValue: fallback });

  if (status === 'pending') {
    return (
      <Card withBorder radius="lg" padding="lg" aria-busy="true" aria-label={t('membership.loading')}>
        <Stack gap="sm">
          <Skeleton h={20} w={120} />
          <Skeleton h={28} w="50%" />
          <Skeleton h={16} w="70%" />
        </Stack>
      </Card>
    );
  }
  if (status === 'error' || !membership) {
    return (
      <Alert color="orange" role="alert" data-testid="membership-error">
        <Group justify="space-between" gap="sm">
          <Text size="sm">{t('membership.error')}</Text>
          <Button size="xs" variant="light" onClick={onRetry}>
            {t('membership.retry')}
          </Button>
        </Group>
      </Alert>
    );
  }

  const held = membership.package && membership.status !== 'none' ? membership.package : null;
  const pending = membership.pending;
  return (
    <Card component="section" withBorder radius="lg" padding="lg" aria-labelledby="membership-title" data-testid="membership-summary">
      <Stack gap="sm">
        <Title order={2} size="h4" id="membership-title">
          {t('membership.title')}
        </Title>
        {held ? (
          <Group gap="sm" wrap="wrap">
            <Text fw={700} size="lg" data-testid="membership-package">
              {packageName(held.id, held.name)}
            </Text>
            {membership.status !== 'none' && (
              <Badge color={STATUS_COLOR[membership.status]} variant="light" data-testid="membership-status">
                {t(`membership.status.${membership.status}`)}
              </Badge>
            )}
          </Group>
        ) : (
          <Text>{t('membership.none')}</Text>
        )}

        {(membership.status === 'active' || membership.status === 'grace') && membership.charge_date && (
          <Group gap={6}>
            <Text size="sm" c="dimmed">
              {t('membership.nextCharge')}:
            </Text>
            <Text size="sm" fw={600} data-testid="membership-charge-date">
              {formatDate(membership.charge_date, i18n.language)}
            </Text>
          </Group>
        )}
        {membership.status === 'grace' && membership.lapses_at && (
          <Text size="sm">{t('membership.lapsesAt', { date: formatDate(membership.lapses_at, i18n.language) })}</Text>
        )}
        {membership.status === 'lapsed' && <Text size="sm">{t('membership.lapsed')}</Text>}
        <Text size="sm" c="dimmed">
          {t('membership.rate', { rate: ratePercent(membership.plan_commission_rate, i18n.language) })}
        </Text>

        {pending && (
          <Alert color={pending.kind === 'renewal' ? 'yellow' : 'blue'} data-testid="membership-pending">
            <Group justify="space-between" gap="sm">
              <Text size="sm">
                {pending.kind === 'renewal'
                  ? t('membership.pendingRenewal')
                  : t('membership.pendingPurchase', { name: packageName(pending.package_id) })}
              </Text>
              <Button component="a" href={paymentHref(pending.payment_token)} size="sm">
                {pending.kind === 'renewal' ? t('membership.payRenewal') : t('membership.continuePayment')}
              </Button>
            </Group>
          </Alert>
        )}
      </Stack>
    </Card>
  );
}
