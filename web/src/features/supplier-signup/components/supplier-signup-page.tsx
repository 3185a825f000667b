import {
  Alert,
  Avatar,
  Button,
  Card,
  FileInput,
  Group,
  List,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  TextInput,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { IconAlertTriangle, IconCheck } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { GalleryLimits, SupplierLimits, type SupplierProfile } from '@vitrina/contracts';
import { useEffect, useMemo, useState, type FormEvent, type ReactNode } from 'react';
import { uploadImage } from '@/api/gallery-upload';
import { authModal } from '@/lib/auth-modal-store';
import { sessionStore } from '@/lib/session/session-store';
import { useSession } from '@/lib/session/use-session';
import { openSupplierProfile, supplierProfileKey, useSupplierProfile } from '../api/supplier-profile';
import { useSignupT } from '../i18n/texts';

export interface SupplierSignupPageProps {
  /** Opened: where the new supplier goes (their first item). */
  onOpened: () => void;
  /** Links of the supplier's pages (the route composes them). */
  links: { items: string; newItem: string; settings: string };
}

const POINTS = ['list', 'resell', 'paid'] as const;
/** What the gallery takes (spec 1 §5 'Upload'). */
const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/svg+xml'];

/**
 * Become a supplier (issue 16): what selling on Vitrina means, then by who visits: a sign-in prompt, the supplier
 * they already are (or the notice that an operator disabled them), or the form (a business name, the profile's photo
 * as the image). Opening the profile refreshes the session, so the next calls carry the supplier keychain.
 */
export function SupplierSignupPage({ onOpened, links }: SupplierSignupPageProps) {
  const { t } = useSignupT();
  const session = useSession();
  const queryClient = useQueryClient();
  const meID = session.status === 'authenticated' ? (session.user?.id ?? null) : null;
  const profile = useSupplierProfile(meID);
  const [name, setName] = useState<string | null>(null);
  const [touched, setTouched] = useState(false);
  const [saving, setSaving] = useState(false);
  const [failed, setFailed] = useState(false);
  /** An image of their own instead of the profile photo (optional), uploaded to their gallery on submit. */
  const [file, setFile] = useState<File | null>(null);
  const preview = useMemo(() => (file && typeof URL.createObjectURL === 'function' ? URL.createObjectURL(file) : null), [file]);
  useEffect(
    () => () => {
      if (preview) URL.revokeObjectURL(preview);
    },
    [preview],
  );
  const fileError =
    file && !(file.size <= GalleryLimits.maxBytes && IMAGE_TYPES.includes(file.type))
      ? t('form.imageInvalid', { mb: Math.round(GalleryLimits.maxBytes / 1_000_000) })
      : null;
  const photo = session.profile?.photo ?? null;
  const value = name ?? session.profile?.full_name ?? '';
  const nameError = touched && value.trim() === '' ? t('form.nameRequired') : null;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (!meID || value.trim() === '' || saving || fileError) return;
    setSaving(true);
    setFailed(false);
    try {
      const image = file ? (await uploadImage({ ownerId: meID }, file)).url : photo;
      const opened = await openSupplierProfile(meID, { name: value.trim(), image });
      queryClient.setQueryData<SupplierProfile>(supplierProfileKey(meID), opened);
      // the token that lets the catalogue take their items
      await sessionStore.refresh().catch(() => null);
      onOpened();
    } catch {
      setFailed(true);
    } finally {
      setSaving(false);
    }
  };

  let panel: ReactNode;
  if (session.status === 'loading' || (meID && profile.isPending)) {
    panel = (
      <Stack gap="md" aria-busy="true" aria-label={t('loading')}>
        <Skeleton h={24} w="60%" />
        <Skeleton h={56} />
        <Skeleton h={42} />
      </Stack>
    );
  } else if (!meID) {
    panel = (
      <Stack gap="sm" align="flex-start" data-testid="supplier-signup-sign-in">
        <Title order={2} size="h3">
          {t('signIn.title')}
        </Title>
        <Text c="dimmed">{t('signIn.text')}</Text>
        <Group gap="sm" onPointerEnter={authModal.prefetch} onFocus={authModal.prefetch}>
          <Button onClick={() => authModal.open('register', { withTitle: true })}>{t('signIn.register')}</Button>
          <Button variant="default" onClick={() => authModal.open('login')}>
            {t('signIn.login')}
          </Button>
        </Group>
      </Stack>
    );
  } else if (profile.isError) {
    panel = (
      <Alert color="red" title={t('error.title')} role="alert">
        <Button size="xs" variant="light" color="red" onClick={() => void profile.refetch()}>
          {t('error.retry')}
        </Button>
      </Alert>
    );
  } else if (profile.data?.is_supplier) {
    panel = (
      <Stack gap="sm" align="flex-start" data-testid="supplier-signup-done">
        {!profile.data.enabled && (
          <Alert color="yellow" icon={<IconAlertTriangle size={18} aria-hidden />} title={t('disabled.title')} role="alert">
            {t('disabled.text')}
          </Alert>
        )}
        <Title order={2} size="h3">
          {t('supplier.title')}
        </Title>
        <Text c="dimmed">{t('supplier.text', { name: profile.data.name })}</Text>
        <Group gap="sm">
          <Button component="a" href={links.newItem}>
            {t('supplier.newItem')}
          </Button>
          <Button component="a" href={links.items} variant="default">
            {t('supplier.items')}
          </Button>
          <Button component="a" href={links.settings} variant="subtle">
            {t('supplier.settings')}
          </Button>
        </Group>
      </Stack>
    );
  } else {
    panel = (
      <form
        onSubmit={(event) => void submit(event)}
        noValidate
        aria-labelledby="supplier-signup-form-title"
        data-testid="supplier-signup-form"
      >
        <Stack gap="md">
          <Title order={2} size="h3" id="supplier-signup-form-title">
            {t('form.title')}
          </Title>
          <TextInput
            label={t('form.name')}
            description={t('form.nameHint')}
            value={value}
            onChange={(event) => setName(event.currentTarget.value)}
            onBlur={() => setTouched(true)}
            error={nameError}
            required
            maxLength={SupplierLimits.nameMax}
            disabled={saving}
            autoComplete="organization"
            data-testid="supplier-signup-name"
          />
          <Group gap="sm" wrap="nowrap" align="flex-end">
            <Avatar src={preview ?? photo} alt="" size={48} radius="md" />
            <FileInput
              label={t('form.image')}
              description={file ? null : photo ? t('form.imageFromProfile') : t('form.noImage')}
              placeholder={t('form.imagePlaceholder')}
              accept={IMAGE_TYPES.join(',')}
              value={file}
              onChange={setFile}
              clearable
              error={fileError}
              disabled={saving}
              style={{ flex: 1 }}
              data-testid="supplier-signup-image"
            />
          </Group>
          {failed && (
            <Alert color="red" role="alert" data-testid="supplier-signup-error">
              {t('form.error')}
            </Alert>
          )}
          <Button type="submit" loading={saving} data-testid="supplier-signup-submit">
            {t('form.submit')}
          </Button>
        </Stack>
      </form>
    );
  }

  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing={{ base: 'lg', md: 'xl' }}>
      <section aria-labelledby="supplier-signup-title">
        <Text size="sm" fw={600} c="vitrina.8" tt="uppercase">
          {t('hero.eyebrow')}
        </Text>
        <Title order={1} id="supplier-signup-title" mt={4}>
          {t('hero.title')}
        </Title>
        <Text size="lg" c="dimmed" mt="md">
          {t('hero.text')}
        </Text>
        <List
          mt="lg"
          spacing="sm"
          icon={
            <ThemeIcon size={22} radius="xl" color="teal" variant="light">
              <IconCheck size={14} aria-hidden />
            </ThemeIcon>
          }
        >
          {POINTS.map((key) => (
            <List.Item key={key}>{t(`hero.points.${key}`)}</List.Item>
          ))}
        </List>
      </section>
      <Card withBorder radius="md" padding="lg">
        {panel}
      </Card>
    </SimpleGrid>
  );
}
