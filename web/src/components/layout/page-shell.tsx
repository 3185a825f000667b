import { Box, Divider, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { SiteFooter } from './site-footer';

/** Full-height page: content grows, the footer stays at the bottom. */
export function PageShell({ children }: { children: ReactNode }) {
  return (
    <Stack mih="100dvh" gap={0}>
      <Box component="main" flex={1} display="flex" style={{ flexDirection: 'column' }}>
        {children}
      </Box>
      <Divider />
      <SiteFooter />
    </Stack>
  );
}
