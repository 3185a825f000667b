import { Button, Card, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { authModal } from '@/lib/auth-modal-store';
import { useSession } from '@/lib/session/use-session';

export interface SignedInGateTexts {
  /** The skeletons' accessible name while the session loads. */
  loading: string;
  title: string;
  text: string;
  login: string;
}

/**
 * A page that belongs to a signed-in user (orders, returns, wallets): skeletons while the session loads, a sign-in
 * prompt for a visitor, the page with the user's id otherwise.
 */
export function SignedInGate({
  texts,
  testId,
  children,
}: {
  texts: SignedInGateTexts;
  /** The sign-in prompt's test id. */
  testId: string;
  children: (userId: string) => ReactNode;
}) {
  const session = useSession();
  if (session.status === 'loading') {
    return (
      <Stack gap="md" aria-busy="true" aria-label={texts.loading}>
        <Skeleton h={32} w="40%" />
        <Skeleton h={88} />
        <Skeleton h={88} />
      </Stack>
    );
  }
  if (session.status !== 'authenticated' || !session.user) {
    return (
      <Card withBorder padding="xl" radius="md" maw={520} mx="auto" mt="xl" data-testid={testId}>
        <Stack gap="sm" align="flex-start">
          <Title order={1} size="h3">
            {texts.title}
          </Title>
          <Text c="dimmed">{texts.text}</Text>
          <Button onClick={() => authModal.open('login')} onFocus={authModal.prefetch} onPointerEnter={authModal.prefetch}>
            {texts.login}
          </Button>
        </Stack>
      </Card>
    );
  }
  return <>{children(session.user.id)}</>;
}
