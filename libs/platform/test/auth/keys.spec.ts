import { generateKeyPairSync } from 'node:crypto';
import { readFile, readdir, stat, symlink, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { calculateJwkThumbprint, exportJWK } from 'jose';
import { ConfigError } from '../../src/config/env.js';
import { AUTH_KEY_DIR, AUTH_PRIVATE_KEY_FILE, AUTH_PUBLIC_KEY_FILE, loadAuthKeys, loadAuthKeysFromConfig } from '../../src/auth/keys.js';
import { TokenSigner, TokenVerifier } from '../../src/auth/tokens.js';
import { AUDIENCE, ISSUER, ed25519Pem, tempDir } from './fixtures.js';

const settings = { issuer: ISSUER, audience: AUDIENCE };

async function configError(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ConfigError);
  return (error as ConfigError).message;
}

describe('generated keys (embedded mode)', () => {
  let dir: { path: string; remove: () => Promise<void> };
  beforeEach(async () => {
    dir = await tempDir();
  });
  afterEach(async () => {
    await dir.remove();
  });

  it('generates a pair on first start, private key readable by the owner only', async () => {
    const keys = await loadAuthKeys({ dataDir: dir.path, allowGenerate: true });
    expect(keys.privateKey).toBeDefined();
    const keyDir = join(dir.path, AUTH_KEY_DIR);
    expect((await stat(join(keyDir, AUTH_PRIVATE_KEY_FILE))).mode & 0o777).toBe(0o600);
    expect((await stat(keyDir)).mode & 0o077).toBe(0);
    expect(await readFile(join(keyDir, AUTH_PUBLIC_KEY_FILE), 'utf8')).toBe(keys.publicKeyPem);
    expect(await readFile(join(keyDir, AUTH_PRIVATE_KEY_FILE), 'utf8')).toMatch(/^-----BEGIN PRIVATE KEY-----/);
    expect((await readdir(keyDir)).sort()).toEqual([AUTH_PRIVATE_KEY_FILE, AUTH_PUBLIC_KEY_FILE].sort()); // no temp files left
  });

  it('reuses the same pair after a restart: tokens signed before still verify', async () => {
    const first = await loadAuthKeys({ dataDir: dir.path, allowGenerate: true });
    const token = await TokenSigner.fromKeys(first, settings).sign({ id: 'u', level: 1, keychain: [] });
    const privateBefore = await readFile(join(dir.path, AUTH_KEY_DIR, AUTH_PRIVATE_KEY_FILE), 'utf8');

    const second = await loadAuthKeys({ dataDir: dir.path, allowGenerate: true });
    expect(second.kid).toBe(first.kid);
    expect(await readFile(join(dir.path, AUTH_KEY_DIR, AUTH_PRIVATE_KEY_FILE), 'utf8')).toBe(privateBefore);
    await expect(TokenVerifier.fromKeys(second, settings).verify(token)).resolves.toMatchObject({ id: 'u' });
  });

  it('generates once when several services start together in one process', async () => {
    const all = await Promise.all(Array.from({ length: 6 }, () => loadAuthKeys({ dataDir: dir.path, allowGenerate: true })));
    expect(new Set(all.map((k) => k.kid)).size).toBe(1);
  });

  it('generates once when independent loaders race on the same folder (first writer wins)', async () => {
    // Different paths to one folder bypass the in-process sharing, as separate processes would.
    const alias = `${dir.path}-alias`;
    await symlink(dir.path, alias);
    try {
      const all = await Promise.all([dir.path, alias, dir.path, alias].map((dataDir) => loadAuthKeys({ dataDir, allowGenerate: true })));
      expect(new Set(all.map((k) => k.kid)).size).toBe(1);
      const again = await loadAuthKeys({ dataDir: dir.path, allowGenerate: true });
      expect(again.kid).toBe(all[0].kid);
      expect((await readdir(join(dir.path, AUTH_KEY_DIR))).length).toBe(2);
    } finally {
      await unlink(alias);
    }
  });

  it('rewrites a missing or stale public file from the private key', async () => {
    const keys = await loadAuthKeys({ dataDir: dir.path, allowGenerate: true });
    const publicPath = join(dir.path, AUTH_KEY_DIR, AUTH_PUBLIC_KEY_FILE);
    await writeFile(publicPath, ed25519Pem().publicKeyPem);
    const reloaded = await loadAuthKeys({ dataDir: dir.path, allowGenerate: true });
    expect(reloaded.kid).toBe(keys.kid);
    expect(await readFile(publicPath, 'utf8')).toBe(keys.publicKeyPem);
  });

  it('stops with a clear message when the key file is corrupt', async () => {
    await loadAuthKeys({ dataDir: dir.path, allowGenerate: true });
    await writeFile(join(dir.path, AUTH_KEY_DIR, AUTH_PRIVATE_KEY_FILE), 'not a key');
    expect(await configError(loadAuthKeys({ dataDir: dir.path, allowGenerate: true }))).toMatch(/auth-ed25519\.pem/);
  });

  it('refuses to generate when not allowed and nothing is configured, naming AUTH_PUBLIC_KEY', async () => {
    expect(await configError(loadAuthKeys({ dataDir: dir.path, allowGenerate: false }))).toMatch(/AUTH_PUBLIC_KEY/);
    expect(await readdir(dir.path)).toEqual([]);
  });

  it('maps the platform configuration, generating only outside production', async () => {
    const base = { AUTH_PUBLIC_KEY: undefined, AUTH_PRIVATE_KEY: undefined, DATA_DIR: dir.path };
    const keys = await loadAuthKeysFromConfig({ ...base, NODE_ENV: 'development' });
    expect(keys.privateKey).toBeDefined();
    expect(await configError(loadAuthKeysFromConfig({ ...base, NODE_ENV: 'production' }))).toMatch(/AUTH_PUBLIC_KEY/);
  });
});

describe('configured keys (distributed mode)', () => {
  const options = { dataDir: '/nonexistent', allowGenerate: true };

  it('loads a PEM pair and derives the key id from the public JWK thumbprint', async () => {
    const pem = ed25519Pem();
    const keys = await loadAuthKeys({ ...pem, ...options });
    expect(keys.privateKey).toBeDefined();
    expect(keys.kid).toBe(await calculateJwkThumbprint(await exportJWK(keys.publicKey)));
    expect(keys.publicJwk).toMatchObject({ kty: 'OKP', crv: 'Ed25519', kid: keys.kid, alg: 'EdDSA', use: 'sig' });
    expect(keys.publicJwk).not.toHaveProperty('d');
  });

  it('accepts base64 of PEM and PEM with escaped newlines, giving the same key', async () => {
    const pem = ed25519Pem();
    const plain = await loadAuthKeys({ publicKeyPem: pem.publicKeyPem, ...options });
    const b64 = await loadAuthKeys({ publicKeyPem: Buffer.from(pem.publicKeyPem).toString('base64'), ...options });
    const escaped = await loadAuthKeys({ publicKeyPem: pem.publicKeyPem.replace(/\n/g, '\\n'), ...options });
    expect(b64.kid).toBe(plain.kid);
    expect(escaped.kid).toBe(plain.kid);
    const privateB64 = await loadAuthKeys({ privateKeyPem: Buffer.from(pem.privateKeyPem).toString('base64'), ...options });
    expect(privateB64.kid).toBe(plain.kid);
  });

  it('verifies with the public key alone (every service but accounts)', async () => {
    const keys = await loadAuthKeys({ publicKeyPem: ed25519Pem().publicKeyPem, ...options });
    expect(keys.privateKey).toBeUndefined();
  });

  it('derives the public key from the private key alone', async () => {
    const pem = ed25519Pem();
    const fromPrivate = await loadAuthKeys({ privateKeyPem: pem.privateKeyPem, ...options });
    const fromPublic = await loadAuthKeys({ publicKeyPem: pem.publicKeyPem, ...options });
    expect(fromPrivate.kid).toBe(fromPublic.kid);
  });

  it('refuses a private key that does not belong to the public key', async () => {
    const message = await configError(
      loadAuthKeys({ publicKeyPem: ed25519Pem().publicKeyPem, privateKeyPem: ed25519Pem().privateKeyPem, ...options }),
    );
    expect(message).toMatch(/AUTH_PRIVATE_KEY: does not belong to AUTH_PUBLIC_KEY/);
  });

  it('refuses keys that are not Ed25519, or not keys, naming the variable', async () => {
    const rsa = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const rsaPem = rsa.publicKey.export({ type: 'spki', format: 'pem' }).toString();
    expect(await configError(loadAuthKeys({ publicKeyPem: rsaPem, ...options }))).toMatch(/AUTH_PUBLIC_KEY: must be an Ed25519 public key/);
    expect(await configError(loadAuthKeys({ publicKeyPem: 'hello', ...options }))).toMatch(/AUTH_PUBLIC_KEY: must be a PEM/);
    expect(await configError(loadAuthKeys({ privateKeyPem: ed25519Pem().publicKeyPem, ...options }))).toMatch(/AUTH_PRIVATE_KEY/);
    expect(
      await configError(loadAuthKeys({ publicKeyPem: '-----BEGIN PUBLIC KEY-----\nAAAA\n-----END PUBLIC KEY-----', ...options })),
    ).toMatch(/AUTH_PUBLIC_KEY: not a readable public key/);
  });
});
