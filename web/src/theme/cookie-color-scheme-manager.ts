import { isMantineColorScheme, type MantineColorSchemeManager } from '@mantine/core';
import { deleteCookie, readCookie, THEME_COOKIE, writeCookie } from '@/lib/cookies';

/**
 * Keeps Mantine's colour scheme in the `theme` cookie for 365 days (spec 1 §3) instead of localStorage,
 * so the server and the inline script in index.html can read it before the app runs.
 */
export function cookieColorSchemeManager(name = THEME_COOKIE): MantineColorSchemeManager {
  return {
    get: (defaultValue) => {
      const value = readCookie(name);
      return isMantineColorScheme(value) ? value : defaultValue;
    },
    set: (value) => writeCookie(name, value),
    // Cookies raise no change events; a change in another tab applies on its next load.
    subscribe: () => {},
    unsubscribe: () => {},
    clear: () => deleteCookie(name),
  };
}
