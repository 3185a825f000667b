import type { QueryClient } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { Suspense, use, useState } from 'react';
import { sessionStore } from '@/lib/session/session-store';
import { createI18n, isLocaleLoaded, loadLocale } from '@/i18n/i18n';
import { detectLocale, type Locale } from '@/i18n/locales';
import { AppProvider } from './provider';
import { createQueryClient } from './query-client';
import { createAppRouter } from './router';

type AppRouter = ReturnType<typeof createAppRouter>;

export function App() {
  const [{ queryClient, router, locale, localeReady }] = useState(() => {
    const queryClient = createQueryClient();
    // The refresh cookie is tried once at start, so the first API calls already go out signed in.
    sessionStore.start();
    const locale = detectLocale();
    // Spanish is bundled; another active language is fetched now, while the app starts. Settles either way:
    // if it cannot be loaded (offline), i18next shows Spanish and tries again on a switch.
    const localeReady = loadLocale(locale).catch(() => {});
    return { queryClient, router: createAppRouter({ queryClient }), locale, localeReady };
  });
  return (
    // Nothing is painted until the active language's texts are there (no keys on screen).
    <Suspense fallback={null}>
      <LocalizedApp queryClient={queryClient} router={router} locale={locale} localeReady={localeReady} />
    </Suspense>
  );
}

interface LocalizedAppProps {
  queryClient: QueryClient;
  router: AppRouter;
  locale: Locale;
  localeReady: Promise<void>;
}

function LocalizedApp({ queryClient, router, locale, localeReady }: LocalizedAppProps) {
  if (!isLocaleLoaded(locale)) use(localeReady);
  const [i18n] = useState(() => createI18n(locale));
  return (
    <AppProvider queryClient={queryClient} i18n={i18n}>
      <RouterProvider router={router} />
    </AppProvider>
  );
}
