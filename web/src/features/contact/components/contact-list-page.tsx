import {
  ActionIcon,
  Alert,
  Card,
  Center,
  Group,
  Pagination,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconEye, IconInbox, IconLock, IconSearch } from '@tabler/icons-react';
import type { ContactEntry } from '@vitrina/contracts';
import { useEffect, useEffectEvent, useState } from 'react';
import { isApiError } from '@/api/client';
import { ErrorState } from '@/components/error-state';
import { formatDate } from '@/lib/dates';
import { CONTACT_PAGE_SIZE, useContacts } from '../api/list-contacts';
import { teaser, type ContactListSearch } from '../domain/list-search';
import { useContactT } from '../i18n/texts';
import { RouteLink } from './route-link';

/** spec 1 §9: a typed search waits 400 ms. */
export const CONTACT_FILTER_DEBOUNCE_MS = 400;

interface Props {
  userId: string;
  search: ContactListSearch;
  onSearchChange: (next: ContactListSearch) => void;
  /** Where an entry opens (spec 2 §2: the eye button leads to `/me/inbox/{id}`). */
  detailHref: (id: string) => string;
}

function RowsSkeleton({ label }: { label: string }) {
  return (
    <Stack gap="xs" aria-busy="true" aria-label={label} data-testid="contact-list-loading">
      {Array.from({ length: 5 }, (_, i) => (
        <Skeleton key={i} h={40} radius="sm" />
      ))}
    </Stack>
  );
}

/**
 * spec 2 §2 'Contact list (admin)': what visitors wrote to the user's shops, newest first, as a table of name,
 * message, date and an eye button to the entry; a filter kept in the `ContactList` query parameter (debounced);
 * 20 per page (spec 2 §9); loading, empty and error states.
 */
export function ContactListPage({ userId, search, onSearchChange, detailHref }: Props) {
  const { t, i18n } = useContactT();
  const filter = search.ContactList ?? '';
  const [text, setText] = useState(filter);
  const [debounced] = useDebouncedValue(text.trim(), CONTACT_FILTER_DEBOUNCE_MS);
  const page = search.page ?? 1;

  // Only the typed text drives this; the page goes back to the first.
  const applyText = useEffectEvent((next: string) => {
    if (next !== filter) onSearchChange({ ContactList: next || undefined });
  });
  useEffect(() => applyText(debounced), [debounced]);

  const query = useContacts(userId, (page - 1) * CONTACT_PAGE_SIZE, filter);
  const total = query.data?.matches_estimated ?? 0;
  const pages = Math.max(1, Math.ceil(total / CONTACT_PAGE_SIZE));

  let body;
  if (query.isPending) body = <RowsSkeleton label={t('list.loading')} />;
  else if (query.isError) {
    body =
      isApiError(query.error) && query.error.status === 403 ? (
        <Alert color="gray" icon={<IconLock size={18} aria-hidden />} data-testid="contact-list-forbidden">
          {t('list.forbidden')}
        </Alert>
      ) : (
        <ErrorState title={t('list.error')} onRetry={() => void query.refetch()} />
      );
  } else if (query.data.results.length === 0) {
    body = (
      <Card withBorder padding="xl" data-testid="contact-list-empty">
        <Center>
          <Stack align="center" gap={4}>
            <IconInbox size={40} stroke={1.5} aria-hidden />
            <Text fw={600} ta="center">
              {filter ? t('list.noMatches', { filter }) : t('list.empty')}
            </Text>
            {!filter && (
              <Text c="dimmed" size="sm" ta="center">
                {t('list.emptyText')}
              </Text>
            )}
          </Stack>
        </Center>
      </Card>
    );
  } else {
    body = (
      <Stack gap="sm">
        <Table.ScrollContainer minWidth={480}>
          <Table striped highlightOnHover verticalSpacing="sm" data-testid="contact-list" aria-busy={query.isPlaceholderData}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('list.name')}</Table.Th>
                <Table.Th>{t('list.message')}</Table.Th>
                <Table.Th>{t('list.date')}</Table.Th>
                <Table.Th>
                  <VisuallyHidden>{t('list.actions')}</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {query.data.results.map((entry: ContactEntry) => (
                <Table.Tr key={entry.id} data-testid="contact-row">
                  <Table.Td>
                    <Text fw={600} size="sm" style={{ overflowWrap: 'anywhere' }}>
                      {entry.name}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm" c="dimmed">
                      {teaser(entry.message)}
                    </Text>
                  </Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>
                    <Text size="sm">{formatDate(entry.created_at, i18n.language)}</Text>
                  </Table.Td>
                  <Table.Td>
                    <ActionIcon
                      component={RouteLink}
                      to={detailHref(entry.id)}
                      variant="subtle"
                      size="lg"
                      aria-label={t('list.view', { name: entry.name })}
                    >
                      <IconEye size={20} aria-hidden />
                    </ActionIcon>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        {pages > 1 && (
          <Group justify="center">
            <Pagination
              total={pages}
              value={Math.min(page, pages)}
              onChange={(next) => onSearchChange({ ...search, page: next > 1 ? next : undefined })}
              getItemProps={(n) => ({ 'aria-label': `${t('list.pages')}: ${n}` })}
              aria-label={t('list.pages')}
            />
          </Group>
        )}
      </Stack>
    );
  }

  return (
    <Stack gap="md">
      <Stack gap={4}>
        <Title order={1} size="h2">
          {t('list.title')}
        </Title>
        <Text c="dimmed">{t('list.intro')}</Text>
      </Stack>
      <Group justify="space-between" align="flex-end" gap="sm">
        <TextInput
          type="search"
          label={t('list.filter')}
          placeholder={t('list.filterPlaceholder')}
          leftSection={<IconSearch size={16} aria-hidden />}
          value={text}
          onChange={(e) => setText(e.currentTarget.value)}
          maxLength={100}
          w={{ base: '100%', sm: 360 }}
          data-testid="contact-filter"
        />
        {query.data && total > 0 && (
          <Text size="sm" c="dimmed" aria-live="polite">
            {t('list.total', { count: total })}
          </Text>
        )}
      </Group>
      {body}
    </Stack>
  );
}
