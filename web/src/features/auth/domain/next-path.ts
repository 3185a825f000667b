/**
 * Where to go after signing in, out or activating: only a path of this site (no `//host`, no scheme), so a
 * crafted `?next=` cannot send the user elsewhere.
 */
export function safeNextPath(next: unknown, fallback = '/'): string {
  if (typeof next !== 'string' || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return fallback;
  try {
    const url = new URL(next, 'http://vitrina.invalid');
    if (url.origin !== 'http://vitrina.invalid') return fallback;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return fallback;
  }
}
