import { Button, Card, Stack, Text, Title } from '@mantine/core';
import { authModal } from '@/lib/auth-modal-store';

/** A payment belongs to a signed-in owner: the log-in modal opens from here. */
export function SignInPrompt({ title, text, button }: { title: string; text: string; button: string }) {
  return (
    <Card withBorder padding="xl" radius="md" maw={560} mx="auto" data-testid="payment-sign-in">
      <Stack gap="sm" align="flex-start">
        {/* The page's only heading while signed out. */}
        <Title order={1} size="h3">
          {title}
        </Title>
        <Text c="dimmed">{text}</Text>
        <Button onClick={() => authModal.open('login')} onFocus={authModal.prefetch} onPointerEnter={authModal.prefetch}>
          {button}
        </Button>
      </Stack>
    </Card>
  );
}
