import { OrderLimits } from '@vitrina/contracts';
import { Button, Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconFileZip, IconFileTypePdf, IconTicket } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { isApiError } from '@/api/client';
import { ErrorState } from '@/components/error-state';
import { downloadTickets, type TicketDownload } from '../api/download-tickets';
import { useAttendants } from '../api/list-attendants';
import { useUpdateAttendant } from '../api/update-attendant';
import { shortOrderId } from '../lib/format';
import { useTicketsT } from '../i18n/texts';
import { TicketCard } from './ticket-card';
import { TicketsGate } from './tickets-gate';

export interface MyTicketsLinks {
  /** The order's page ('Volver a la orden'), when the route has one. */
  order?: string;
}

function TicketsSkeleton({ label }: { label: string }) {
  return (
    <Stack gap="sm" aria-busy="true" aria-label={label} data-testid="tickets-loading">
      {[0, 1].map((i) => (
        <Card key={i} withBorder radius="md" padding="lg">
          <Group align="flex-start" gap="lg">
            <Skeleton w={180} h={180} />
            <Stack gap={8} flex={1}>
              <Skeleton h={14} w="40%" />
              <Skeleton h={20} w="70%" />
              <Skeleton h={12} w="50%" />
              <Skeleton h={12} w="45%" />
            </Stack>
          </Group>
        </Card>
      ))}
    </Stack>
  );
}

/** The download buttons of the whole order; a failed download is silently ignored (spec 3 §8). */
function OrderDownloads({ onDownload }: { onDownload: (what: TicketDownload) => Promise<unknown> }) {
  const { t } = useTicketsT();
  const [busy, setBusy] = useState<'pdf' | 'zip' | null>(null);
  const run = async (kind: 'pdf' | 'zip') => {
    setBusy(kind);
    await onDownload({ kind });
    setBusy(null);
  };
  return (
    <Group gap="sm">
      <Button
        leftSection={<IconFileTypePdf size={16} />}
        onClick={() => void run('pdf')}
        loading={busy === 'pdf'}
        data-testid="tickets-download-pdf"
      >
        {t('downloads.all')}
      </Button>
      <Button
        variant="default"
        leftSection={<IconFileZip size={16} />}
        onClick={() => void run('zip')}
        loading={busy === 'zip'}
        data-testid="tickets-download-zip"
      >
        {t('downloads.zip')}
      </Button>
    </Group>
  );
}

function TicketsList({ userId, orderId, save }: { userId: string; orderId: string; save?: (blob: Blob, name: string) => void }) {
  const { t, i18n } = useTicketsT();
  const [offset, setOffset] = useState(0);
  const query = useAttendants(userId, orderId, offset);
  const update = useUpdateAttendant(userId, orderId);
  const download = (what: TicketDownload) => downloadTickets(userId, orderId, what, i18n.language, save);

  if (query.isPending) return <TicketsSkeleton label={t('list.loading')} />;
  if (query.isError) {
    if (isApiError(query.error) && (query.error.status === 404 || query.error.status === 403)) {
      return <ErrorState title={t('list.notFoundTitle')} text={t('list.notFoundText')} />;
    }
    return <ErrorState title={t('list.errorTitle')} text={t('list.errorText')} onRetry={() => void query.refetch()} />;
  }
  const { results, matches_estimated: total } = query.data;
  if (total === 0) {
    return (
      <Card withBorder radius="md" padding="xl" data-testid="tickets-empty">
        <Stack align="center" gap="sm" ta="center">
          <IconTicket size={40} stroke={1.5} aria-hidden />
          <Title order={2} size="h4">
            {t('list.emptyTitle')}
          </Title>
          <Text c="dimmed">{t('list.emptyText')}</Text>
        </Stack>
      </Card>
    );
  }
  const size = OrderLimits.attendantsPageSize;
  const pages = Math.max(1, Math.ceil(total / size));
  const page = Math.floor(offset / size) + 1;
  return (
    <Stack gap="md">
      <Group justify="space-between" align="center" gap="sm">
        <Text c="dimmed" data-testid="tickets-count">
          {t('list.count', { count: total })}
        </Text>
        <OrderDownloads onDownload={download} />
      </Group>
      <Stack gap="sm" data-testid="tickets-list" aria-busy={query.isPlaceholderData}>
        {results.map((attendant, i) => (
          <TicketCard
            key={attendant.id}
            attendant={attendant}
            index={offset + i}
            t={t}
            language={i18n.language}
            onSave={(body) => update.mutateAsync({ attendantId: attendant.id, body })}
            onDownload={() => download({ kind: 'one', attendantId: attendant.id, position: offset + i })}
          />
        ))}
      </Stack>
      {pages > 1 && (
        <Group justify="center" gap="sm" data-testid="tickets-pager">
          <Button
            variant="default"
            disabled={offset === 0}
            onClick={() => setOffset(Math.max(0, offset - size))}
            data-testid="tickets-previous"
          >
            {t('list.previous')}
          </Button>
          <Text size="sm" c="dimmed" data-testid="tickets-page">
            {t('list.page', { page, pages })}
          </Text>
          <Button variant="default" disabled={page >= pages} onClick={() => setOffset(offset + size)} data-testid="tickets-next">
            {t('list.next')}
          </Button>
        </Group>
      )}
    </Stack>
  );
}

interface PageProps {
  orderId: string;
  links?: MyTicketsLinks;
  /** Where a downloaded file goes (tests); the browser's download by default. */
  save?: (blob: Blob, name: string) => void;
}

/** spec 3 §2 'My tickets and attendee update; attendee tickets downloadable as pdf or zip', for the order's customer. */
export function MyTicketsPage({ orderId, links = {}, save }: PageProps) {
  const { t } = useTicketsT();
  return (
    <Stack gap="md" data-testid="my-tickets-page">
      <Stack gap={4}>
        <Title order={1} size="h2">
          {t('list.title')}
        </Title>
        <Text c="dimmed">{t('list.subtitle')}</Text>
        <Group gap="sm">
          <Text size="sm" c="dimmed">
            {t('list.order', { id: shortOrderId(orderId) })}
          </Text>
          {links.order && (
            <Text size="sm" component={Link} to={links.order} c="blue" data-testid="tickets-back">
              {t('list.back')}
            </Text>
          )}
        </Group>
      </Stack>
      <TicketsGate>{(user) => <TicketsList userId={user.id} orderId={orderId} {...(save ? { save } : {})} />}</TicketsGate>
    </Stack>
  );
}
