import { resolve } from 'node:path';
import { DEMO, GalleryLimits } from '@vitrina/contracts';
import { env, parseEnv, type PlatformConfig } from '@vitrina/platform';
import { z } from 'zod';

export interface S3Settings {
  endpoint: string;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** `https://endpoint/bucket/key` instead of `https://bucket.endpoint/key` (MinIO, most S3-compatible stores). */
  forcePathStyle: boolean;
}

/** Configuration of the store service (besides the platform's). Read once at start; bad values stop it. */
export interface StoreConfig {
  /** Seed the demo world at start: SEED_DEMO=true, or unset in development. Never in production. */
  seedDemo: boolean;
  /** spec 2 §2: the shops (lower-case slugs) whose supplier invitation is the 'Proveedor' card. */
  supplierCardShops: string[];
  benchItems: number;
  benchShops: number;
  /** Shop homes kept per process (shop × visibility level), validated by the shop's content_version; 0 = off. */
  shopHomeCacheEntries: number;
  gallery: {
    storage: 'local' | 's3';
    /** Local adapter folder: DATA_DIR/uploads unless GALLERY_LOCAL_DIR says otherwise. */
    localDir: string;
    /** Base of the URLs answered for uploads: `/api/gallery/files` (local) or the bucket's public URL. */
    publicBaseUrl: string;
    maxBytes: number;
    cleanupAttempts: number;
    cleanupBackoffMs: number;
    s3?: S3Settings;
  };
}

export const STORE_CONFIG = Symbol.for('vitrina.store.config');

export function loadStoreConfig(
  platform: Pick<PlatformConfig, 'NODE_ENV' | 'DATA_DIR'>,
  source: NodeJS.ProcessEnv = process.env,
): StoreConfig {
  const nodeEnv = platform.NODE_ENV;
  const e = parseEnv(
    {
      SEED_DEMO: z.enum(['true', 'false', '1', '0', 'yes', 'no']).optional(),
      SEED_BENCH_ITEMS: z.coerce.number().int().min(0).max(1_000_000).default(0),
      SEED_BENCH_SHOPS: z.coerce.number().int().min(1).max(10_000).default(50),
      /** Slugs (comma-separated) of the shops whose supplier invitation is the 'Proveedor' card; default the demo shop when seeding. */
      SUPPLIER_CARD_SHOPS: z.string().optional(),
      /** Shop homes (shop × visibility level) cached per process, each checked against the shop row on every load; 0 = off. */
      SHOP_HOME_CACHE_ENTRIES: env.int(10_000, 0, 1_000_000),
      GALLERY_STORAGE: z.enum(['local', 's3']).default('local'),
      GALLERY_LOCAL_DIR: z.string().optional(),
      GALLERY_PUBLIC_BASE_URL: z.string().optional(),
      GALLERY_MAX_BYTES: env.int(GalleryLimits.maxBytes, 1024, 50_000_000),
      GALLERY_CLEANUP_ATTEMPTS: env.int(12, 1, 100),
      GALLERY_CLEANUP_BACKOFF_MS: env.int(2000, 0, 3_600_000),
      S3_ENDPOINT: env.url(['http', 'https']).optional(),
      S3_REGION: z.string().default('us-east-1'),
      S3_BUCKET: z.string().optional(),
      S3_ACCESS_KEY_ID: z.string().optional(),
      S3_SECRET_ACCESS_KEY: z.string().optional(),
      S3_FORCE_PATH_STYLE: env.bool(true),
    },
    source,
    (c) => {
      const problems: string[] = [];
      if (c.GALLERY_STORAGE === 's3') {
        for (const name of ['S3_ENDPOINT', 'S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const) {
          if (!c[name]) problems.push(`${name}: required when GALLERY_STORAGE=s3`);
        }
        if (!c.GALLERY_PUBLIC_BASE_URL)
          problems.push('GALLERY_PUBLIC_BASE_URL: required when GALLERY_STORAGE=s3 (public URL of the bucket)');
      }
      return problems;
    },
  );
  const seedDemo =
    nodeEnv !== 'production' && (e.SEED_DEMO === undefined ? nodeEnv === 'development' : ['true', '1', 'yes'].includes(e.SEED_DEMO));
  return {
    seedDemo,
    supplierCardShops: (e.SUPPLIER_CARD_SHOPS ?? (seedDemo ? DEMO.shops.demo.slug : ''))
      .split(',')
      .map((slug) => slug.trim().toLowerCase())
      .filter(Boolean),
    benchItems: nodeEnv === 'production' ? 0 : e.SEED_BENCH_ITEMS,
    benchShops: e.SEED_BENCH_SHOPS,
    shopHomeCacheEntries: e.SHOP_HOME_CACHE_ENTRIES,
    gallery: {
      storage: e.GALLERY_STORAGE,
      localDir: resolve(e.GALLERY_LOCAL_DIR ?? resolve(platform.DATA_DIR, 'uploads')),
      publicBaseUrl: (e.GALLERY_PUBLIC_BASE_URL ?? '/api/gallery/files').replace(/\/+$/, ''),
      maxBytes: e.GALLERY_MAX_BYTES,
      cleanupAttempts: e.GALLERY_CLEANUP_ATTEMPTS,
      cleanupBackoffMs: e.GALLERY_CLEANUP_BACKOFF_MS,
      ...(e.GALLERY_STORAGE === 's3'
        ? {
            s3: {
              endpoint: e.S3_ENDPOINT!,
              region: e.S3_REGION,
              bucket: e.S3_BUCKET!,
              accessKeyId: e.S3_ACCESS_KEY_ID!,
              secretAccessKey: e.S3_SECRET_ACCESS_KEY!,
              forcePathStyle: e.S3_FORCE_PATH_STYLE,
            },
          }
        : {}),
    },
  };
}
