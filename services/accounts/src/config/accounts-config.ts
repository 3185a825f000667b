import { randomBytes } from 'node:crypto';
import { chmod, link, mkdir, readFile, unlink, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { z } from 'zod';
import { ConfigError, env, parseEnv } from '@vitrina/platform';

/**
 * Variables of the accounts service (documented in services/accounts/README.md). Validated at start:
 * a bad value stops the process naming the variable.
 */
export const accountsEnvShape = {
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  DATA_DIR: z.string().default('.data'),
  /**
   * Key of the HMAC that stores one-time codes and activation keys (at least 32 characters).
   * Required in production; elsewhere generated once into DATA_DIR/keys/accounts-pin.secret.
   */
  ACCOUNTS_PIN_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  /** Public origin of the web app, for the default activation link `{url}/activate/{key}`. */
  ACCOUNTS_PUBLIC_URL: env.url(['http', 'https']).default('http://localhost:3000'),
  /** Origins an `activation_url` may point to (comma-separated). Unset: any http(s) origin outside production, only ACCOUNTS_PUBLIC_URL in production. */
  ACCOUNTS_LINK_ORIGINS: env.list().optional(),
  /** Password hashes computed at once (argon2id, 19 MiB each); the rest wait in a queue. */
  ACCOUNTS_HASH_CONCURRENCY: env.int(4, 1, 64),
  /** Requests allowed to wait for a hashing slot; beyond it the answer is 503 service_unavailable. */
  ACCOUNTS_HASH_QUEUE: env.int(64, 0, 100_000),
  /** Seeds the demo users (libs/contracts/src/demo.ts) at start; never in production. */
  SEED_DEMO: env.bool(true),
  /** Benchmark shoppers to seed (libs/contracts benchShopperEmail(1..N), DEMO.password); 0 = none; never in production. */
  SEED_BENCH_SHOPPERS: env.int(0, 0, 10_000),
};

export type AccountsEnv = z.infer<z.ZodObject<typeof accountsEnvShape>>;

export interface AccountsConfig {
  nodeEnv: AccountsEnv['NODE_ENV'];
  pinSecret: string;
  publicUrl: string;
  /** Allowed origins for activation links; undefined means any http(s) origin. */
  linkOrigins?: string[];
  hashConcurrency: number;
  hashQueue: number;
  seedDemo: boolean;
  benchShoppers: number;
}

export const ACCOUNTS_CONFIG = Symbol.for('vitrina.accounts.config');
export const PIN_SECRET_FILE = 'accounts-pin.secret';

/** Parses and checks the variables (sync; used by main.ts before anything starts). */
export function parseAccountsEnv(source: NodeJS.ProcessEnv = process.env): AccountsEnv {
  return parseEnv(accountsEnvShape, source, (c) => {
    const problems: string[] = [];
    if (c.NODE_ENV === 'production' && !c.ACCOUNTS_PIN_SECRET) problems.push('ACCOUNTS_PIN_SECRET: required when NODE_ENV=production');
    return problems;
  });
}

/** The whole configuration, generating the PIN secret outside production when none is configured. */
export async function loadAccountsConfig(source: NodeJS.ProcessEnv = process.env): Promise<AccountsConfig> {
  const e = parseAccountsEnv(source);
  const pinSecret = e.ACCOUNTS_PIN_SECRET ?? (await loadOrGenerateSecret(resolve(e.DATA_DIR, 'keys')));
  const production = e.NODE_ENV === 'production';
  const linkOrigins = e.ACCOUNTS_LINK_ORIGINS ?? (production ? [new URL(e.ACCOUNTS_PUBLIC_URL).origin] : undefined);
  return {
    nodeEnv: e.NODE_ENV,
    pinSecret,
    publicUrl: e.ACCOUNTS_PUBLIC_URL.replace(/\/+$/, ''),
    ...(linkOrigins ? { linkOrigins: linkOrigins.map((o) => new URL(o).origin) } : {}),
    hashConcurrency: e.ACCOUNTS_HASH_CONCURRENCY,
    hashQueue: e.ACCOUNTS_HASH_QUEUE,
    seedDemo: e.SEED_DEMO && !production,
    benchShoppers: production ? 0 : e.SEED_BENCH_SHOPPERS,
  };
}

/** First writer wins (hard link of a temp file), so services starting together agree on one secret. */
async function loadOrGenerateSecret(dir: string): Promise<string> {
  const path = join(dir, PIN_SECRET_FILE);
  const existing = await readIfExists(path);
  if (existing !== undefined) return checked(path, existing);
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const tmp = `${path}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`;
  await writeFile(tmp, `${randomBytes(32).toString('hex')}\n`, { mode: 0o600, flag: 'wx' });
  await chmod(tmp, 0o600);
  try {
    await link(tmp, path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    await unlink(tmp).catch(() => undefined);
  }
  return checked(path, (await readIfExists(path))!);
}

function checked(path: string, content: string): string {
  const secret = content.trim();
  if (secret.length < 32)
    throw new ConfigError([`${path}: the PIN secret is shorter than 32 characters; delete the file to generate a new one`]);
  return secret;
}

async function readIfExists(path: string): Promise<string | undefined> {
  try {
    return await readFile(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}
