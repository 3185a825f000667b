import { Alert, Anchor, Badge, Button, Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconMail } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { isApiError } from '@/api/client';
import { ErrorState } from '@/components/error-state';
import { formatDateTime } from '@/lib/dates';
import { useContact } from '../api/get-contact';
import { useContactT } from '../i18n/texts';
import { RouteLink } from './route-link';

interface Props {
  userId: string;
  id: string;
  /** The list the back link returns to. */
  backHref: string;
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed" fw={600}>
        {label}
      </Text>
      <div>{children}</div>
    </Stack>
  );
}

/** spec 2 §2 `/me/inbox/{id}`: a contact entry (sender's name, e-mail, phone, date and the message) with a back link. */
export function ContactDetailPage({ userId, id, backHref }: Props) {
  const { t, i18n } = useContactT();
  const query = useContact(userId, id);
  const back = (
    <Anchor component={RouteLink} to={backHref} size="sm">
      <Group gap={4} component="span">
        <IconArrowLeft size={16} aria-hidden />
        {t('detail.back')}
      </Group>
    </Anchor>
  );

  if (query.isPending) {
    return (
      <Stack gap="md" aria-busy="true" aria-label={t('detail.loading')} data-testid="contact-detail-loading">
        {back}
        <Skeleton h={32} w="50%" />
        <Skeleton h={160} />
      </Stack>
    );
  }
  if (query.isError) {
    // spec 2 §6: without access the detail fetch signals failure; another owner's id is simply not found
    const missing = isApiError(query.error) && (query.error.status === 404 || query.error.status === 403);
    return (
      <Stack gap="md">
        {back}
        {missing ? (
          <Alert color="gray" data-testid="contact-detail-missing">
            {t('detail.notFound')}
          </Alert>
        ) : (
          <ErrorState title={t('detail.error')} onRetry={() => void query.refetch()} />
        )}
      </Stack>
    );
  }
  const entry = query.data;
  return (
    <Stack gap="md">
      {back}
      <Title order={1} size="h2" style={{ overflowWrap: 'anywhere' }}>
        {t('detail.title', { name: entry.name })}
      </Title>
      <Card withBorder radius="md" padding="lg">
        <Stack gap="md">
          <Group gap="xl" align="flex-start" wrap="wrap">
            <Field label={t('detail.sender')}>
              <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                {entry.name}
              </Text>
            </Field>
            <Field label={t('detail.email')}>
              <Anchor href={`mailto:${entry.email}`} style={{ overflowWrap: 'anywhere' }}>
                {entry.email}
              </Anchor>
            </Field>
            <Field label={t('detail.phone')}>
              {entry.phone ? <Anchor href={`tel:+${entry.phone}`}>{entry.phone}</Anchor> : <Text c="dimmed">{t('detail.noPhone')}</Text>}
            </Field>
            <Field label={t('detail.date')}>
              <Text>{formatDateTime(entry.created_at, i18n.language)}</Text>
            </Field>
            {entry.item_id && (
              <Field label={t('detail.item')}>
                <Badge variant="light" style={{ textTransform: 'none' }}>
                  {entry.item_id}
                </Badge>
              </Field>
            )}
          </Group>
          <Field label={t('detail.message')}>
            <Text style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }} data-testid="contact-detail-message">
              {entry.message}
            </Text>
          </Field>
          <Group>
            <Button component="a" href={`mailto:${entry.email}`} variant="light" leftSection={<IconMail size={16} aria-hidden />}>
              {t('detail.reply')}
            </Button>
          </Group>
        </Stack>
      </Card>
    </Stack>
  );
}
