import { Container, Group, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LanguageSelect } from '@/components/language-select';
import { ThemeToggle } from '@/components/theme-toggle';

interface SiteFooterProps {
  /** spec 1 §2: a shop offers the dark/light toggle only when its settings allow dark mode. */
  withThemeToggle?: boolean;
}

/** The simple one-row footer (spec 1 §2 'Footer'): copyright, language selector, theme toggle. */
export function SiteFooter({ withThemeToggle = true }: SiteFooterProps) {
  const { t } = useTranslation();
  // Read once per mount: rendering stays pure (React may render twice), and the year is the same on every render.
  const [year] = useState(() => new Date().getFullYear());
  return (
    <Container component="footer" size="lg" w="100%" py="md">
      <Group justify="space-between" gap="sm">
        <Text size="sm" c="dimmed">
          {t('footer.copyright', { year })}
        </Text>
        <Group gap="xs">
          <LanguageSelect />
          {withThemeToggle && <ThemeToggle />}
        </Group>
      </Group>
    </Container>
  );
}
