import type { PurchaseOrder } from '@vitrina/contracts';
import { Alert, Anchor, Button, Divider, Grid, Group, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconPrinter } from '@tabler/icons-react';
import { ErrorState } from '@/components/error-state';
import { formatMoney } from '@/lib/money';
import type { OrderSide } from '../api/keys';
import { useOrder } from '../api/get-order';
import { useOrdersT, type OrdersT } from '../i18n/texts';
import { isOrderMissing } from '../lib/errors';
import { formatDateTime, orderNumber } from '../lib/format';
import { DeliveryInfo } from './delivery-info';
import { OrderStateBadge } from './order-state-badge';
import { OrderTotals } from './order-totals';
import { OrderDetailSkeleton } from './order-view';
import { OrdersGate } from './orders-gate';
import classes from './print.module.css';
import { RouteLink } from './route-link';

interface Props {
  side: OrderSide;
  orderId: string;
  /** 'Volver a la orden'. */
  back: (orderId: string) => string;
  /** Prints the page; `window.print` by default. */
  print?: () => void;
}

function Invoicing({ order, t }: { order: PurchaseOrder; t: OrdersT }) {
  const invoicing = order.invoicing;
  if (!invoicing) {
    return (
      <Text size="sm" c="dimmed">
        {t('print.noInvoicing')}
      </Text>
    );
  }
  return (
    <Stack gap={0} data-testid="print-invoicing">
      <Text size="sm">{t('print.rfc', { rfc: invoicing.rfc })}</Text>
      <Text size="sm">{t('print.name', { name: invoicing.name })}</Text>
      <Text size="sm">{t('print.taxRegime', { regime: invoicing.tax_regime })}</Text>
      <Text size="sm">{t('print.cfdiUse', { use: invoicing.cfdi_use })}</Text>
      <Text size="sm">{t('print.postalCode', { code: invoicing.postal_code })}</Text>
    </Stack>
  );
}

function Sheet({ order, back, print }: { order: PurchaseOrder; back: (orderId: string) => string; print: () => void }) {
  const { t, i18n } = useOrdersT();
  const language = i18n.language;
  const money = (minor: number) => formatMoney(minor, order.currency, language);
  return (
    <Stack gap="md" className={classes.sheet} data-testid="order-print">
      <Group justify="space-between" className={classes.noPrint}>
        <Anchor component={RouteLink} to={back(order.id)} size="sm" data-testid="print-back">
          <IconArrowLeft size={14} aria-hidden style={{ verticalAlign: 'middle' }} /> {t('print.back')}
        </Anchor>
        <Button leftSection={<IconPrinter size={16} aria-hidden />} onClick={print} data-testid="print-button">
          {t('print.print')}
        </Button>
      </Group>
      <Group justify="space-between" align="flex-start">
        <Stack gap={2}>
          <Title order={1} size="h3">
            {t('print.title', { id: orderNumber(order.id) })}
          </Title>
          <Text size="sm">
            {t('detail.placedAt', { date: formatDateTime(order.placed_at, language) })} · {t('detail.soldBy', { name: order.sold_by })}
          </Text>
          <Text size="sm">{t('detail.supplier', { name: order.supplier_name })}</Text>
        </Stack>
        <OrderStateBadge state={order.state} t={t} />
      </Group>
      <Divider />
      <Grid>
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <Stack gap="xs">
            <Title order={2} size="h5">
              {t('detail.deliveryData')}
            </Title>
            {order.contact && (
              <Text size="sm">
                {order.contact.name} · {order.contact.email}
                {order.contact.phone ? ` · ${order.contact.phone}` : ''}
              </Text>
            )}
            <DeliveryInfo order={order} t={t} language={language} />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 6 }}>
          <Stack gap="xs">
            <Title order={2} size="h5">
              {t('print.invoicing')}
            </Title>
            <Invoicing order={order} t={t} />
            <Text size="sm">
              {t('detail.payment')}: {t(`paymentTypes.${order.payment_type}`)}
            </Text>
          </Stack>
        </Grid.Col>
      </Grid>
      <table className={classes.table} data-testid="print-lines">
        <thead>
          <tr>
            <th>{t('print.item')}</th>
            <th className={classes.num}>{t('print.quantity')}</th>
            <th className={classes.num}>{t('print.amount')}</th>
          </tr>
        </thead>
        <tbody>
          {order.lines.map((line) => (
            <tr key={line.id}>
              <td>
                {line.name}
                {Object.keys(line.variant).length > 0 && (
                  <Text span size="xs" c="dimmed" display="block">
                    {Object.entries(line.variant)
                      .map(([name, value]) => `${name}: ${value}`)
                      .join(' · ')}
                  </Text>
                )}
              </td>
              <td className={classes.num}>
                {line.quantity} × {money(line.unit_price_minor)}
              </td>
              <td className={classes.num}>{money(line.total_minor)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <Stack maw={360} ml="auto" w="100%">
        <OrderTotals order={order} t={t} language={language} shippingLabel={t('print.shippingTotal')} />
      </Stack>
    </Stack>
  );
}

function PrintBody({ side, userId, orderId, back, print }: Omit<Props, 'print'> & { userId: string; print: () => void }) {
  const { t } = useOrdersT();
  const query = useOrder(side, userId, orderId);
  if (query.isPending) return <OrderDetailSkeleton label={t('detail.loading')} />;
  if (query.isError) {
    if (isOrderMissing(query.error)) {
      return (
        <Alert color="gray" title={t('detail.notFound')} data-testid="order-not-found">
          {t('detail.notFoundText')}
        </Alert>
      );
    }
    return <ErrorState title={t('detail.loadError')} text={t('detail.loadErrorText')} onRetry={() => void query.refetch()} />;
  }
  return <Sheet order={query.data} back={back} print={print} />;
}

/** spec 3 §2 'print preview': delivery and invoicing data, totals, the tracking link, a print button and the way back. */
export function OrderPrintPage({ side, orderId, back, print = () => window.print() }: Props) {
  return (
    <OrdersGate seller={side !== 'customer'}>
      {(userId) => <PrintBody side={side} userId={userId} orderId={orderId} back={back} print={print} />}
    </OrdersGate>
  );
}
