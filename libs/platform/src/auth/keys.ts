import { createPrivateKey, createPublicKey, generateKeyPairSync, randomBytes, type KeyObject } from 'node:crypto';
import { chmod, link, mkdir, readFile, rename, unlink, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { calculateJwkThumbprint, exportJWK, importPKCS8, importSPKI, type CryptoKey, type JWK } from 'jose';
import { ConfigError } from '../config/env.js';
import type { PlatformConfig } from '../config/platform-config.js';

/** The only signature algorithm Vitrina issues and accepts (docs/architecture.md §3: asymmetric key). Ed25519 keys. */
export const AUTH_ALGORITHM = 'EdDSA';

/** Generated key files, relative to DATA_DIR (embedded mode). */
export const AUTH_KEY_DIR = 'keys';
export const AUTH_PRIVATE_KEY_FILE = 'auth-ed25519.pem';
export const AUTH_PUBLIC_KEY_FILE = 'auth-ed25519.pub.pem';

export interface AuthKeys {
  /** Verifies tokens; every service holds it. */
  publicKey: CryptoKey;
  /** Signs tokens; only present when the private key was configured or generated (accounts). */
  privateKey?: CryptoKey;
  /** RFC 7638 thumbprint of the public JWK; written in the token header as `kid`. */
  kid: string;
  /** SPKI PEM of the public key, e.g. to hand to other processes. */
  publicKeyPem: string;
  /** Public JWK (with kid, alg, use), ready for a JWKS document. */
  publicJwk: JWK;
}

export interface LoadAuthKeysOptions {
  /** AUTH_PUBLIC_KEY: PEM or base64 of PEM (SPKI). */
  publicKeyPem?: string;
  /** AUTH_PRIVATE_KEY: PEM or base64 of PEM (PKCS#8). Its public half is derived when AUTH_PUBLIC_KEY is unset. */
  privateKeyPem?: string;
  /** DATA_DIR: generated keys live in `<dataDir>/keys/`. */
  dataDir: string;
  /** Embedded/development mode: generate a pair under dataDir on first start when nothing is configured. */
  allowGenerate: boolean;
}

/**
 * Loads the Ed25519 key material.
 *
 * - Distributed mode: AUTH_PUBLIC_KEY (every service) and AUTH_PRIVATE_KEY (accounts only) from configuration.
 * - Embedded mode (`allowGenerate`, nothing configured): the pair in `<dataDir>/keys/` is reused, or generated
 *   once. Generation is race-free across services starting together: each candidate is written to a temp file
 *   and hard-linked into place, so exactly one wins and everyone loads the winner.
 *
 * Bad or missing configuration throws ConfigError naming the variable.
 */
export async function loadAuthKeys(options: LoadAuthKeysOptions): Promise<AuthKeys> {
  const { publicKeyPem, privateKeyPem } = options;
  if (publicKeyPem || privateKeyPem) return fromConfiguration(publicKeyPem, privateKeyPem);
  if (!options.allowGenerate) {
    throw new ConfigError(['AUTH_PUBLIC_KEY: required (Ed25519 public key, PEM or base64 of PEM)']);
  }
  const dir = resolve(options.dataDir, AUTH_KEY_DIR);
  // Services of one process starting together share one in-flight load; later calls read the files again.
  let pending = inFlight.get(dir);
  if (!pending) {
    pending = loadOrGenerate(dir);
    inFlight.set(dir, pending);
    const settle = () => void inFlight.delete(dir);
    pending.then(settle, settle);
  }
  return pending;
}

/** Maps the platform configuration onto loadAuthKeys; key generation is allowed outside production by default. */
export function loadAuthKeysFromConfig(
  config: Pick<PlatformConfig, 'AUTH_PUBLIC_KEY' | 'AUTH_PRIVATE_KEY' | 'DATA_DIR' | 'NODE_ENV'>,
  overrides: { allowGenerate?: boolean } = {},
): Promise<AuthKeys> {
  return loadAuthKeys({
    publicKeyPem: config.AUTH_PUBLIC_KEY,
    privateKeyPem: config.AUTH_PRIVATE_KEY,
    dataDir: config.DATA_DIR,
    allowGenerate: overrides.allowGenerate ?? config.NODE_ENV !== 'production',
  });
}

const inFlight = new Map<string, Promise<AuthKeys>>();

async function fromConfiguration(publicKeyPem: string | undefined, privateKeyPem: string | undefined): Promise<AuthKeys> {
  const privateObject = privateKeyPem ? parseKey('AUTH_PRIVATE_KEY', privateKeyPem, 'private') : undefined;
  const publicObject = publicKeyPem ? parseKey('AUTH_PUBLIC_KEY', publicKeyPem, 'public') : createPublicKey(privateObject!);
  if (privateObject && !createPublicKey(privateObject).equals(publicObject)) {
    throw new ConfigError(['AUTH_PRIVATE_KEY: does not belong to AUTH_PUBLIC_KEY']);
  }
  return toAuthKeys(publicObject, privateObject);
}

/** Accepts PEM, PEM with literal `\n` (as often found in .env files) or base64 of PEM; the key must be Ed25519. */
function parseKey(variable: string, value: string, kind: 'public' | 'private'): KeyObject {
  let pem = value.trim().replace(/\\n/g, '\n');
  if (!pem.startsWith('-----BEGIN')) {
    const decoded = Buffer.from(pem, 'base64').toString('utf8').trim();
    if (!decoded.startsWith('-----BEGIN')) throw new ConfigError([`${variable}: must be a PEM key or base64 of one`]);
    pem = decoded;
  }
  let key: KeyObject;
  try {
    key = kind === 'private' ? createPrivateKey(pem) : createPublicKey(pem);
  } catch {
    throw new ConfigError([`${variable}: not a readable ${kind} key`]);
  }
  if (key.type !== kind || key.asymmetricKeyType !== 'ed25519') {
    throw new ConfigError([`${variable}: must be an Ed25519 ${kind} key (got ${key.asymmetricKeyType ?? key.type})`]);
  }
  return key;
}

async function toAuthKeys(publicObject: KeyObject, privateObject?: KeyObject): Promise<AuthKeys> {
  const publicKeyPem = publicObject.export({ type: 'spki', format: 'pem' }).toString();
  const publicKey = await importSPKI(publicKeyPem, AUTH_ALGORITHM, { extractable: true });
  const privateKey = privateObject
    ? await importPKCS8(privateObject.export({ type: 'pkcs8', format: 'pem' }).toString(), AUTH_ALGORITHM)
    : undefined;
  const jwk = await exportJWK(publicKey);
  const kid = await calculateJwkThumbprint(jwk, 'sha256');
  return { publicKey, privateKey, kid, publicKeyPem, publicJwk: { ...jwk, kid, alg: AUTH_ALGORITHM, use: 'sig' } };
}

async function loadOrGenerate(dir: string): Promise<AuthKeys> {
  const privatePath = join(dir, AUTH_PRIVATE_KEY_FILE);
  const publicPath = join(dir, AUTH_PUBLIC_KEY_FILE);
  await mkdir(dir, { recursive: true, mode: 0o700 });

  let privatePem = await readIfExists(privatePath);
  if (privatePem === undefined) {
    const { privateKey } = generateKeyPairSync('ed25519');
    await publishOnce(privatePath, privateKey.export({ type: 'pkcs8', format: 'pem' }).toString());
    // Whoever won the race, its file is the key from now on.
    privatePem = (await readIfExists(privatePath))!;
  }
  const privateObject = parseKeyFile(privatePath, privatePem, 'private');
  const publicObject = createPublicKey(privateObject);

  // The public file is derived data (for other processes or operators); rewrite it when missing or stale.
  const publicPem = publicObject.export({ type: 'spki', format: 'pem' }).toString();
  if ((await readIfExists(publicPath)) !== publicPem) await replaceFile(publicPath, publicPem, 0o644);

  return toAuthKeys(publicObject, privateObject);
}

function parseKeyFile(path: string, pem: string, kind: 'public' | 'private'): KeyObject {
  try {
    return parseKey(path, pem, kind);
  } catch (error) {
    if (error instanceof ConfigError) {
      throw new ConfigError([...error.problems, `${path}: delete it to generate a new pair (all sessions end)`]);
    }
    throw error;
  }
}

/** Atomically creates `path` with `content` unless it already exists (first writer wins; never a partial file). */
async function publishOnce(path: string, content: string): Promise<void> {
  const tmp = `${path}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`;
  await writeFile(tmp, content, { mode: 0o600, flag: 'wx' });
  await chmod(tmp, 0o600); // in case the umask was unusual
  try {
    await link(tmp, path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    await unlink(tmp).catch(() => undefined);
  }
}

/** Atomic replace: readers see the old or the new content, never a torn file. */
async function replaceFile(path: string, content: string, mode: number): Promise<void> {
  const tmp = `${path}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`;
  await writeFile(tmp, content, { mode, flag: 'wx' });
  try {
    await rename(tmp, path);
  } catch (error) {
    await unlink(tmp).catch(() => undefined);
    throw error;
  }
}

async function readIfExists(path: string): Promise<string | undefined> {
  try {
    return await readFile(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}
