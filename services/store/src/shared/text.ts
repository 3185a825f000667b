/** Lower case, accents folded, anything but letters and digits turned into one space (search columns). */
export function normaliseText(value: string): string {
  return value
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** `like` pattern matching the text anywhere, wildcards escaped. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (value: string): boolean => UUID.test(value);

/** spec 1 §5: a web address (http or https, with a host). */
export function isWebAddress(value: string): boolean {
  if (value.length > 2048 || /\s/.test(value)) return false;
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && /\.|^localhost$/.test(url.hostname);
  } catch {
    return false;
  }
}

/** An image or link address: a web address or a path on this site (`/api/gallery/files/...`). */
export function isWebOrPath(value: string): boolean {
  if (value.startsWith('/') && !value.startsWith('//')) return value.length <= 2048 && !/\s/.test(value);
  return isWebAddress(value);
}
