/** The formats the gallery accepts, judged by the bytes (spec 1 §5: jpeg, png, svg), never by the declared type. */
export type ImageFormat = 'jpeg' | 'png' | 'svg';

export const CONTENT_TYPES: Record<ImageFormat, 'image/jpeg' | 'image/png' | 'image/svg+xml'> = {
  jpeg: 'image/jpeg',
  png: 'image/png',
  svg: 'image/svg+xml',
};

export const EXTENSIONS: Record<ImageFormat, string> = { jpeg: 'jpg', png: 'png', svg: 'svg' };

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/**
 * Sniffs the format from the first bytes: JPEG (FF D8 FF), PNG (its 8-byte signature) or an SVG document
 * (text whose first element, after an optional BOM, XML declaration, comments and blanks, is `<svg`).
 * Anything else is undefined. A doctype is not accepted (entities are a way in, and SVG needs none).
 */
export function sniffImageFormat(bytes: Uint8Array): ImageFormat | undefined {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (bytes.length >= 8 && PNG_SIGNATURE.every((b, i) => bytes[i] === b)) return 'png';
  if (looksLikeSvg(bytes)) return 'svg';
  return undefined;
}

function looksLikeSvg(bytes: Uint8Array): boolean {
  const head = new TextDecoder('utf-8', { fatal: false }).decode(bytes.subarray(0, 4096));
  let text = head.replace(/^\uFEFF/, '');
  // No NUL bytes in a text document (rules out most binaries that happen to contain "<svg").
  if (text.includes('\u0000')) return false;
  for (;;) {
    text = text.replace(/^\s+/, '');
    if (text.startsWith('<?xml')) {
      const end = text.indexOf('?>');
      if (end < 0) return false;
      text = text.slice(end + 2);
    } else if (text.startsWith('<!--')) {
      const end = text.indexOf('-->');
      if (end < 0) return false;
      text = text.slice(end + 3);
    } else {
      break;
    }
  }
  return /^<svg[\s>/]/.test(text);
}
