import { MantineProvider } from '@mantine/core';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { i18n as I18n } from 'i18next';
import { lazy, Suspense, type ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { cookieColorSchemeManager } from '@/theme/cookie-color-scheme-manager';
import { useForcedColorScheme } from '@/theme/forced-color-scheme';
import { theme } from '@/theme/theme';

const colorSchemeManager = cookieColorSchemeManager();

// Notices only appear after something happens, so their container (drag, transitions) loads after first paint.
const Notifications = lazy(() => import('@mantine/notifications').then((module) => ({ default: module.Notifications })));

interface AppProviderProps {
  queryClient: QueryClient;
  i18n: I18n;
  children: ReactNode;
  /** 'test' turns off Mantine's transitions and portals. */
  env?: 'default' | 'test';
}

export function AppProvider({ queryClient, i18n, children, env = 'default' }: AppProviderProps) {
  // A page may pin light or dark without changing the saved preference (a shop without dark mode).
  const forcedColorScheme = useForcedColorScheme();
  return (
    <I18nextProvider i18n={i18n}>
      <MantineProvider
        theme={theme}
        colorSchemeManager={colorSchemeManager}
        defaultColorScheme="auto"
        env={env}
        {...(forcedColorScheme ? { forceColorScheme: forcedColorScheme } : {})}
      >
        <Suspense fallback={null}>
          <Notifications />
        </Suspense>
        <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
      </MantineProvider>
    </I18nextProvider>
  );
}
