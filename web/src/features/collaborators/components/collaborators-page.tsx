import {
  ActionIcon,
  Alert,
  Avatar,
  Button,
  Group,
  Modal,
  Paper,
  ScrollArea,
  Select,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconRefresh, IconTrash, IconUsers } from '@tabler/icons-react';
import { COLLABORATOR_ROLES, type Collaborator, type CollaboratorRole } from '@vitrina/contracts';
import { useState, type FormEvent, type ReactNode } from 'react';
import { isApiError } from '@/api/client';
import {
  useAddCollaborator,
  useChangeCollaboratorRole,
  useCollaborators,
  useRefreshCollaborator,
  useRemoveCollaborator,
} from '../api/collaborators';
import { useCollaboratorsT, type CollaboratorsKey, type CollaboratorsT } from '../i18n/texts';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const KNOWN_ERRORS = ['user_not_found', 'collaborator_exists', 'collaborator_is_owner', 'collaborator_not_found', 'shop_required'];

/** A server `{ code, message }` in natural words (the codes of the collaborators contract, else a generic line). */
export function errorText(t: CollaboratorsT, error: unknown): string {
  const code = isApiError(error) ? error.code : '';
  return t(KNOWN_ERRORS.includes(code) ? (`errors.${code}` as CollaboratorsKey) : 'errors.generic');
}

function roleOptions(t: CollaboratorsT) {
  return COLLABORATOR_ROLES.map((role) => ({ value: role, label: t(`roles.${role}`) }));
}

interface Props {
  /** The signed-in shop owner. */
  userId: string;
  backLink?: ReactNode;
}

/**
 * spec 1 §2 / spec 2 §9, issue 16: the owner's collaborators, 5 at a time ('Ver más') in a list at most 300 px
 * high, each with their role (changeable), a refresh of their details and removal behind a confirmation; below, the
 * invite form (the e-mail they sign in with and a role).
 */
export function CollaboratorsPage({ userId, backLink }: Props) {
  const { t } = useCollaboratorsT();
  return (
    <Stack gap="lg" maw={720} w="100%" mx="auto" py="xl" px="md">
      {backLink}
      <div>
        <Title order={1} size="h2">
          {t('title')}
        </Title>
        <Text c="dimmed" size="sm">
          {t('intro')}
        </Text>
      </div>
      <CollaboratorList userId={userId} />
      <InviteForm userId={userId} />
    </Stack>
  );
}

function CollaboratorList({ userId }: { userId: string }) {
  const { t } = useCollaboratorsT();
  const query = useCollaborators(userId);
  const [removing, setRemoving] = useState<Collaborator | null>(null);

  if (query.isPending) {
    return (
      <Stack gap="xs" data-testid="collaborators-loading" aria-busy>
        {[0, 1, 2].map((n) => (
          <Skeleton key={n} h={56} radius="md" />
        ))}
      </Stack>
    );
  }
  if (query.isError) {
    return (
      <Alert color="red" title={t('list.error')}>
        <Button size="xs" variant="light" color="red" mt="xs" onClick={() => void query.refetch()}>
          {t('list.retry')}
        </Button>
      </Alert>
    );
  }
  const rows = query.data.pages.flatMap((page) => page.results);
  if (rows.length === 0) {
    return (
      <Paper withBorder p="lg" radius="md">
        <Group wrap="nowrap" align="flex-start">
          <IconUsers size={32} aria-hidden />
          <div>
            <Text fw={600}>{t('list.emptyTitle')}</Text>
            <Text size="sm" c="dimmed">
              {t('list.emptyText')}
            </Text>
          </div>
        </Group>
      </Paper>
    );
  }
  return (
    <Stack gap="xs">
      <ScrollArea.Autosize mah={300} type="auto">
        <Stack gap="xs" component="ul" aria-label={t('list.label')} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {rows.map((row) => (
            <CollaboratorRow key={row.id} userId={userId} row={row} onRemove={() => setRemoving(row)} />
          ))}
        </Stack>
      </ScrollArea.Autosize>
      {query.hasNextPage && (
        <Button variant="subtle" onClick={() => void query.fetchNextPage()} loading={query.isFetchingNextPage} w="fit-content">
          {t('list.more')}
        </Button>
      )}
      {removing && <RemoveDialog userId={userId} row={removing} onClose={() => setRemoving(null)} />}
    </Stack>
  );
}

function CollaboratorRow({ userId, row, onRemove }: { userId: string; row: Collaborator; onRemove: () => void }) {
  const { t, i18n } = useCollaboratorsT();
  const change = useChangeCollaboratorRole(userId);
  const refresh = useRefreshCollaborator(userId);
  const name = row.name || row.username;
  const date = new Date(row.created_at).toLocaleDateString(i18n.language, { dateStyle: 'medium' } as Intl.DateTimeFormatOptions);
  return (
    <Paper component="li" withBorder p="sm" radius="md" data-testid="collaborator-row">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Group wrap="nowrap" gap="sm" style={{ minWidth: 0, flex: 1 }}>
          <Avatar src={row.photo} alt="" radius="xl">
            {name.slice(0, 1).toUpperCase()}
          </Avatar>
          <div style={{ minWidth: 0 }}>
            <Text fw={600} truncate>
              {name}
            </Text>
            <Text size="xs" c="dimmed" truncate>
              {row.username} · {t('list.active')} · {t('list.since', { date })}
            </Text>
          </div>
        </Group>
        <Group gap={4} wrap="nowrap">
          <Select
            size="xs"
            w={170}
            aria-label={t('list.changeRole', { name })}
            data={roleOptions(t)}
            value={row.role}
            allowDeselect={false}
            disabled={change.isPending}
            onChange={(value) => {
              if (!value || value === row.role) return;
              const role = value;
              change.mutate(
                { id: row.id, role },
                {
                  onSuccess: () =>
                    notifications.show({ color: 'teal', message: t('list.roleChanged', { name, role: t(`roles.${role}`) }) }),
                  onError: (error) => notifications.show({ color: 'red', message: errorText(t, error) }),
                },
              );
            }}
          />
          <Tooltip label={t('list.refresh', { name })}>
            <ActionIcon
              variant="subtle"
              aria-label={t('list.refresh', { name })}
              loading={refresh.isPending}
              onClick={() =>
                refresh.mutate(row.id, {
                  onSuccess: (fresh) =>
                    notifications.show({ color: 'teal', message: t('list.refreshed', { name: fresh.name || fresh.username }) }),
                  onError: (error) => notifications.show({ color: 'red', message: errorText(t, error) }),
                })
              }
            >
              <IconRefresh size={18} aria-hidden />
            </ActionIcon>
          </Tooltip>
          <Tooltip label={t('list.remove', { name })}>
            <ActionIcon variant="subtle" color="red" aria-label={t('list.remove', { name })} onClick={onRemove}>
              <IconTrash size={18} aria-hidden />
            </ActionIcon>
          </Tooltip>
        </Group>
      </Group>
    </Paper>
  );
}

function RemoveDialog({ userId, row, onClose }: { userId: string; row: Collaborator; onClose: () => void }) {
  const { t } = useCollaboratorsT();
  const remove = useRemoveCollaborator(userId);
  const name = row.name || row.username;
  return (
    <Modal opened onClose={onClose} title={t('remove.title')} centered>
      <Text size="sm">{t('remove.text', { name })}</Text>
      {remove.isError && (
        <Text c="red" size="sm" mt="sm" role="alert">
          {errorText(t, remove.error)}
        </Text>
      )}
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onClose} disabled={remove.isPending}>
          {t('remove.cancel')}
        </Button>
        <Button
          color="red"
          loading={remove.isPending}
          onClick={() =>
            remove.mutate(row.id, {
              onSuccess: () => {
                notifications.show({ color: 'teal', message: t('remove.done', { name }) });
                onClose();
              },
            })
          }
        >
          {t('remove.confirm')}
        </Button>
      </Group>
    </Modal>
  );
}

function InviteForm({ userId }: { userId: string }) {
  const { t } = useCollaboratorsT();
  const add = useAddCollaborator(userId);
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<CollaboratorRole>('admin');
  const [touched, setTouched] = useState(false);
  const trimmed = email.trim();
  const emailError = !touched ? null : !trimmed ? t('invite.emailRequired') : !EMAIL.test(trimmed) ? t('invite.emailInvalid') : null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (!trimmed || !EMAIL.test(trimmed)) return;
    add.mutate(
      { username: trimmed.toLowerCase(), role },
      {
        onSuccess: (added) => {
          notifications.show({ color: 'teal', message: t('invite.done', { name: added.name || added.username }) });
          setEmail('');
          setTouched(false);
        },
      },
    );
  };

  return (
    <Paper withBorder p="md" radius="md" component="form" onSubmit={submit} noValidate aria-labelledby="invite-title">
      <Stack gap="sm">
        <Title order={2} size="h4" id="invite-title">
          {t('invite.title')}
        </Title>
        <TextInput
          label={t('invite.email')}
          description={t('invite.emailHint')}
          type="email"
          autoComplete="off"
          value={email}
          onChange={(event) => {
            setEmail(event.currentTarget.value);
            if (add.isError) add.reset();
          }}
          onBlur={() => trimmed && setTouched(true)}
          error={emailError}
          disabled={add.isPending}
          required
        />
        <Select
          label={t('invite.role')}
          data={roleOptions(t)}
          value={role}
          allowDeselect={false}
          onChange={(value) => value && setRole(value)}
          description={t(`roleHelp.${role}`)}
          renderOption={({ option }) => (
            <div>
              <Text size="sm">{option.label}</Text>
              <Text size="xs" c="dimmed">
                {t(`roleHelp.${option.value}`)}
              </Text>
            </div>
          )}
          disabled={add.isPending}
        />
        {add.isError && (
          <Alert color="red" role="alert">
            {errorText(t, add.error)}
          </Alert>
        )}
        <Button type="submit" loading={add.isPending} w="fit-content">
          {add.isPending ? t('invite.sending') : t('invite.submit')}
        </Button>
      </Stack>
    </Paper>
  );
}
