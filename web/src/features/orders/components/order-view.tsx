import type { OrderLine, PurchaseOrder } from '@vitrina/contracts';
import { Alert, Anchor, Avatar, Card, Grid, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconPrinter } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { ErrorState } from '@/components/error-state';
import { formatMoney } from '@/lib/money';
import type { OrderSide } from '../api/keys';
import { useOrder } from '../api/get-order';
import type { OrderActionRequest } from '../api/order-actions';
import { useOrdersT, type OrdersT } from '../i18n/texts';
import { isOrderMissing } from '../lib/errors';
import { formatDateTime, formatDay, orderNumber } from '../lib/format';
import { isCancelled } from '../lib/order-states';
import { DeliveryInfo } from './delivery-info';
import { OrderActionsBar } from './order-actions-bar';
import { OrderLines } from './order-lines';
import { OrderStateBadge } from './order-state-badge';
import { OrderTimeline } from './order-timeline';
import { OrderTotals } from './order-totals';
import { RouteLink } from './route-link';
import { useRunOrderAction } from './use-run-action';

export interface OrderViewLinks {
  /** The list the page belongs to ('Volver a mis compras', 'Volver a las órdenes'). */
  list: string;
  /** The print preview of this order, when the page offers one. */
  print?: (orderId: string) => string;
}

/**
 * Where other features' parts mount (the routes pass them in; this feature imports none of them):
 * - `tickets`: the tickets feature's `<TicketsLink order>` ('Mis boletos') for an experience's attendees;
 * - `review`: the reviews feature's create/edit button beside each line of a delivered order;
 * - `invoicing`: the invoicing form (RFC, tax regime, CFDI use);
 * - `receipt`: the receipt download link (`/api/orders/{me}/orders/{id}/receipt.pdf`);
 * - `packing`: the dropshipping supplier's packing panel;
 * - `returns`: the returns feature's 'Solicitar devolución' / 'Ver devolución' (from `order.return_eligibility`).
 */
export interface OrderViewSlots {
  tickets?: (order: PurchaseOrder) => ReactNode;
  review?: (order: PurchaseOrder, line: OrderLine) => ReactNode;
  invoicing?: (order: PurchaseOrder) => ReactNode;
  receipt?: (order: PurchaseOrder) => ReactNode;
  packing?: (order: PurchaseOrder) => ReactNode;
  returns?: (order: PurchaseOrder) => ReactNode;
  /** 'Preguntar al vendedor' (issue 15): the customer writes to the seller about this order. */
  ask?: (order: PurchaseOrder) => ReactNode;
}

interface Props {
  side: OrderSide;
  userId: string;
  orderId: string;
  links: OrderViewLinks;
  slots?: OrderViewSlots;
  /** After a cancellation (the customer lands on /shopping-cart/orders). */
  onCancelled?: (order: PurchaseOrder) => void;
  now?: () => Date;
}

export function OrderDetailSkeleton({ label }: { label: string }) {
  return (
    <Stack gap="md" aria-busy="true" aria-label={label} data-testid="order-loading">
      <Skeleton h={32} w="50%" />
      <Skeleton h={18} w="30%" />
      <Grid>
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Skeleton h={220} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Skeleton h={220} />
        </Grid.Col>
      </Grid>
    </Stack>
  );
}

function Section({ title, children, testId }: { title: string; children: ReactNode; testId?: string }) {
  return (
    <Card withBorder radius="md" padding="md" data-testid={testId}>
      <Stack gap="sm">
        <Title order={2} size="h5">
          {title}
        </Title>
        {children}
      </Stack>
    </Card>
  );
}

function BackLink({ to, label }: { to: string; label: string }) {
  return (
    <Anchor component={RouteLink} to={to} size="sm" w="fit-content" data-testid="order-back">
      <IconArrowLeft size={14} aria-hidden style={{ verticalAlign: 'middle' }} /> {label}
    </Anchor>
  );
}

/** What the order's state means for the viewer now: the quote to accept, the cancellation, the return window. */
function StateNotes({ order, side, t, language, now }: { order: PurchaseOrder; side: OrderSide; t: OrdersT; language: string; now: Date }) {
  const notes: ReactNode[] = [];
  if (order.state === 'sent_to_supplier' && side === 'customer') {
    notes.push(
      <Alert key="awaiting" color="gray" variant="light" data-testid="order-awaiting-seller">
        {t('detail.awaitingSeller')}
      </Alert>,
    );
  }
  if (order.state === 'awaiting_customer' && order.estimated_delivery_date && order.shipping_cost_minor !== null) {
    notes.push(
      <Alert key="quote" color="yellow" variant="light" title={t('detail.quoteTitle')} data-testid="order-quote">
        {t('detail.quoteText', {
          date: formatDay(order.estimated_delivery_date, language),
          cost: formatMoney(order.shipping_cost_minor, order.currency, language),
        })}
      </Alert>,
    );
  }
  if (isCancelled(order.state)) {
    notes.push(
      <Alert key="cancelled" color="red" variant="light" title={t('detail.cancelledTitle')} data-testid="order-cancellation">
        <Stack gap={2}>
          {order.cancellation && (
            <>
              <Text size="sm">{t('detail.cancelReason', { reason: t(`reasons.${order.cancellation.reason}`) })}</Text>
              {order.cancellation.by === 'system' && order.cancellation.reason === 'cannot_be_fulfilled' && (
                <Text size="sm" data-testid="order-cancelled-by-system">
                  {t('detail.cancelledBySystem')}
                </Text>
              )}
              {order.cancellation.message && <Text size="sm">{t('detail.cancelMessage', { message: order.cancellation.message })}</Text>}
              <Text size="xs" c="dimmed">
                {t('detail.cancelledAt', { date: formatDateTime(order.cancellation.at, language) })}
              </Text>
            </>
          )}
          {order.refund && (
            <Text size="sm" fw={600} data-testid="order-refund">
              {t(`refund.${order.refund.status}`, { amount: formatMoney(order.refund.amount_minor, order.currency, language) })}
            </Text>
          )}
        </Stack>
      </Alert>,
    );
  }
  if (order.state === 'delivered') {
    const open = order.return_deadline !== null && Date.parse(order.return_deadline) > now.getTime();
    notes.push(
      <Alert key="delivered" color="green" variant="light" data-testid="order-delivered">
        <Stack gap={2}>
          {order.delivered_at && <Text size="sm">{t('detail.deliveredAt', { date: formatDateTime(order.delivered_at, language) })}</Text>}
          {order.return_deadline && side === 'customer' && (
            <Text size="sm" data-testid="order-return-deadline">
              {t(open ? 'detail.returnDeadline' : 'detail.returnExpired', { date: formatDateTime(order.return_deadline, language) })}
            </Text>
          )}
        </Stack>
      </Alert>,
    );
  }
  return notes.length > 0 ? <Stack gap="sm">{notes}</Stack> : null;
}

function OrderBody({ order, side, userId, orderId, links, slots, onCancelled, now }: Props & { order: PurchaseOrder }) {
  const { t, i18n } = useOrdersT();
  const language = i18n.language;
  const viewer = side === 'customer' ? 'customer' : 'seller';
  const { run, running } = useRunOrderAction(
    side,
    userId,
    { orderId: order.id, pageId: orderId },
    t,
    (done, request: OrderActionRequest) => {
      if (request.action === 'cancel') onCancelled?.(done);
    },
  );
  // The moment the page opened decides whether the return window is still open (a render must not read the clock).
  const [today] = useState(() => now?.() ?? new Date());
  return (
    <Stack gap="md" data-testid="order-view" data-side={side}>
      <BackLink to={links.list} label={t(side === 'customer' ? 'detail.backToList' : 'seller.backToList')} />
      <Group justify="space-between" align="flex-start" gap="sm">
        <Stack gap={4}>
          <Group gap="sm">
            <Title order={1} size="h2">
              {t('detail.title', { id: orderNumber(order.id) })}
            </Title>
            <OrderStateBadge state={order.state} t={t} size="lg" />
          </Group>
          <Text size="sm" c="dimmed">
            {t('detail.placedAt', { date: formatDateTime(order.placed_at, language) })} · {t('detail.soldBy', { name: order.sold_by })}
            {order.courtesy && ` · ${t('detail.courtesy')}`}
            {order.in_store && ` · ${t('detail.inStore')}`}
          </Text>
          <Group gap="xs">
            <Avatar src={order.supplier_image} size={24} radius="xl" alt="">
              {order.supplier_name.slice(0, 1)}
            </Avatar>
            <Text size="sm">{t('detail.supplier', { name: order.supplier_name })}</Text>
          </Group>
        </Stack>
        {links.print && (
          <Anchor component={RouteLink} to={links.print(order.id)} size="sm" data-testid="order-print-link">
            <IconPrinter size={16} aria-hidden style={{ verticalAlign: 'middle' }} /> {t('detail.printView')}
          </Anchor>
        )}
      </Group>
      <StateNotes order={order} side={side} t={t} language={language} now={today} />
      <OrderActionsBar order={order} side={viewer} run={run} running={running} t={t} language={language} {...(now ? { now } : {})} />
      {slots?.returns?.(order)}
      {slots?.ask?.(order)}
      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Stack gap="md">
            <Section title={t('detail.lines')} testId="order-lines-section">
              <OrderLines
                order={order}
                t={t}
                language={language}
                {...(slots?.review && order.state === 'delivered' ? { lineExtra: (line: OrderLine) => slots.review?.(order, line) } : {})}
              />
            </Section>
            <Section title={t('detail.totals')}>
              <OrderTotals order={order} t={t} language={language} />
              <Text size="sm" c="dimmed" data-testid="order-payment-type">
                {t('detail.payment')}: {t(`paymentTypes.${order.payment_type}`)}
              </Text>
              {slots?.receipt?.(order)}
            </Section>
            {slots?.invoicing?.(order)}
            {slots?.packing?.(order)}
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Stack gap="md">
            <Section title={t('detail.timeline')}>
              <OrderTimeline order={order} t={t} language={language} />
            </Section>
            {side !== 'customer' && (
              <Section title={t('seller.contact')} testId="order-contact">
                {order.contact ? (
                  <Stack gap={0}>
                    <Text size="sm" fw={600}>
                      {order.contact.name}
                    </Text>
                    <Anchor href={`mailto:${order.contact.email}`} size="sm">
                      {order.contact.email}
                    </Anchor>
                    {order.contact.phone && (
                      <Anchor href={`tel:${order.contact.phone}`} size="sm">
                        {order.contact.phone}
                      </Anchor>
                    )}
                  </Stack>
                ) : (
                  <Text size="sm" c="dimmed">
                    {t('seller.noContact')}
                  </Text>
                )}
              </Section>
            )}
            <Section title={t('detail.deliveryData')}>
              <DeliveryInfo order={order} t={t} language={language} />
            </Section>
            {order.attendees_count > 0 && (
              <Card withBorder radius="md" padding="md">
                <Stack gap="xs">
                  <Text size="sm">{t('detail.attendees', { count: order.attendees_count })}</Text>
                  {slots?.tickets?.(order)}
                </Stack>
              </Card>
            )}
          </Stack>
        </Grid.Col>
      </Grid>
    </Stack>
  );
}

/**
 * An order's page for one side (spec 3 §2 'Purchase order detail'; the buyer's `/mis-compras/{order}`, the seller's
 * `/apps/me/store/orders/{order}` and `/admin/ordenes/{order}`, the dropshipping supplier's): state and timeline,
 * lines, totals, delivery and tracking, and the viewer's actions.
 */
export function OrderView({ side, userId, orderId, links, slots, onCancelled, now }: Props) {
  const { t } = useOrdersT();
  const query = useOrder(side, userId, orderId);
  if (query.isPending) return <OrderDetailSkeleton label={t('detail.loading')} />;
  if (query.isError) {
    if (isOrderMissing(query.error)) {
      return (
        <Stack gap="md">
          <BackLink to={links.list} label={t(side === 'customer' ? 'detail.backToList' : 'seller.backToList')} />
          <Alert color="gray" title={t('detail.notFound')} data-testid="order-not-found">
            {t('detail.notFoundText')}
          </Alert>
        </Stack>
      );
    }
    return <ErrorState title={t('detail.loadError')} text={t('detail.loadErrorText')} onRetry={() => void query.refetch()} />;
  }
  return (
    <OrderBody
      order={query.data}
      side={side}
      userId={userId}
      orderId={orderId}
      links={links}
      {...(slots ? { slots } : {})}
      {...(onCancelled ? { onCancelled } : {})}
      {...(now ? { now } : {})}
    />
  );
}
