import { Button, Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { authModal } from '@/lib/auth-modal-store';
import { useSession } from '@/lib/session/use-session';
import type { SupplierRef } from '../api/http';
import { useSupplierT } from '../i18n/texts';

/** The keychain API of suppliers (spec 1 §6). */
const SUPPLIER_API = 'dssupplier-admin';

/**
 * The supplier pages are for the signed-in user's own items (the catalogue answers 401/403 to anyone else):
 * skeletons while the session loads, a sign-in prompt for visitors, the page with the user as owner otherwise.
 */
export function SupplierGate({ children }: { children: (owner: SupplierRef) => ReactNode }) {
  const { t } = useSupplierT();
  const session = useSession();
  if (session.status === 'loading') {
    return (
      <Stack gap="md" aria-busy="true">
        <Skeleton h={32} w="40%" />
        <Skeleton h={72} />
        <Skeleton h={72} />
      </Stack>
    );
  }
  if (session.status !== 'authenticated' || !session.user) {
    return (
      <Card withBorder padding="xl" maw={520} mx="auto" mt="xl" data-testid="supplier-sign-in">
        <Stack gap="sm">
          <Title order={1} size="h3">
            {t('gate.title')}
          </Title>
          <Text c="dimmed">{t('gate.text')}</Text>
          <Group gap="xs" onPointerEnter={authModal.prefetch} onFocus={authModal.prefetch}>
            <Button onClick={() => authModal.open('login')}>{t('gate.login')}</Button>
            <Button variant="default" onClick={() => authModal.open('register')}>
              {t('gate.register')}
            </Button>
          </Group>
        </Stack>
      </Card>
    );
  }
  // the catalogue takes items only from suppliers (the dssupplier-admin keychain): others open their profile first
  if (!session.user.keychain.includes(SUPPLIER_API)) {
    return (
      <Card withBorder padding="xl" maw={520} mx="auto" mt="xl" data-testid="supplier-become">
        <Stack gap="sm" align="flex-start">
          <Title order={1} size="h3">
            {t('gate.becomeTitle')}
          </Title>
          <Text c="dimmed">{t('gate.becomeText')}</Text>
          <Button component="a" href="/proveedor/registro">
            {t('gate.become')}
          </Button>
        </Stack>
      </Card>
    );
  }
  return <>{children({ ownerId: session.user.id, accountType: session.accountType ?? 'affiliate' })}</>;
}
