import type { ReturnStatus, ReturnSummary } from '@vitrina/contracts';
import { Alert, Badge, Box, Button, Card, Group, SegmentedControl, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconReceiptRefund } from '@tabler/icons-react';
import { useState } from 'react';
import { ErrorState } from '@/components/error-state';
import { ResponsiveImage } from '@/components/responsive-image';
import { formatMoney } from '@/lib/money';
import type { ReturnSide } from '../api/keys';
import { useReturns } from '../api/list-returns';
import { useReturnsT, type ReturnsT } from '../i18n/texts';
import { formatDate, orderNumber } from '../lib/format';
import classes from './returns.module.css';
import { ReturnsGate } from './returns-gate';
import { RouteLink } from './route-link';

export interface ReturnsListLinks {
  detail: (returnId: string) => string;
}

function ListSkeleton({ label }: { label: string }) {
  return (
    <Stack gap="sm" aria-busy="true" aria-label={label} data-testid="returns-loading">
      {Array.from({ length: 3 }, (_, index) => (
        <Card key={index} withBorder radius="md" padding="md">
          <Group wrap="nowrap" align="flex-start">
            <Skeleton h={56} w={56} radius="sm" />
            <Stack gap={8} flex={1}>
              <Skeleton h={14} w="50%" />
              <Skeleton h={12} w="70%" />
            </Stack>
          </Group>
        </Card>
      ))}
    </Stack>
  );
}

export function ReturnStatusBadge({ status, t }: { status: ReturnStatus; t: ReturnsT }) {
  return (
    <Badge color={status === 'open' ? 'yellow' : 'gray'} variant="light" data-testid="return-status" data-status={status}>
      {t(`status.${status}`)}
    </Badge>
  );
}

function ReturnRow({
  item,
  href,
  side,
  t,
  language,
}: {
  item: ReturnSummary;
  href: string;
  side: ReturnSide;
  t: ReturnsT;
  language: string;
}) {
  return (
    <Card component={RouteLink} to={href} withBorder radius="md" padding="md" className={classes.row} data-testid="return-row">
      <Group wrap="nowrap" align="flex-start" gap="md">
        {item.photo ? (
          <ResponsiveImage src={item.photo} alt="" sizes="56px" className={classes.thumb} />
        ) : (
          <Box className={classes.thumb} aria-hidden />
        )}
        <Stack gap={4} className={classes.grow}>
          <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
            <Text fw={600} lineClamp={2}>
              {item.summary}
            </Text>
            <ReturnStatusBadge status={item.status} t={t} />
          </Group>
          <Text size="sm">{t(`reasons.${item.reason}`)}</Text>
          <Text size="sm" c="dimmed" lineClamp={1}>
            {side === 'customer' ? t('list.soldBy', { name: item.supplier_name }) : t('list.customer', { name: item.customer_name })}
          </Text>
          <Group gap="xs" justify="space-between">
            <Text size="xs" c="dimmed" data-testid="return-date">
              {t('list.requestedAt', { date: formatDate(item.created_at, language) })} · {orderNumber(item.order_id)}
            </Text>
            {item.refunded_minor > 0 && (
              <Text size="xs" fw={600} data-testid="return-refunded">
                {t('list.refunded', { amount: formatMoney(item.refunded_minor, item.currency, language) })}
              </Text>
            )}
          </Group>
        </Stack>
      </Group>
    </Card>
  );
}

function ReturnsList({ side, userId, status, links }: { side: ReturnSide; userId: string; status: ReturnStatus; links: ReturnsListLinks }) {
  const { t, i18n } = useReturnsT();
  const query = useReturns(side, userId, status);
  if (query.isPending) return <ListSkeleton label={t('list.loading')} />;
  if (query.isError) return <ErrorState title={t('list.errorTitle')} text={t('list.errorText')} onRetry={() => void query.refetch()} />;
  const items = query.data.pages.flatMap((page) => page.results);
  if (items.length === 0) {
    return (
      <Card withBorder radius="md" padding="xl" data-testid="returns-empty">
        <Stack align="center" gap="xs" ta="center">
          <IconReceiptRefund size={40} stroke={1.5} aria-hidden />
          <Title order={2} size="h4">
            {t(status === 'open' ? 'list.emptyOpen' : 'list.emptyClosed')}
          </Title>
          <Text c="dimmed">{t('list.emptyText')}</Text>
        </Stack>
      </Card>
    );
  }
  return (
    <Stack gap="sm" data-testid="returns-list">
      {items.map((item) => (
        <ReturnRow key={item.id} item={item} href={links.detail(item.id)} side={side} t={t} language={i18n.language} />
      ))}
      {query.isFetchNextPageError && (
        <Alert color="red" variant="light" role="alert">
          {t('list.loadMoreFailed')}
        </Alert>
      )}
      {query.hasNextPage && (
        <Button
          variant="default"
          onClick={() => void query.fetchNextPage()}
          loading={query.isFetchingNextPage}
          mx="auto"
          data-testid="returns-load-more"
        >
          {t('list.loadMore')}
        </Button>
      )}
    </Stack>
  );
}

/**
 * spec 3 §2 'Return request' lists with the Open and Closed filters: the customer's (`/mis-compras/devoluciones`), the
 * seller's (`/admin/devoluciones`) and the dropshipping supplier's; newest first, 'Cargar más' while there are more.
 */
export function ReturnsListPage({
  side,
  links,
  ownerId,
}: {
  side: ReturnSide;
  links: ReturnsListLinks;
  /** A collaborator works on this shop owner's returns (issue 16; the token's role lets them): the owner's id. */
  ownerId?: string;
}) {
  const { t } = useReturnsT();
  const [status, setStatus] = useState<ReturnStatus>('open');
  const subtitle = side === 'customer' ? 'list.subtitle' : side === 'seller' ? 'list.sellerSubtitle' : 'list.dssupplierSubtitle';
  return (
    <Stack gap="md" data-testid="returns-page" data-side={side}>
      <Stack gap={4}>
        <Title order={1} size="h2">
          {t('list.title')}
        </Title>
        <Text c="dimmed">{t(subtitle)}</Text>
      </Stack>
      <ReturnsGate seller={side !== 'customer'}>
        {(userId) => (
          <Stack gap="md">
            <SegmentedControl
              aria-label={t('list.filter')}
              value={status}
              onChange={(value) => setStatus(value === 'closed' ? 'closed' : 'open')}
              data={[
                { value: 'open', label: t('list.open') },
                { value: 'closed', label: t('list.closed') },
              ]}
              w={{ base: '100%', xs: 'auto' }}
              style={{ alignSelf: 'flex-start' }}
              data-testid="returns-filter"
            />
            <ReturnsList side={side} userId={ownerId ?? userId} status={status} links={links} />
          </Stack>
        )}
      </ReturnsGate>
    </Stack>
  );
}
