import { createHash, createHmac } from 'node:crypto';
import type { S3Settings } from '../../shared/config.js';
import { GalleryStorage, type StoredFile } from './gallery-storage.js';

const sha256 = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');
const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data).digest();

export interface SignInput {
  method: string;
  url: URL;
  headers: Record<string, string>;
  payloadHash: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  now: Date;
}

/** AWS Signature Version 4 for S3 (path or virtual-host style): the headers to send, Authorization included. */
export function signS3Request(input: SignInput): Record<string, string> {
  const amzDate = input.now
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
  const dateStamp = amzDate.slice(0, 8);
  const headers: Record<string, string> = {
    ...Object.fromEntries(Object.entries(input.headers).map(([k, v]) => [k.toLowerCase(), v.trim()])),
    host: input.url.host,
    'x-amz-content-sha256': input.payloadHash,
    'x-amz-date': amzDate,
  };
  const names = Object.keys(headers).sort();
  const canonicalHeaders = names.map((n) => `${n}:${headers[n]}\n`).join('');
  const signedHeaders = names.join(';');
  const canonicalUri = input.url.pathname
    .split('/')
    .map((segment) =>
      encodeURIComponent(decodeURIComponent(segment)).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`),
    )
    .join('/');
  const canonicalQuery = [...input.url.searchParams.entries()]
    .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`)
    .sort()
    .join('&');
  const canonicalRequest = [input.method, canonicalUri, canonicalQuery, canonicalHeaders, signedHeaders, input.payloadHash].join('\n');
  const scope = `${dateStamp}/${input.region}/s3/aws4_request`;
  const stringToSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256(canonicalRequest)].join('\n');
  const key = hmac(hmac(hmac(hmac(`AWS4${input.secretAccessKey}`, dateStamp), input.region), 's3'), 'aws4_request');
  const signature = createHmac('sha256', key).update(stringToSign).digest('hex');
  return {
    ...headers,
    authorization: `AWS4-HMAC-SHA256 Credential=${input.accessKeyId}/${scope}, SignedHeaders=${signedHeaders}, Signature=${signature}`,
  };
}

/**
 * An S3-compatible bucket (AWS S3, MinIO, R2...) through its REST API with Signature V4: no SDK needed for
 * the three calls the gallery makes. Files are public through GALLERY_PUBLIC_BASE_URL (bucket or CDN).
 */
export class S3Storage extends GalleryStorage {
  readonly kind = 's3' as const;

  constructor(
    private readonly s: S3Settings,
    private readonly fetchImpl: typeof fetch = fetch,
  ) {
    super();
  }

  async put(name: string, body: Buffer, contentType: string): Promise<void> {
    const res = await this.request('PUT', name, body, {
      'content-type': contentType,
      'cache-control': 'public, max-age=31536000, immutable',
    });
    if (!res.ok) throw new Error(`S3 PUT ${name} answered ${res.status}`);
  }

  async get(name: string): Promise<StoredFile | undefined> {
    const res = await this.request('GET', name);
    if (res.status === 404) return undefined;
    if (!res.ok) throw new Error(`S3 GET ${name} answered ${res.status}`);
    return { body: Buffer.from(await res.arrayBuffer()), contentType: res.headers.get('content-type') ?? 'application/octet-stream' };
  }

  async delete(name: string): Promise<void> {
    const res = await this.request('DELETE', name);
    if (!res.ok && res.status !== 404) throw new Error(`S3 DELETE ${name} answered ${res.status}`);
  }

  private objectUrl(name: string): URL {
    const base = new URL(this.s.endpoint);
    if (this.s.forcePathStyle)
      return new URL(`${base.origin}${base.pathname.replace(/\/+$/, '')}/${this.s.bucket}/${encodeURIComponent(name)}`);
    return new URL(`${base.protocol}//${this.s.bucket}.${base.host}${base.pathname.replace(/\/+$/, '')}/${encodeURIComponent(name)}`);
  }

  private async request(method: string, name: string, body?: Buffer, headers: Record<string, string> = {}): Promise<Response> {
    const url = this.objectUrl(name);
    const signed = signS3Request({
      method,
      url,
      headers,
      payloadHash: sha256(body ?? ''),
      region: this.s.region,
      accessKeyId: this.s.accessKeyId,
      secretAccessKey: this.s.secretAccessKey,
      now: new Date(),
    });
    const { host: _host, ...send } = signed;
    return this.fetchImpl(url, {
      method,
      headers: send,
      ...(body ? { body: new Uint8Array(body) } : {}),
      signal: AbortSignal.timeout(15_000),
    });
  }
}
