import { Alert, Card, Group, Loader, Skeleton, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { isApiError } from '@/api/client';
import { ErrorState } from '@/components/error-state';
import { LinkButton } from '@/components/link-button';
import { useSession } from '@/lib/session/use-session';
import { ATTEMPT_POLL_MS } from '../api/get-attempt';
import { ORDER_POLL_MAX_MS, ORDER_POLL_MS, useOrderOfCheckout } from '../api/get-order-by-checkout';
import { paymentPageQueryOptions } from '../api/get-payment-page';
import { usePaymentsT, type PaymentsT } from '../i18n/texts';
import { PaidSummary } from './paid-summary';
import { SignInPrompt } from './sign-in-prompt';

interface Props {
  shopSlug: string;
  checkoutId: string;
  /** The payment token (in the URL, so the page works on reload). */
  token: string | null;
  pollMs?: number;
  /** How often, and how long, the order made of the payment is asked for (the payment → order event lag). */
  orderPollMs?: number;
  orderPollMaxMs?: number;
}

function BackToShop({ shopSlug, t }: { shopSlug: string; t: PaymentsT }) {
  return (
    <LinkButton to="/tienda/$shopSlug/" params={{ shopSlug }} variant="filled" data-testid="paid-back">
      {t('paid.backToShop')}
    </LinkButton>
  );
}

/**
 * 'Ver mi pedido' once the payment's order exists (issue 13): the order is made from the payment's event a moment
 * after the payment, so it is asked for every 500 ms for about 15 s; until then a quiet note says it is on its way.
 */
function OrderLink({
  userId,
  checkoutId,
  t,
  pollMs,
  maxMs,
}: {
  userId: string;
  checkoutId: string;
  t: PaymentsT;
  pollMs: number;
  maxMs: number;
}) {
  const query = useOrderOfCheckout(userId, checkoutId, true, pollMs, maxMs);
  const [gaveUp, setGaveUp] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setGaveUp(true), maxMs);
    return () => clearTimeout(timer);
  }, [maxMs]);
  const order = query.data;
  if (order) {
    return (
      <LinkButton to="/mis-compras/$orderId" params={{ orderId: order.id }} variant="light" data-testid="paid-view-order">
        {t('paid.viewOrder')}
      </LinkButton>
    );
  }
  // Not there after the polling window (or the ask failed): the purchases list will show it once it is.
  if (query.isError || gaveUp) {
    return (
      <LinkButton to="/mis-compras" variant="light" data-testid="paid-view-orders">
        {t('paid.viewOrders')}
      </LinkButton>
    );
  }
  return (
    <Group gap="xs" role="status" aria-live="polite" data-testid="paid-order-pending">
      <Loader size="xs" aria-hidden />
      <Text size="sm" c="dimmed">
        {t('paid.orderPreparing')}
      </Text>
    </Group>
  );
}

function Loading({ t }: { t: PaymentsT }) {
  return (
    <Stack gap="sm" aria-busy="true" aria-label={t('paid.loading')} data-testid="paid-loading">
      <Skeleton h={44} w="60%" />
      <Skeleton h={18} />
      <Skeleton h={90} />
    </Stack>
  );
}

function PaidDetails({
  shopSlug,
  checkoutId,
  token,
  t,
  language,
  pollMs,
  order,
}: {
  shopSlug: string;
  checkoutId: string;
  token: string;
  t: PaymentsT;
  language: string;
  pollMs: number;
  /** The 'Ver mi pedido' part (polls for the order once the payment is confirmed). */
  order: ReactNode;
}) {
  const query = useQuery({
    ...paymentPageQueryOptions(token),
    // A payment confirmed by the provider a moment later (voucher, transfer, webhook): asked again until paid.
    refetchInterval: (q) => (q.state.data && q.state.data.checkout_status !== 'paid' ? pollMs : false),
  });
  if (query.isPending) return <Loading t={t} />;
  if (query.isError) {
    if (isApiError(query.error) && [403, 404].includes(query.error.status)) {
      return (
        <Alert color="gray" title={t('panel.notFoundTitle')} data-testid="paid-not-found">
          <Stack gap="sm" align="flex-start">
            <Text size="sm">{t('panel.notFoundText')}</Text>
            <BackToShop shopSlug={shopSlug} t={t} />
          </Stack>
        </Alert>
      );
    }
    return <ErrorState title={t('panel.errorTitle')} text={t('panel.errorText')} onRetry={() => void query.refetch()} />;
  }
  const page = query.data;
  if (page.checkout_status !== 'paid') {
    return (
      <Alert color="blue" title={t('paid.pendingTitle')} data-testid="paid-pending">
        <Stack gap="sm" align="flex-start">
          <Text size="sm">{t('paid.pendingText')}</Text>
          <Loader size="xs" aria-hidden />
          <LinkButton to="/tienda/$shopSlug/comprar" params={{ shopSlug }} search={{ checkout: checkoutId }} variant="default">
            {t('paid.backToCheckout')}
          </LinkButton>
        </Stack>
      </Alert>
    );
  }
  return (
    <PaidSummary
      page={page}
      attempt={null}
      language={language}
      t={t}
      actions={
        <Group gap="sm">
          {order}
          <BackToShop shopSlug={shopSlug} t={t} />
        </Group>
      }
    />
  );
}

/** The paid page (`/tienda/{shop}/pagado/{checkout}?payment={token}`): reads the payment again, so a reload works. */
export function PaidPage({
  shopSlug,
  checkoutId,
  token,
  pollMs = ATTEMPT_POLL_MS,
  orderPollMs = ORDER_POLL_MS,
  orderPollMaxMs = ORDER_POLL_MAX_MS,
}: Props) {
  const { t, i18n } = usePaymentsT();
  const session = useSession();
  const order = session.user ? (
    <OrderLink userId={session.user.id} checkoutId={checkoutId} t={t} pollMs={orderPollMs} maxMs={orderPollMaxMs} />
  ) : null;
  let body;
  if (session.status === 'loading') body = <Loading t={t} />;
  else if (session.status !== 'authenticated') {
    body = <SignInPrompt title={t('paid.signInTitle')} text={t('paid.signInText')} button={t('paid.signIn')} />;
  } else if (!token) {
    body = (
      <Stack gap="md" data-testid="paid-summary">
        <Text fw={700} size="xl">
          {t('paid.title')}
        </Text>
        <Text>{t('paid.text')}</Text>
        <Group gap="sm">
          {order}
          <BackToShop shopSlug={shopSlug} t={t} />
        </Group>
      </Stack>
    );
  } else {
    body = (
      <PaidDetails shopSlug={shopSlug} checkoutId={checkoutId} token={token} t={t} language={i18n.language} pollMs={pollMs} order={order} />
    );
  }
  return (
    <Card withBorder radius="md" padding="xl" maw={640} mx="auto" my={{ base: 'md', sm: 'xl' }} w="100%" data-testid="paid-page">
      {body}
    </Card>
  );
}
