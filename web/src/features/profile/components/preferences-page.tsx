import { Box, Container, Divider, Group, Stack, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { SiteFooter } from '@/components/layout/site-footer';
import { PreferencesContent } from './preferences-content';
import classes from './preferences-page.module.css';

/** `/preferencias` outside a shop: the platform's frame (brand bar with the account corner, footer). */
export function PreferencesPage({ account }: { account?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Stack mih="100dvh" gap={0}>
      <header className={classes.bar}>
        <Container size="md" h="100%">
          <Group h="100%" justify="space-between" wrap="nowrap">
            <Link to="/" className={classes.brand}>
              <Group gap="xs" wrap="nowrap">
                <img src="/favicon.svg" alt="" width={28} height={28} />
                <Text fw={800} size="lg">
                  {t('app.name')}
                </Text>
              </Group>
            </Link>
            {account}
          </Group>
        </Container>
      </header>
      <Box component="main" flex={1}>
        <Container size="md" w="100%" py="xl">
          <PreferencesContent />
        </Container>
      </Box>
      <Divider />
      <SiteFooter />
    </Stack>
  );
}
