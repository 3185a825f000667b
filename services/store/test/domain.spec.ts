import { describe, expect, it } from '@jest/globals';
import { sniffImageFormat } from '../src/gallery/domain/image-format.js';
import { mainColors } from '../src/gallery/domain/main-colors.js';
import { UnsafeSvgError, sanitiseSvg } from '../src/gallery/domain/svg-sanitiser.js';
import { S3Storage, signS3Request } from '../src/gallery/storage/s3.storage.js';
import { checkBanner, NEW_BANNER } from '../src/banners/domain/banner.rules.js';
import { menuFor } from '../src/menu/domain/menu.js';
import { visibleTargets } from '../src/shared/viewer.js';
import { normaliseHost } from '../src/shops/queries/load-shop.query.js';

describe('image format sniffing', () => {
  it('recognises JPEG, PNG and SVG by their bytes only', () => {
    expect(sniffImageFormat(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0]))).toBe('jpeg');
    expect(sniffImageFormat(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0]))).toBe('png');
    expect(sniffImageFormat(Buffer.from('\uFEFF<?xml version="1.0"?>\n<!-- logo -->\n<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBe(
      'svg',
    );
    expect(sniffImageFormat(Buffer.from('<svg>'))).toBe('svg');
    expect(sniffImageFormat(Buffer.from('GIF89a...'))).toBeUndefined();
    expect(sniffImageFormat(Buffer.from('<html><svg></svg></html>'))).toBeUndefined();
    expect(sniffImageFormat(Buffer.from('<svgx>'))).toBeUndefined();
    expect(sniffImageFormat(Buffer.from([0x89, 0x50, 0x4e, 0x47]))).toBeUndefined();
  });
});

describe('SVG sanitiser', () => {
  it('keeps drawing, drops everything active or external', () => {
    const out =
      sanitiseSvg(`<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" xmlns:inkscape="http://www.inkscape.org" viewBox="0 0 10 10" inkscape:version="1">
      <path d="M0 0L10 10" stroke="#000" onmouseover="x()" inkscape:label="l"/>
      <use xlink:href="#a"/><use xlink:href="data:image/svg+xml,&lt;svg/&gt;"/>
      <image href="data:image/png;base64,iVBORw0KGgo=" width="1" height="1"/>
      <animate attributeName="href" values="javascript:alert(1)"/>
      <metadata><x:y xmlns:x="urn:x">z</x:y></metadata>
      <iframe src="https://evil.example"/>
      <g style="fill: red; background: url('https://evil.example/a')"><rect width="1" height="1" style="fill:url(#a)"/></g>
    </svg>`);
    expect(out).toContain('<path d="M0 0L10 10" stroke="#000"></path>');
    expect(out).toContain('<use xlink:href="#a"></use><use></use>');
    expect(out).toContain('<image width="1" height="1" href="data:image/png;base64,iVBORw0KGgo="></image>');
    expect(out).toContain('<g><rect width="1" height="1" style="fill:url(#a)"></rect></g>');
    expect(out.startsWith('<svg xmlns:xlink="http://www.w3.org/1999/xlink" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10">')).toBe(
      true,
    );
    for (const bad of ['onmouseover', 'inkscape', 'animate', 'javascript', 'metadata', 'iframe', 'evil', 'data:image/svg'])
      expect(out).not.toContain(bad);
  });

  it('refuses what is not a well-formed SVG document, doctypes included', () => {
    for (const input of [
      '<html/>',
      '<svg><g></svg>',
      'plain text',
      '<!DOCTYPE svg><svg/>',
      '<svg xmlns="http://www.w3.org/1999/xhtml"/>',
    ]) {
      expect(() => sanitiseSvg(input)).toThrow(UnsafeSvgError);
    }
  });

  it('escapes text and attribute values it writes back', () => {
    const out = sanitiseSvg('<svg><text x="1&quot; onload=&quot;x">a &lt;b&gt; &amp; c</text></svg>');
    expect(out).toBe('<svg xmlns="http://www.w3.org/2000/svg"><text x="1&quot; onload=&quot;x">a &lt;b&gt; &amp; c</text></svg>');
  });
});

describe('main colours', () => {
  it('answers the most covered colours first, distinct, as #rrggbb', () => {
    const px = (r: number, g: number, b: number, a = 255, n = 1) => Array.from({ length: n }, () => [r, g, b, a]).flat();
    const data = Uint8Array.from([
      ...px(255, 0, 0, 255, 50),
      ...px(0, 0, 255, 255, 30),
      ...px(250, 2, 2, 255, 10),
      ...px(0, 255, 0, 0, 100),
    ]);
    expect(mainColors(data, 5)).toEqual(['#fe0000', '#0000ff']);
    expect(mainColors(data, 1)).toEqual(['#fe0000']);
    expect(mainColors(data, 0)).toEqual([]);
  });
});

describe('S3 signature V4', () => {
  it('matches AWS’s documented GET Object example', () => {
    const headers = signS3Request({
      method: 'GET',
      url: new URL('https://examplebucket.s3.amazonaws.com/test.txt'),
      headers: { Range: 'bytes=0-9' },
      payloadHash: 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855',
      region: 'us-east-1',
      accessKeyId: 'AKIAIOSFODNN7EXAMPLE',
      secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
      now: new Date('2013-05-24T00:00:00Z'),
    });
    expect(headers.authorization).toBe(
      'AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request, SignedHeaders=host;range;x-amz-content-sha256;x-amz-date, Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41',
    );
  });

  it('puts, gets and deletes objects on a path-style endpoint', async () => {
    const calls: Array<{ url: string; method: string; headers: Record<string, string> }> = [];
    const fake = (async (url: URL, init: RequestInit) => {
      calls.push({ url: String(url), method: init.method!, headers: init.headers as Record<string, string> });
      if (init.method === 'GET') return new Response('abc', { status: 200, headers: { 'content-type': 'image/png' } });
      return new Response(null, { status: init.method === 'DELETE' ? 204 : 200 });
    }) as unknown as typeof fetch;
    const s3 = new S3Storage(
      {
        endpoint: 'http://minio:9000',
        region: 'us-east-1',
        bucket: 'gallery',
        accessKeyId: 'k',
        secretAccessKey: 's',
        forcePathStyle: true,
      },
      fake,
    );
    await s3.put('a.png', Buffer.from('abc'), 'image/png');
    expect((await s3.get('a.png'))?.body.toString()).toBe('abc');
    await s3.delete('a.png');
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual([
      'PUT http://minio:9000/gallery/a.png',
      'GET http://minio:9000/gallery/a.png',
      'DELETE http://minio:9000/gallery/a.png',
    ]);
    expect(calls[0].headers.authorization).toMatch(
      /^AWS4-HMAC-SHA256 Credential=k\/\d{8}\/us-east-1\/s3\/aws4_request, SignedHeaders=cache-control;content-type;host;x-amz-content-sha256;x-amz-date, Signature=[0-9a-f]{64}$/,
    );
  });
});

describe('storefront rules', () => {
  it('maps viewer levels to banner targets', () => {
    expect(visibleTargets(undefined)).toEqual(['all', 'anon']);
    expect(visibleTargets({ level: 0 })).toEqual(['all', 'ul0']);
    expect(visibleTargets({ level: 1 })).toEqual(['all', 'ul1']);
    expect(visibleTargets({ level: 2 })).toEqual(['all', 'ul2']);
    expect(visibleTargets({ level: 3 })).toEqual(['all']);
  });

  it('checks banner links by column mode', () => {
    const banner = { ...NEW_BANNER, hztImage: '/h.png', vrtImage: '/v.png' };
    expect(() => checkBanner({ ...banner, url: '/x' }, 2)).not.toThrow();
    expect(() => checkBanner({ ...banner, url: '/x' }, 1)).toThrow('web address');
    expect(() => checkBanner({ ...banner, url: 'https://example.com/x' }, 1)).not.toThrow();
    expect(() => checkBanner({ ...banner, url: 'ftp://example.com/x' }, 2)).toThrow('web address');
  });

  it('builds the admin, public and proxy menus', () => {
    const shop = { storeType: 'affiliate', isProxy: false, sectionsInfo: ['products', 'blogs'] };
    expect(menuFor(shop, true).results.map((m) => m.key)).toEqual([
      'products',
      'services',
      'experiences',
      'catalogues',
      'blogs',
      'franchises',
    ]);
    expect(menuFor({ ...shop, storeType: 'franchise', sectionsInfo: ['digital'] }, true).results.map((m) => m.key)).toEqual([
      'products',
      'services',
      'experiences',
      'digital',
      'catalogues',
      'blogs',
      'franchises',
      'retail',
    ]);
    expect(menuFor(shop, false).results.map((m) => m.path)).toEqual(['/productos', '/blogs', '/info']);
    expect(menuFor({ ...shop, isProxy: true }, true)).toMatchObject({ mode: 'proxy' });
  });

  it('normalises hosts', () => {
    expect(normaliseHost('Tienda.Example.com:8080')).toBe('tienda.example.com');
    expect(normaliseHost('bad host')).toBeUndefined();
    expect(normaliseHost('a..b')).toBeUndefined();
  });
});
