import { Alert, Button, Card, Group, Loader, SimpleGrid, Skeleton, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconBuildingStore, IconCoins, IconPencil } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { authModal } from '@/lib/auth-modal-store';
import { ADMIN_PROFILE_KEY } from '@/lib/session/get-admin-profile';
import { useSession } from '@/lib/session/use-session';
import type { CreatedShop } from '../api/create-shop';
import { createInstantShop } from '../api/instant-shop';
import { shopTypesFor } from '../domain/store-types';
import { waitForStore, type WaitForStoreOptions } from '../api/wait-for-store';
import { useCreateShopT } from '../i18n/texts';
import { CreateShopForm } from './create-shop-form';
import classes from './create-shop-page.module.css';

const BENEFITS = [
  { key: 'storefront', icon: IconBuildingStore },
  { key: 'resale', icon: IconCoins },
  { key: 'edit', icon: IconPencil },
] as const;

export interface CreateShopPageProps {
  /** The shop's address `/tienda/{slug}/` (the route composes it). */
  shopHref: (slug: string) => string;
  /** The shop is created and the account caught up (or the wait ran out): go to it (its owner sees the editor). */
  onReady: (shop: CreatedShop) => void;
  /** The site's origin for the future address; default the page's. */
  origin?: string;
  /** Tests: how long to wait for the account. */
  waitOptions?: WaitForStoreOptions;
  /**
   * 'Create store now' (spec 2 §2): the user signed up from this page's register button and comes back signed in;
   * their shop is created at once (named after them) instead of showing the form.
   */
  instant?: boolean;
  /** Where the register button brings the new user back (with `instant` on). */
  instantNext?: string;
  /** Tests: the instant creation. */
  createInstant?: (name: string) => Promise<CreatedShop>;
}

/**
 * spec 1 §2 / spec 2 §2 `/asistentes/emprendedores`, 'create your free store' (issue 16): what the user gets, then
 * by who they are: a sign-in prompt for a visitor, their shop for one who owns it, the creation form otherwise, and
 * after the creation the 'account being finished' message (spec 2 §2) while the session catches up.
 */
export function CreateShopPage({
  shopHref,
  onReady,
  origin = window.location.origin,
  waitOptions,
  instant = false,
  instantNext,
  createInstant = createInstantShop,
}: CreateShopPageProps) {
  const { t } = useCreateShopT();
  const session = useSession();
  const queryClient = useQueryClient();
  const [created, setCreated] = useState<CreatedShop | null>(null);
  const waiting = useRef(false);
  const mounted = useRef(true);
  const meID = session.user?.id ?? null;
  const [instantState, setInstantState] = useState<'idle' | 'creating' | 'failed'>('idle');
  const instantStarted = useRef(false);
  const profile = session.profile;
  const canCreateInstantly = instant && session.status === 'authenticated' && session.profileStatus === 'ready' && !profile?.store_id;

  useEffect(() => {
    if (!canCreateInstantly || instantStarted.current || !profile) return;
    instantStarted.current = true;
    setInstantState('creating');
    const first = (profile.full_name || profile.name).trim().split(/\s+/)[0] ?? '';
    createInstant(first ? t('instant.name', { name: first }) : t('instant.nameless'))
      .then((shop) => {
        if (mounted.current) setCreated(shop);
      })
      .catch(() => {
        if (mounted.current) setInstantState('failed');
      });
  }, [canCreateInstantly, profile, createInstant, t]);

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  useEffect(() => {
    if (!created || !meID || waiting.current) return;
    waiting.current = true;
    // Whether or not the account caught up in time, the shop opens (unless the user left the page meanwhile).
    void waitForStore(queryClient, meID, waitOptions).then(() => {
      if (mounted.current) onReady(created);
    });
  }, [created, meID, queryClient, onReady, waitOptions]);

  const reloadProfile = () => {
    if (meID) void queryClient.invalidateQueries({ queryKey: [...ADMIN_PROFILE_KEY, meID] });
  };
  const myShop = session.profile?.store_slug ? shopHref(session.profile.store_slug) : null;

  let panel: ReactNode;
  if (created || instantState === 'creating') {
    panel = (
      <Stack gap="sm" align="center" ta="center" py="lg" role="status" aria-live="polite" data-testid="create-shop-finishing">
        <Loader aria-hidden />
        <Title order={2} size="h3">
          {t('finishing.title')}
        </Title>
        <Text c="dimmed">{created ? t('finishing.text', { name: created.name }) : t('finishing.instant')}</Text>
      </Stack>
    );
  } else if (session.status === 'loading' || (session.status === 'authenticated' && session.profileStatus === 'loading')) {
    panel = (
      <Stack gap="md" aria-busy="true" aria-label={t('loading')}>
        <Skeleton h={24} w="60%" />
        <Skeleton h={56} />
        <Skeleton h={56} />
        <Skeleton h={120} />
        <Skeleton h={42} />
      </Stack>
    );
  } else if (session.status !== 'authenticated') {
    panel = (
      <Stack gap="sm" align="flex-start" data-testid="create-shop-sign-in">
        <Title order={2} size="h3">
          {t('signIn.title')}
        </Title>
        <Text c="dimmed">{t('signIn.text')}</Text>
        <Group gap="sm">
          <Button
            onClick={() => authModal.open('register', instantNext ? { createStoreOnSignup: true, next: instantNext, withTitle: true } : {})}
            onFocus={authModal.prefetch}
            onPointerEnter={authModal.prefetch}
            data-testid="create-shop-register"
          >
            {t('signIn.register')}
          </Button>
          <Button
            variant="default"
            onClick={() => authModal.open('login')}
            onFocus={authModal.prefetch}
            onPointerEnter={authModal.prefetch}
          >
            {t('signIn.login')}
          </Button>
        </Group>
      </Stack>
    );
  } else if (session.profile?.store_id) {
    const storeName = session.profile.store_name;
    panel = (
      <Stack gap="sm" align="flex-start" data-testid="create-shop-owner">
        <Title order={2} size="h3">
          {t('owner.title')}
        </Title>
        <Text c="dimmed">{storeName ? t('owner.text', { name: storeName }) : t('owner.textUnnamed')}</Text>
        {myShop && (
          <Button component="a" href={myShop}>
            {t('owner.go')}
          </Button>
        )}
      </Stack>
    );
  } else {
    panel = (
      <Stack gap="md">
        {instantState === 'failed' && (
          <Alert color="yellow" role="alert" data-testid="create-shop-instant-failed">
            {t('instant.failed')}
          </Alert>
        )}
        <CreateShopForm
          origin={origin}
          types={shopTypesFor(session.user?.keychain)}
          ownerId={meID}
          myShopHref={myShop}
          onCreated={setCreated}
          onAlreadyOwned={reloadProfile}
        />
      </Stack>
    );
  }

  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing={{ base: 'lg', md: 'xl' }}>
      <section className={classes.hero} aria-labelledby="create-shop-title">
        <Text size="sm" fw={600} c="vitrina.8" tt="uppercase">
          {t('hero.eyebrow')}
        </Text>
        <Title order={1} id="create-shop-title" className={classes.title} mt={4}>
          {t('hero.title')}
        </Title>
        <Text size="lg" c="dimmed" mt="md">
          {t('hero.text')}
        </Text>
        <Stack component="ul" className={classes.benefits} gap="md" mt="xl" aria-label={t('hero.benefitsLabel')}>
          {BENEFITS.map(({ key, icon: Icon }) => (
            <Group component="li" key={key} gap="md" wrap="nowrap" align="flex-start">
              <ThemeIcon variant="light" size={40} radius="md">
                <Icon size={22} aria-hidden />
              </ThemeIcon>
              <div>
                <Text fw={600}>{t(`hero.benefits.${key}.title`)}</Text>
                <Text size="sm" c="dimmed">
                  {t(`hero.benefits.${key}.text`)}
                </Text>
              </div>
            </Group>
          ))}
        </Stack>
      </section>
      <Card withBorder radius="lg" padding="lg">
        {panel}
      </Card>
    </SimpleGrid>
  );
}
