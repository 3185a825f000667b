import { Button, Card, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { authModal } from '@/lib/auth-modal-store';
import { useSession } from '@/lib/session/use-session';
import { useWalletsT } from '../i18n/texts';

/**
 * A wallet belongs to a signed-in user: skeletons while the session
 * loads, a sign-in prompt for a visitor, the page with the user's id otherwise.
 */
export function WalletGate({ children }: { children: (userId: string) => ReactNode }) {
  const { t } = useWalletsT();
  const session = useSession();
  if (session.status === 'loading') {
    return (
      <Stack gap="md" aria-busy="true" aria-label={t('gate.loading')}>
        <Skeleton h={32} w="40%" />
        <Skeleton h={88} />
        <Skeleton h={88} />
      </Stack>
    );
  }
  if (session.status !== 'authenticated' || !session.user) {
    return (
      <Card withBorder padding="xl" radius="md" maw={520} mx="auto" mt="xl" data-testid="wallet-sign-in">
        <Stack gap="sm" align="flex-start">
          <Title order={1} size="h3">
            {t('gate.title')}
          </Title>
          <Text c="dimmed">{t('gate.text')}</Text>
          <Button onClick={() => authModal.open('login')} onFocus={authModal.prefetch} onPointerEnter={authModal.prefetch}>
            {t('gate.login')}
          </Button>
        </Stack>
      </Card>
    );
  }
  return <>{children(session.user.id)}</>;
}
