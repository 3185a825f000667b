import type { Attendant } from '@vitrina/contracts';
import { Badge, Button, Card, Code, Group, Stack, Text, Title } from '@mantine/core';
import { IconDownload, IconPencil } from '@tabler/icons-react';
import { useState } from 'react';
import type { AttendeeValues } from '../lib/attendee-form';
import { formatTicketDate, formatUsedAt } from '../lib/format';
import type { TicketsT } from '../i18n/texts';
import { AttendeeForm } from './attendee-form';
import { TicketQr } from './ticket-qr';

interface Props {
  attendant: Attendant;
  /** Its 0-based place in the order (the number shown is 1-based). */
  index: number;
  t: TicketsT;
  language: string;
  onSave: (change: Partial<AttendeeValues>) => Promise<unknown>;
  onDownload: () => Promise<unknown>;
}

/** One ticket (spec 3 §3 'Attendee/ticket': full name, phone, type, QR code, used flag), its download and attendee update. */
export function TicketCard({ attendant, index, t, language, onSave, onDownload }: Props) {
  const [editing, setEditing] = useState(false);
  const [downloading, setDownloading] = useState(false);
  const download = async () => {
    setDownloading(true);
    await onDownload();
    setDownloading(false);
  };
  return (
    <Card withBorder radius="md" padding="lg" data-testid="ticket-card" data-used={attendant.used ? 'true' : 'false'}>
      <Group align="flex-start" gap="lg" wrap="wrap">
        <Stack gap={6} align="center">
          <TicketQr code={attendant.qr_code} label={t('ticket.qrAlt', { name: attendant.full_name })} size={180} />
        </Stack>
        <Stack gap="xs" flex={1} miw={220}>
          <Group gap="xs">
            <Text size="sm" c="dimmed" fw={600}>
              {t('ticket.number', { n: index + 1 })}
            </Text>
            <Badge variant="light" color="gray">
              {t(`ticket.types.${attendant.type}`)}
            </Badge>
            {attendant.used ? (
              <Badge color="orange" data-testid="ticket-used">
                {attendant.used_at ? t('ticket.usedAt', { date: formatUsedAt(attendant.used_at, language) }) : t('ticket.used')}
              </Badge>
            ) : (
              <Badge color="green" variant="light">
                {t('ticket.valid')}
              </Badge>
            )}
          </Group>
          <Title order={2} size="h4">
            {attendant.item_name}
          </Title>
          <Text size="sm">
            <Text span c="dimmed">
              {t('ticket.date')}:{' '}
            </Text>
            {attendant.experience_date ? formatTicketDate(attendant.experience_date, language) : t('ticket.noDate')}
          </Text>
          {editing ? (
            <AttendeeForm attendant={attendant} onSave={onSave} onDone={() => setEditing(false)} t={t} />
          ) : (
            <>
              <Text size="sm">
                <Text span c="dimmed">
                  {t('ticket.attendee')}:{' '}
                </Text>
                <span data-testid="ticket-attendee">{attendant.full_name}</span>
              </Text>
              <Text size="sm">
                <Text span c="dimmed">
                  {t('ticket.phone')}:{' '}
                </Text>
                {attendant.phone}
              </Text>
            </>
          )}
          <Stack gap={2}>
            <Text size="xs" c="dimmed">
              {t('ticket.code')}
            </Text>
            <Code style={{ wordBreak: 'break-all' }} data-testid="ticket-code">
              {attendant.qr_code}
            </Code>
          </Stack>
          {!editing && (
            <Group gap="sm" mt="xs">
              <Button
                variant="light"
                leftSection={<IconDownload size={16} />}
                onClick={() => void download()}
                loading={downloading}
                data-testid="ticket-download"
              >
                {t('downloads.one')}
              </Button>
              {!attendant.used && (
                <Button variant="default" leftSection={<IconPencil size={16} />} onClick={() => setEditing(true)} data-testid="ticket-edit">
                  {t('ticket.edit')}
                </Button>
              )}
            </Group>
          )}
        </Stack>
      </Group>
    </Card>
  );
}
