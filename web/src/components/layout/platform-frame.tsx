import { Box, Container, Divider, Group, Stack, type ContainerProps } from '@mantine/core';
import type { ReactNode } from 'react';
import { BrandLink } from './brand';
import classes from './platform-frame.module.css';
import { SiteFooter } from './site-footer';

interface PlatformFrameProps {
  /** The account corner (the route passes it in: components do not reach into features). */
  account?: ReactNode;
  /** The width of the bar and the content alike. */
  size: ContainerProps['size'];
  /** The content's padding. */
  py?: ContainerProps['py'];
  px?: ContainerProps['px'];
  children: ReactNode;
}

/** The platform's frame for pages outside a shop: brand bar with the account corner, content, footer. */
export function PlatformFrame({ account, size, py, px, children }: PlatformFrameProps) {
  return (
    <Stack mih="100dvh" gap={0}>
      <header className={classes.bar}>
        <Container size={size} h="100%">
          <Group h="100%" justify="space-between" wrap="nowrap">
            <BrandLink />
            {account}
          </Group>
        </Container>
      </header>
      <Box component="main" flex={1}>
        <Container size={size} w="100%" py={py} px={px}>
          {children}
        </Container>
      </Box>
      <Divider />
      <SiteFooter />
    </Stack>
  );
}
