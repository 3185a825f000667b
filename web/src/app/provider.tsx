import { MantineProvider } from '@mantine/core';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { i18n as I18n } from 'i18next';
import { useNotifications } from '@mantine/notifications';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { cookieColorSchemeManager } from '@/theme/cookie-color-scheme-manager';
import { useForcedColorScheme } from '@/theme/forced-color-scheme';
import { theme } from '@/theme/theme';

const colorSchemeManager = cookieColorSchemeManager();

// Notices only appear after something happens, so their container (drag, transitions) loads with the first
// one: `notifications.show()` only writes to the store, which the container reads once mounted.
const Notifications = lazy(() => import('./notifications-container'));

function NotificationsOnFirstNotice() {
  const { notifications, queue } = useNotifications();
  const [needed, setNeeded] = useState(false);
  // Stays mounted after the first notice (its exit transitions, the next notices).
  if (!needed && notifications.length + queue.length > 0) setNeeded(true);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <Notifications />
    </Suspense>
  );
}

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
        <NotificationsOnFirstNotice />
        <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
      </MantineProvider>
    </I18nextProvider>
  );
}
