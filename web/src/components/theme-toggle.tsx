import { ActionIcon, useComputedColorScheme, useMantineColorScheme } from '@mantine/core';
import { IconMoon, IconSun } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** Switches light/dark; Mantine stores the choice through the cookie manager (365 days). */
export function ThemeToggle() {
  const { t } = useTranslation();
  const { setColorScheme } = useMantineColorScheme();
  const computed = useComputedColorScheme('light');
  const next = computed === 'dark' ? 'light' : 'dark';
  const label = next === 'dark' ? t('footer.theme.toDark') : t('footer.theme.toLight');
  return (
    <ActionIcon variant="default" size="md" aria-label={label} title={label} onClick={() => setColorScheme(next)}>
      {next === 'dark' ? <IconMoon size={16} aria-hidden /> : <IconSun size={16} aria-hidden />}
    </ActionIcon>
  );
}
