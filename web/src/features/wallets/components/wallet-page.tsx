import { WalletLimits, WALLET_TYPE_ID_PATTERN, type Cashout, type Wallet, type WalletMovement } from '@vitrina/contracts';
import { Alert, Anchor, Badge, Button, Card, Grid, Group, SimpleGrid, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconWallet } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { isApiError } from '@/api/client';
import { ErrorState } from '@/components/error-state';
import { formatMoney } from '@/lib/money';
import { useCashouts, useRequestCashout } from '../api/cashouts';
import { useHistory } from '../api/get-history';
import { useWallet } from '../api/get-wallet';
import { useMovements } from '../api/list-movements';
import { useWalletsT, type WalletsKey, type WalletsT } from '../i18n/texts';
import { formatDate, formatDateTime, orderNumber } from '../lib/format';
import { validateCashout, type CashoutErrors, type CashoutValues } from '../lib/forms';
import { BalanceChart } from './balance-chart';
import { RouteLink } from './route-link';
import { WalletGate } from './wallet-gate';

/** Wallet toasts stay 5 s, top right, like the order toasts. */
const TOAST = { autoClose: 5_000, position: 'top-right' as const };

export interface WalletLinks {
  /**
   * Where a movement's order opens (the customer's purchase for a refund credit, the seller's order otherwise); null
   * when the viewer cannot open it (a collaborator reading the owner's own purchases): the order's number is shown.
   */
  order: (movement: WalletMovement) => string | null;
}

interface Props {
  walletTypeId: string;
  links: WalletLinks;
  /**
   * Another user's wallet, read as their collaborator (issue 16: an accountant or admin of their shop; the server
   * checks the token's role): everything shown, but only the owner asks for a cash-out.
   */
  ownerId?: string;
}

function OrderRef({ to, label }: { to: string | null; label: string }) {
  if (to === null) return <span data-testid="wallet-movement-order-text">{label}</span>;
  return (
    <Anchor component={RouteLink} to={to} size="xs" data-testid="wallet-movement-order">
      {label}
    </Anchor>
  );
}

function Stat({ label, value, hint, testId }: { label: string; value: string; hint?: string; testId: string }) {
  return (
    <Card withBorder radius="md" padding="md">
      <Text size="xs" c="dimmed" fw={600}>
        {label}
      </Text>
      <Text fw={700} size="xl" data-testid={testId}>
        {value}
      </Text>
      {hint && (
        <Text size="xs" c="dimmed">
          {hint}
        </Text>
      )}
    </Card>
  );
}

function errorText(error: unknown, t: WalletsT): string {
  if (isApiError(error)) {
    const known = ['wallet_type_invalid', 'cashout_below_minimum', 'cashout_exceeds_available', 'invalid_clabe'];
    if (known.includes(error.code)) return t(`errors.${error.code}` as WalletsKey);
    if (error.status === 400 || error.status === 422) return t('errors.invalid', { message: error.message });
  }
  return t('errors.generic');
}

function ChartSection({ userId, wallet, t, language }: { userId: string; wallet: Wallet; t: WalletsT; language: string }) {
  const days = WalletLimits.historyDaysDefault;
  const query = useHistory(userId, wallet.wallet_type.id, days);
  return (
    <Card withBorder radius="md" padding="md">
      <Stack gap="sm">
        <Title order={2} size="h5">
          {t('chart.title')}
        </Title>
        {query.isPending ? (
          <Skeleton h={160} data-testid="wallet-chart-loading" />
        ) : query.isError ? (
          <Text size="sm" c="red">
            {t('chart.loadError')}
          </Text>
        ) : (
          <BalanceChart history={query.data} currency={wallet.wallet_type.currency} days={days} t={t} language={language} />
        )}
      </Stack>
    </Card>
  );
}

function MovementRow({
  movement,
  currency,
  links,
  t,
  language,
}: {
  movement: WalletMovement;
  currency: string;
  links: WalletLinks;
  t: WalletsT;
  language: string;
}) {
  const credit = movement.amount_minor >= 0;
  const amount = formatMoney(Math.abs(movement.amount_minor), currency, language);
  return (
    <Group justify="space-between" wrap="nowrap" align="flex-start" py={6} data-testid="wallet-movement">
      <Stack gap={0} style={{ minWidth: 0 }}>
        <Text size="sm" fw={600}>
          {t(`movements.kinds.${movement.kind}`)}
          {movement.part && ` ${t(`movements.parts.${movement.part}`)}`}
        </Text>
        <Text size="xs" c="dimmed">
          {formatDateTime(movement.at, language)}
          {movement.order_id && (
            <>
              {' · '}
              <OrderRef to={links.order(movement)} label={t('movements.order', { id: orderNumber(movement.order_id) })} />
            </>
          )}
        </Text>
      </Stack>
      <Stack gap={0} align="flex-end">
        <Text size="sm" fw={700} c={credit ? 'teal' : 'red'} style={{ whiteSpace: 'nowrap' }} data-testid="wallet-movement-amount">
          {credit ? '+' : '−'}
          {amount}
        </Text>
        <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
          {t('movements.balanceAfter', { amount: formatMoney(movement.balance_after_minor, currency, language) })}
        </Text>
      </Stack>
    </Group>
  );
}

function MovementsSection({
  userId,
  wallet,
  links,
  t,
  language,
}: {
  userId: string;
  wallet: Wallet;
  links: WalletLinks;
  t: WalletsT;
  language: string;
}) {
  const query = useMovements(userId, wallet.wallet_type.id);
  let body;
  if (query.isPending) {
    body = (
      <Stack gap="xs" aria-busy="true" aria-label={t('movements.loading')} data-testid="wallet-movements-loading">
        <Skeleton h={36} />
        <Skeleton h={36} />
        <Skeleton h={36} />
      </Stack>
    );
  } else if (query.isError) {
    body = <ErrorState title={t('movements.loadError')} text={t('page.loadErrorText')} onRetry={() => void query.refetch()} />;
  } else {
    const movements = query.data.pages.flatMap((page) => page.results);
    body =
      movements.length === 0 ? (
        <Stack gap={2} ta="center" py="md" data-testid="wallet-movements-empty">
          <Text fw={600}>{t('movements.empty')}</Text>
          <Text size="sm" c="dimmed">
            {t('movements.emptyText')}
          </Text>
        </Stack>
      ) : (
        <Stack gap={0} data-testid="wallet-movements">
          {movements.map((movement) => (
            <MovementRow
              key={movement.id}
              movement={movement}
              currency={wallet.wallet_type.currency}
              links={links}
              t={t}
              language={language}
            />
          ))}
          {query.isFetchNextPageError && (
            <Alert color="red" variant="light" role="alert" mt="sm">
              {t('movements.loadMoreFailed')}
            </Alert>
          )}
          {query.hasNextPage && (
            <Button
              variant="default"
              onClick={() => void query.fetchNextPage()}
              loading={query.isFetchingNextPage}
              mx="auto"
              mt="sm"
              data-testid="wallet-movements-more"
            >
              {t('movements.loadMore')}
            </Button>
          )}
        </Stack>
      );
  }
  return (
    <Card withBorder radius="md" padding="md">
      <Stack gap="sm">
        <Title order={2} size="h5">
          {t('movements.title')}
        </Title>
        {body}
      </Stack>
    </Card>
  );
}

const CASHOUT_COLORS: Record<Cashout['status'], string> = { requested: 'yellow', paid: 'teal', rejected: 'red' };

function CashoutSection({
  userId,
  wallet,
  t,
  language,
  readOnly,
}: {
  userId: string;
  wallet: Wallet;
  t: WalletsT;
  language: string;
  readOnly: boolean;
}) {
  const type = wallet.wallet_type.id;
  const currency = wallet.wallet_type.currency;
  const cashouts = useCashouts(userId, type);
  const request = useRequestCashout(userId, type);
  const [values, setValues] = useState<CashoutValues>({ amount: '', clabe: '' });
  const [errors, setErrors] = useState<CashoutErrors>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  const money = (minor: number) => formatMoney(minor, currency, language);
  const fieldError = (field: keyof CashoutValues) => {
    const error = errors[field];
    return error ? t(error.key, error.values) : undefined;
  };
  const set = (field: keyof CashoutValues, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const { errors: found, body } = validateCashout(values, wallet.available_for_cashout_minor, money(WalletLimits.cashoutMinMinor));
    setErrors(found);
    if (!body) return;
    setRefusal(null);
    try {
      const cashout = await request.mutateAsync(body);
      setValues({ amount: '', clabe: '' });
      notifications.show({ ...TOAST, color: 'teal', message: t('cashout.done', { amount: money(cashout.amount_minor) }) });
    } catch (error) {
      setRefusal(errorText(error, t));
    }
  };

  return (
    <Card withBorder radius="md" padding="md">
      <Stack gap="md">
        <Title order={2} size="h5">
          {t('cashout.title')}
        </Title>
        {readOnly ? (
          <Text size="sm" c="dimmed" data-testid="wallet-cashout-owner-only">
            {t('cashout.ownerOnly')}
          </Text>
        ) : wallet.available_for_cashout_minor < WalletLimits.cashoutMinMinor ? (
          <Text size="sm" c="dimmed" data-testid="wallet-cashout-nothing">
            {t('cashout.nothing')}
          </Text>
        ) : (
          <form onSubmit={(event) => void submit(event)} noValidate data-testid="wallet-cashout-form">
            <Stack gap="sm">
              <TextInput
                label={t('cashout.amount')}
                description={t('cashout.available', { amount: money(wallet.available_for_cashout_minor) })}
                value={values.amount}
                onChange={(event) => set('amount', event.currentTarget.value)}
                error={fieldError('amount')}
                inputMode="decimal"
                leftSection="$"
                placeholder="0.00"
                data-testid="wallet-cashout-amount"
              />
              <TextInput
                label={t('cashout.clabe')}
                description={t('cashout.clabeHint')}
                value={values.clabe}
                onChange={(event) => set('clabe', event.currentTarget.value)}
                error={fieldError('clabe')}
                inputMode="numeric"
                autoComplete="off"
                maxLength={24}
                data-testid="wallet-cashout-clabe"
              />
              {refusal && (
                <Alert color="red" variant="light" role="alert" data-testid="wallet-cashout-refusal">
                  {refusal}
                </Alert>
              )}
              <Button type="submit" loading={request.isPending} style={{ alignSelf: 'flex-start' }} data-testid="wallet-cashout-submit">
                {t('cashout.submit')}
              </Button>
            </Stack>
          </form>
        )}
        <Stack gap="xs">
          <Title order={3} size="h6">
            {t('cashout.listTitle')}
          </Title>
          {cashouts.isPending ? (
            <Skeleton h={36} />
          ) : cashouts.isError ? (
            <Text size="sm" c="red">
              {t('cashout.listError')}
            </Text>
          ) : cashouts.data.results.length === 0 ? (
            <Text size="sm" c="dimmed" data-testid="wallet-cashouts-empty">
              {t('cashout.listEmpty')}
            </Text>
          ) : (
            <Stack gap={6} data-testid="wallet-cashouts">
              {cashouts.data.results.map((cashout) => (
                <Group key={cashout.id} justify="space-between" wrap="nowrap" data-testid="wallet-cashout">
                  <Stack gap={0}>
                    <Text size="sm" fw={600}>
                      {money(cashout.amount_minor)}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {t('cashout.requestedAt', { date: formatDate(cashout.requested_at, language) })} ·{' '}
                      {t('cashout.to', { clabe: cashout.clabe })}
                    </Text>
                  </Stack>
                  <Badge color={CASHOUT_COLORS[cashout.status]} variant="light">
                    {t(`cashout.status.${cashout.status}`)}
                  </Badge>
                </Group>
              ))}
            </Stack>
          )}
        </Stack>
      </Stack>
    </Card>
  );
}

function WalletBody({ userId, wallet, links, readOnly }: { userId: string; wallet: Wallet; links: WalletLinks; readOnly: boolean }) {
  const { t, i18n } = useWalletsT();
  const language = i18n.language;
  const currency = wallet.wallet_type.currency;
  const money = (minor: number) => formatMoney(minor, currency, language);
  return (
    <Stack gap="md" data-testid="wallet-view">
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="md">
        <Stat label={t('stats.balance')} value={money(wallet.balance_minor)} testId="wallet-balance" />
        <Stat label={t('stats.available')} value={money(wallet.available_for_cashout_minor)} testId="wallet-available" />
        <Stat label={t('stats.held')} value={money(wallet.held_minor)} hint={t('stats.heldHint')} testId="wallet-held" />
        <Stat label={t('stats.nextCutoff')} value={formatDate(wallet.next_cutoff_date, language)} testId="wallet-next-cutoff" />
      </SimpleGrid>
      {wallet.pending_cashout_minor > 0 && (
        <Text size="sm" c="dimmed" data-testid="wallet-pending-cashout">
          {t('stats.pendingCashout')}: {money(wallet.pending_cashout_minor)}
        </Text>
      )}
      <ChartSection userId={userId} wallet={wallet} t={t} language={language} />
      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <MovementsSection userId={userId} wallet={wallet} links={links} t={t} language={language} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <CashoutSection userId={userId} wallet={wallet} t={t} language={language} readOnly={readOnly} />
        </Grid.Col>
      </Grid>
    </Stack>
  );
}

function WalletLoader({ userId, walletTypeId, links, readOnly }: Props & { userId: string; readOnly: boolean }) {
  const { t } = useWalletsT();
  const query = useWallet(userId, walletTypeId);
  if (query.isPending) {
    return (
      <Stack gap="md" aria-busy="true" aria-label={t('page.loading')} data-testid="wallet-loading">
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }}>
          {[0, 1, 2, 3].map((n) => (
            <Skeleton key={n} h={76} />
          ))}
        </SimpleGrid>
        <Skeleton h={180} />
      </Stack>
    );
  }
  if (query.isError) {
    if (isApiError(query.error) && query.error.code === 'wallet_type_invalid') {
      return (
        <Alert color="gray" data-testid="wallet-invalid">
          {t('page.invalidType')}
        </Alert>
      );
    }
    return <ErrorState title={t('page.loadError')} text={t('page.loadErrorText')} onRetry={() => void query.refetch()} />;
  }
  return <WalletBody userId={userId} wallet={query.data} links={links} readOnly={readOnly} />;
}

/**
 * spec 2 §2 `/me/wallet/{wallet_type_id}` and `/admin/monedero/{wallet_type_id}` (§3 'Wallet'): the balance, what may be
 * cashed out and what is held until the next weekly cut-off, the balance over time, the movements and the cash-outs.
 * `/tienda/{shop}/admin/monedero/{wallet_type_id}` shows the shop owner's to their accountants and admins.
 */
export function WalletPage({ walletTypeId, links, ownerId }: Props) {
  const { t } = useWalletsT();
  const type = walletTypeId.toLowerCase();
  return (
    <Stack gap="md" data-testid="wallet-page">
      <Group gap="sm">
        <IconWallet size={28} stroke={1.5} aria-hidden />
        <Stack gap={0}>
          <Title order={1} size="h2">
            {t('page.title')}
          </Title>
          <Text c="dimmed" size="sm">
            {t('page.subtitle', { currency: type.toUpperCase() })}
          </Text>
        </Stack>
      </Group>
      {WALLET_TYPE_ID_PATTERN.test(type) ? (
        <WalletGate>
          {(userId) => (
            <WalletLoader
              userId={ownerId ?? userId}
              walletTypeId={type}
              links={links}
              readOnly={ownerId !== undefined && ownerId !== userId}
            />
          )}
        </WalletGate>
      ) : (
        <Alert color="gray" data-testid="wallet-invalid">
          {t('page.invalidType')}
        </Alert>
      )}
    </Stack>
  );
}
