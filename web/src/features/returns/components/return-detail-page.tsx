import type { ReturnRequest } from '@vitrina/contracts';
import {
  Alert,
  Anchor,
  Badge,
  Card,
  Grid,
  Group,
  Image,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Tabs,
  Text,
  Timeline,
  Title,
} from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { ErrorState } from '@/components/error-state';
import { formatMoney } from '@/lib/money';
import { useReturn } from '../api/get-return';
import type { ReturnSide } from '../api/keys';
import { useReturnsT, type ReturnsT } from '../i18n/texts';
import { isReturnMissing } from '../lib/errors';
import { formatDateTime, orderNumber } from '../lib/format';
import { Field } from './field';
import { ReturnLabelCard } from './return-label';
import { AddToWalletButton, CloseRequestButton, CommentForm, NoteForm, RefundForm } from './return-forms';
import { ReturnStatusBadge } from './returns-list-page';
import { ReturnsGate } from './returns-gate';
import { RouteLink } from './route-link';

export interface ReturnDetailLinks {
  /** The list the page belongs to. */
  list: string;
  /** The order's page for this side, when there is one. */
  order?: (orderId: string) => string;
}

interface Props {
  side: ReturnSide;
  returnId: string;
  links: ReturnDetailLinks;
  /** A collaborator works on this shop owner's return (issue 16; the token's role lets them): the owner's id. */
  ownerId?: string;
}

function BackLink({ to, t }: { to: string; t: ReturnsT }) {
  return (
    <Anchor component={RouteLink} to={to} size="sm" w="fit-content" data-testid="return-back">
      <IconArrowLeft size={14} aria-hidden style={{ verticalAlign: 'middle' }} /> {t('detail.back')}
    </Anchor>
  );
}

function RequestTab({ request, side, t, language }: { request: ReturnRequest; side: ReturnSide; t: ReturnsT; language: string }) {
  const money = (minor: number) => formatMoney(minor, request.currency, language);
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <Field label={t('detail.reason')} testId="return-reason-text">
          {t(`reasons.${request.reason}`)}
        </Field>
        {request.sub_reason && <Field label={t('detail.subReason')}>{request.sub_reason}</Field>}
        {side !== 'customer' && <Field label={t('detail.customer')}>{request.customer_name}</Field>}
        <Field label={t('detail.comments')}>
          <span style={{ whiteSpace: 'pre-line' }}>{request.comments || t('detail.noComments')}</span>
        </Field>
      </SimpleGrid>
      {request.photos.length > 0 && (
        <Stack gap={4}>
          <Text size="xs" c="dimmed" fw={600}>
            {t('detail.photos')}
          </Text>
          <Group gap="xs" data-testid="return-detail-photos">
            {request.photos.map((url, n) => (
              <Anchor key={url} href={url} target="_blank" rel="noreferrer">
                <Image src={url} alt={t('detail.photoAlt', { n: n + 1 })} h={96} w={96} fit="cover" radius="sm" />
              </Anchor>
            ))}
          </Group>
        </Stack>
      )}
      <Table withRowBorders={false} verticalSpacing={4} data-testid="return-amounts" maw={420}>
        <Table.Tbody>
          <Table.Tr>
            <Table.Td>{t('detail.captured')}</Table.Td>
            <Table.Td ta="right">{money(request.captured_minor)}</Table.Td>
          </Table.Tr>
          {request.restocking_minor > 0 && (
            <Table.Tr>
              <Table.Td>{t('detail.restocking')}</Table.Td>
              <Table.Td ta="right">−{money(request.restocking_minor)}</Table.Td>
            </Table.Tr>
          )}
          <Table.Tr>
            <Table.Td>{t('detail.refunded')}</Table.Td>
            <Table.Td ta="right" data-testid="return-refunded-total">
              {money(request.refunded_minor)}
            </Table.Td>
          </Table.Tr>
          <Table.Tr>
            <Table.Td fw={700}>{t('detail.available')}</Table.Td>
            <Table.Td ta="right" fw={700} data-testid="return-available">
              {money(request.available_minor)}
            </Table.Td>
          </Table.Tr>
        </Table.Tbody>
      </Table>
      <Text size="sm" c="dimmed">
        {t('detail.refundTo', { destination: t(`destination.${request.refund_to}`) })}
      </Text>
    </Stack>
  );
}

function RecordTab({ request, t, language }: { request: ReturnRequest; t: ReturnsT; language: string }) {
  if (request.record.length === 0) return <Text c="dimmed">{t('detail.noRecord')}</Text>;
  return (
    <Timeline bulletSize={14} lineWidth={2} active={request.record.length - 1} data-testid="return-record">
      {request.record.map((entry, index) => (
        <Timeline.Item
          key={`${entry.kind}-${entry.at}-${index}`}
          title={t(`record.${entry.kind}`, {
            amount: entry.amount_minor === null ? '' : formatMoney(entry.amount_minor, request.currency, language),
          })}
        >
          <Text size="xs" c="dimmed">
            {t(`actors.${entry.actor}`)} · {formatDateTime(entry.at, language)}
          </Text>
        </Timeline.Item>
      ))}
    </Timeline>
  );
}

function RefundsTab({ request, t, language }: { request: ReturnRequest; t: ReturnsT; language: string }) {
  if (request.refunds.length === 0) return <Text c="dimmed">{t('detail.noRefunds')}</Text>;
  return (
    <Stack gap="xs" data-testid="return-refunds">
      {request.refunds.map((refund) => (
        <Group key={refund.id} justify="space-between" wrap="nowrap" data-testid="return-refund">
          <Stack gap={0}>
            <Text fw={600}>{formatMoney(refund.amount_minor, refund.currency, language)}</Text>
            <Text size="xs" c="dimmed">
              {formatDateTime(refund.created_at, language)} · {t(`destination.${refund.destination}`)}
            </Text>
          </Stack>
          <Badge color={refund.status === 'success' ? 'teal' : refund.status === 'failed' ? 'red' : 'yellow'} variant="light">
            {t(`refundStatus.${refund.status}`)}
          </Badge>
        </Group>
      ))}
    </Stack>
  );
}

function CommentsTab({ request, side, t, language }: { request: ReturnRequest; side: ReturnSide; t: ReturnsT; language: string }) {
  if (request.notes.length === 0) return <Text c="dimmed">{t('detail.noNotes')}</Text>;
  return (
    <Stack gap="sm" data-testid="return-notes">
      {request.notes.map((note) => (
        <Card key={note.id} withBorder radius="sm" padding="sm" data-testid="return-note">
          <Group justify="space-between" gap="xs" mb={4}>
            <Text size="sm" fw={600}>
              {note.author_name} · {t(`actors.${note.author}`)}
            </Text>
            {side !== 'customer' && (
              <Badge size="sm" variant="light" color={note.visibility === 'internal' ? 'gray' : 'blue'}>
                {t(note.visibility === 'internal' ? 'detail.internal' : 'detail.visible')}
              </Badge>
            )}
          </Group>
          <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
            {note.body}
          </Text>
          <Text size="xs" c="dimmed" mt={4}>
            {formatDateTime(note.created_at, language)}
          </Text>
        </Card>
      ))}
    </Stack>
  );
}

function DetailBody({
  request,
  side,
  userId,
  links,
}: {
  request: ReturnRequest;
  side: ReturnSide;
  userId: string;
  links: ReturnDetailLinks;
}) {
  const { t, i18n } = useReturnsT();
  const language = i18n.language;
  const open = request.status === 'open';
  return (
    <Stack gap="md" data-testid="return-view" data-side={side}>
      <BackLink to={links.list} t={t} />
      <Group justify="space-between" align="flex-start" gap="sm">
        <Stack gap={4}>
          <Group gap="sm">
            <Title order={1} size="h2">
              {t('detail.title', { id: orderNumber(request.order_id) })}
            </Title>
            <ReturnStatusBadge status={request.status} t={t} />
          </Group>
          <Text size="sm" c="dimmed">
            {request.summary} · {t('detail.requestedAt', { date: formatDateTime(request.created_at, language) })}
            {request.closed_at && ` · ${t('detail.closedAt', { date: formatDateTime(request.closed_at, language) })}`}
          </Text>
          {links.order && (
            <Anchor component={RouteLink} to={links.order(request.order_id)} size="sm" w="fit-content" data-testid="return-order-link">
              {t('detail.orderLink')}
            </Anchor>
          )}
        </Stack>
        {side === 'seller' && request.can_close && <CloseRequestButton userId={userId} id={request.id} t={t} />}
      </Group>
      {side === 'customer' && request.can_add_to_wallet && <AddToWalletButton userId={userId} id={request.id} t={t} />}
      <ReturnLabelCard request={request} side={side} userId={userId} t={t} language={language} />
      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: side === 'seller' && request.can_refund ? 8 : 12 }}>
          <Card withBorder radius="md" padding="md">
            <Tabs defaultValue="request" keepMounted={false}>
              <Tabs.List mb="md">
                <Tabs.Tab value="request">{t('detail.tabs.request')}</Tabs.Tab>
                <Tabs.Tab value="record">{t('detail.tabs.record')}</Tabs.Tab>
                <Tabs.Tab value="refunds">{t('detail.tabs.refunds')}</Tabs.Tab>
                <Tabs.Tab value="comments">{t('detail.tabs.comments')}</Tabs.Tab>
              </Tabs.List>
              <Tabs.Panel value="request">
                <RequestTab request={request} side={side} t={t} language={language} />
              </Tabs.Panel>
              <Tabs.Panel value="record">
                <RecordTab request={request} t={t} language={language} />
              </Tabs.Panel>
              <Tabs.Panel value="refunds">
                <RefundsTab request={request} t={t} language={language} />
              </Tabs.Panel>
              <Tabs.Panel value="comments">
                <Stack gap="md">
                  <CommentsTab request={request} side={side} t={t} language={language} />
                  {open && side === 'customer' && <CommentForm userId={userId} id={request.id} t={t} />}
                  {open && side !== 'customer' && <NoteForm side={side} userId={userId} id={request.id} t={t} />}
                </Stack>
              </Tabs.Panel>
            </Tabs>
          </Card>
        </Grid.Col>
        {side === 'seller' && request.can_refund && (
          <Grid.Col span={{ base: 12, md: 4 }}>
            <Card withBorder radius="md" padding="md">
              <Stack gap="sm">
                <Title order={2} size="h5">
                  {t('refund.title')}
                </Title>
                <RefundForm request={request} userId={userId} t={t} language={language} />
              </Stack>
            </Card>
          </Grid.Col>
        )}
      </Grid>
    </Stack>
  );
}

function DetailLoader({ side, userId, returnId, links }: Props & { userId: string }) {
  const { t } = useReturnsT();
  const query = useReturn(side, userId, returnId);
  if (query.isPending) {
    return (
      <Stack gap="md" aria-busy="true" aria-label={t('detail.loading')} data-testid="return-loading">
        <Skeleton h={32} w="50%" />
        <Skeleton h={260} />
      </Stack>
    );
  }
  if (query.isError) {
    if (isReturnMissing(query.error)) {
      return (
        <Stack gap="md">
          <BackLink to={links.list} t={t} />
          <Alert color="gray" title={t('detail.notFound')} data-testid="return-not-found">
            {t('detail.notFoundText')}
          </Alert>
        </Stack>
      );
    }
    return <ErrorState title={t('detail.loadError')} text={t('detail.loadErrorText')} onRetry={() => void query.refetch()} />;
  }
  return <DetailBody request={query.data} side={side} userId={userId} links={links} />;
}

/**
 * A return request's page (spec 3 §2 'Return request': tabs Solicitud, Historial, Reembolsos, Comentarios): the
 * customer comments, may take the refund as wallet credit and reads (and downloads) the return label; the seller issues
 * the label, writes notes (visible or internal), refunds up to the amount available and closes it; the dropshipping
 * supplier issues the label, reads the request and writes notes.
 */
export function ReturnDetailPage({ side, returnId, links, ownerId }: Props) {
  return (
    <ReturnsGate seller={side !== 'customer'}>
      {(userId) => <DetailLoader side={side} userId={ownerId ?? userId} returnId={returnId} links={links} />}
    </ReturnsGate>
  );
}
