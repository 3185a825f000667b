import { RouterProvider } from '@tanstack/react-router';
import { useState } from 'react';
import { sessionStore } from '@/features/auth/session/session-store';
import { createI18n } from '@/i18n/i18n';
import { detectLocale } from '@/i18n/locales';
import { AppProvider } from './provider';
import { createQueryClient } from './query-client';
import { createAppRouter } from './router';

export function App() {
  const [{ queryClient, i18n, router }] = useState(() => {
    const queryClient = createQueryClient();
    // The refresh cookie is tried once at start, so the first API calls already go out signed in.
    sessionStore.start();
    return { queryClient, i18n: createI18n(detectLocale()), router: createAppRouter({ queryClient }) };
  });
  return (
    <AppProvider queryClient={queryClient} i18n={i18n}>
      <RouterProvider router={router} />
    </AppProvider>
  );
}
