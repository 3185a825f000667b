import { Button, Card, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { authModal } from '@/lib/auth-modal-store';
import { useSession, type SessionUser } from '@/lib/session/use-session';
import { useTicketsT } from '../i18n/texts';

/**
 * Tickets belong to a signed-in user (spec 3 §6 'Customer: views tickets'; the door's check-in is a signed-in
 * supplier or qrreader): skeletons while the session loads, a sign-in prompt for a visitor, the page otherwise.
 */
export function TicketsGate({ checkin = false, children }: { checkin?: boolean; children: (user: SessionUser) => ReactNode }) {
  const { t } = useTicketsT();
  const session = useSession();
  if (session.status === 'loading') {
    return (
      <Stack gap="md" aria-busy="true" aria-label={t('gate.loading')}>
        <Skeleton h={32} w="40%" />
        <Skeleton h={160} />
      </Stack>
    );
  }
  if (session.status !== 'authenticated' || !session.user) {
    return (
      <Card withBorder padding="xl" radius="md" maw={520} mx="auto" mt="xl" data-testid="tickets-sign-in">
        <Stack gap="sm" align="flex-start">
          <Title order={1} size="h3">
            {t(checkin ? 'gate.checkinTitle' : 'gate.title')}
          </Title>
          <Text c="dimmed">{t(checkin ? 'gate.checkinText' : 'gate.text')}</Text>
          <Button onClick={() => authModal.open('login')} onFocus={authModal.prefetch} onPointerEnter={authModal.prefetch}>
            {t('gate.login')}
          </Button>
        </Stack>
      </Card>
    );
  }
  return <>{children(session.user)}</>;
}
