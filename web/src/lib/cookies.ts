/** Cookie names shared with the server and with the inline script in index.html. */
export const THEME_COOKIE = 'theme';
export const LOCALE_COOKIE = 'locale';

/** spec 1 §3: the theme cookie (and the locale preference) last 365 days. */
export const PREFERENCE_COOKIE_DAYS = 365;

export function readCookie(name: string): string | null {
  for (const part of document.cookie.split('; ')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq) === name) {
      try {
        return decodeURIComponent(part.slice(eq + 1));
      } catch {
        return null;
      }
    }
  }
  return null;
}

export function writeCookie(name: string, value: string, days = PREFERENCE_COOKIE_DAYS): void {
  const maxAge = Math.round(days * 24 * 60 * 60);
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${name}=${encodeURIComponent(value)}; Max-Age=${maxAge}; Path=/; SameSite=Lax${secure}`;
}

export function deleteCookie(name: string): void {
  document.cookie = `${name}=; Max-Age=0; Path=/; SameSite=Lax`;
}
