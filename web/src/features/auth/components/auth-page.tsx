import { Container, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { BrandLink } from '@/components/layout/brand';
import { PageShell } from '@/components/layout/page-shell';
import classes from './auth-page.module.css';

interface AuthPageProps {
  title: string;
  description?: ReactNode;
  children: ReactNode;
}

/** The frame of the account pages (PIN, activation, password reset, sign-out): brand, one card, footer. */
export function AuthPage({ title, description, children }: AuthPageProps) {
  return (
    <PageShell>
      <Container size={460} w="100%" px="md" py={{ base: 'md', sm: 48 }}>
        <Stack gap="lg">
          <BrandLink className={classes.brand} />
          <Paper withBorder radius="md" p={{ base: 'md', xs: 'xl' }} className={classes.card}>
            <Stack gap="md">
              <Title order={1} size="h2">
                {title}
              </Title>
              {description && (
                <Text c="dimmed" size="sm" component="div">
                  {description}
                </Text>
              )}
              {children}
            </Stack>
          </Paper>
        </Stack>
      </Container>
    </PageShell>
  );
}
