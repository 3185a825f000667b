import { inflateSync } from 'node:zlib';

/** The PDF's streams, inflated and joined: pdf-lib writes text as `<hex> Tj`. */
export function pageText(pdf: Buffer): string {
  const raw = pdf.toString('latin1');
  const out: string[] = [];
  for (const m of raw.matchAll(/stream\r?\n/g)) {
    const start = m.index + m[0].length;
    const end = raw.indexOf('endstream', start);
    try {
      out.push(inflateSync(pdf.subarray(start, end)).toString('latin1'));
    } catch {
      out.push(raw.slice(start, end));
    }
  }
  return out.join('\n');
}
/** A string as the hex pdf-lib draws it with (WinAnsi). */
export const hex = (s: string) => Buffer.from(s, 'latin1').toString('hex').toUpperCase();
