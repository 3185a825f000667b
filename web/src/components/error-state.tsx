import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

interface ErrorStateProps {
  title?: string;
  text?: string;
  onRetry?: () => void;
}

/** A failed load: what happened, and a way to try again. Never a blank page. */
export function ErrorState({ title, text, onRetry }: ErrorStateProps) {
  const { t } = useTranslation();
  return (
    <Center flex={1} p="xl">
      <Stack align="center" gap="sm" maw={480} role="alert">
        <Text c="orange" aria-hidden>
          <IconAlertTriangle size={48} stroke={1.5} />
        </Text>
        <Title order={2} ta="center">
          {title ?? t('error.title')}
        </Title>
        <Text c="dimmed" ta="center">
          {text ?? t('error.text')}
        </Text>
        {onRetry && (
          <Button variant="light" onClick={onRetry}>
            {t('error.retry')}
          </Button>
        )}
      </Stack>
    </Center>
  );
}
