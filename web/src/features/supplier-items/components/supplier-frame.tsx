import { Box, Container, Divider, Group, Stack, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { SiteFooter } from '@/components/layout/site-footer';
import classes from './supplier-frame.module.css';

/** The platform's frame for the supplier pages (they are not shop pages): brand bar with the account corner, footer. */
export function SupplierFrame({ account, children }: { account?: ReactNode; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Stack mih="100dvh" gap={0}>
      <header className={classes.bar}>
        <Container size="lg" h="100%">
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
        <Container size="lg" w="100%" py="lg" px={{ base: 'sm', sm: 'md' }}>
          {children}
        </Container>
      </Box>
      <Divider />
      <SiteFooter />
    </Stack>
  );
}
