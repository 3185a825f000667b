import { createHash } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * The built app's `index.html`, re-read when the file changes (a rebuild while the gateway runs), with the
 * CSP hashes of its inline scripts: the theme script that runs before first paint stays allowed under
 * `script-src 'self'` without opening the door to any other inline script.
 */
export class IndexHtml {
  private cached?: { mtimeMs: number; html: string; scriptHashes: string[] };

  constructor(private readonly webDist: string) {}

  /** `'sha256-…'` sources for the inline scripts of the last loaded index.html. */
  get scriptHashes(): readonly string[] {
    return this.cached?.scriptHashes ?? [];
  }

  async load(): Promise<string> {
    const path = join(this.webDist, 'index.html');
    const { mtimeMs } = await stat(path);
    if (this.cached?.mtimeMs !== mtimeMs) {
      const html = await readFile(path, 'utf8');
      this.cached = { mtimeMs, html, scriptHashes: inlineScriptHashes(html) };
    }
    return this.cached.html;
  }
}

export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const m of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const attributes = m[1] ?? '';
    const body = m[2] ?? '';
    if (/\bsrc\s*=/i.test(attributes) || body.length === 0) continue;
    // Data blocks (JSON-LD) are never executed, so CSP does not need to know them.
    const type = /\btype\s*=\s*["']?([^"'\s>]+)/i.exec(attributes)?.[1]?.toLowerCase();
    if (type && type !== 'module' && type !== 'text/javascript' && type !== 'application/javascript') continue;
    hashes.push(`'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`);
  }
  return hashes;
}
