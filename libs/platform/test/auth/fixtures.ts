import { generateKeyPairSync } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SignJWT, base64url, importPKCS8, type JWTPayload } from 'jose';
import { loadAuthKeys, type AuthKeys } from '../../src/auth/keys.js';
import { TokenSigner, TokenVerifier } from '../../src/auth/tokens.js';

export const ISSUER = 'vitrina-accounts';
export const AUDIENCE = 'vitrina-api';

/** An Ed25519 pair as PEM strings, as an operator would put in AUTH_PUBLIC_KEY / AUTH_PRIVATE_KEY. */
export function ed25519Pem(): { publicKeyPem: string; privateKeyPem: string } {
  const { publicKey, privateKey } = generateKeyPairSync('ed25519');
  return {
    publicKeyPem: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
    privateKeyPem: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
  };
}

export async function configuredKeys(): Promise<AuthKeys> {
  return loadAuthKeys({ ...ed25519Pem(), dataDir: '/nonexistent', allowGenerate: false });
}

export function signerAndVerifier(keys: AuthKeys, settings = { issuer: ISSUER, audience: AUDIENCE }) {
  return { signer: TokenSigner.fromKeys(keys, settings), verifier: TokenVerifier.fromKeys(keys, settings) };
}

export async function tempDir(): Promise<{ path: string; remove: () => Promise<void> }> {
  const path = await mkdtemp(join(tmpdir(), 'vitrina-auth-'));
  return { path, remove: () => rm(path, { recursive: true, force: true }) };
}

/** Valid claims for a hand-made token; override to break one thing at a time. */
export function claims(overrides: JWTPayload = {}): JWTPayload {
  const now = Math.floor(Date.now() / 1000);
  return { sub: 'user-1', lvl: 1, kc: ['referral'], iss: ISSUER, aud: AUDIENCE, iat: now, exp: now + 600, ...overrides };
}

/** Signs arbitrary claims and header with any key/algorithm jose supports (to forge tokens). */
export async function forge(
  payload: JWTPayload,
  key: Parameters<SignJWT['sign']>[0],
  header: { alg: string; typ?: string; kid?: string } = { alg: 'EdDSA', typ: 'at+jwt' },
): Promise<string> {
  return new SignJWT(payload).setProtectedHeader(header).sign(key);
}

export async function foreignEd25519Key() {
  return importPKCS8(ed25519Pem().privateKeyPem, 'EdDSA');
}

/** `alg: none`, written by hand: header.payload. (empty signature) */
export function unsignedToken(payload: JWTPayload, header: Record<string, unknown> = { alg: 'none', typ: 'at+jwt' }): string {
  const encode = (value: unknown) => base64url.encode(JSON.stringify(value));
  return `${encode(header)}.${encode(payload)}.`;
}
