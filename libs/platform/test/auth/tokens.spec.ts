import { generateKeyPairSync } from 'node:crypto';
import { beforeAll, describe, expect, it } from '@jest/globals';
import { base64url, decodeJwt, decodeProtectedHeader, generateKeyPair } from 'jose';
import { loadAuthKeys, type AuthKeys } from '../../src/auth/keys.js';
import { InvalidTokenError, TokenSigner, TokenVerifier } from '../../src/auth/tokens.js';
import { AUDIENCE, ISSUER, claims, configuredKeys, foreignEd25519Key, forge, signerAndVerifier, unsignedToken } from './fixtures.js';

let keys: AuthKeys;
let signer: TokenSigner;
let verifier: TokenVerifier;

beforeAll(async () => {
  keys = await configuredKeys();
  ({ signer, verifier } = signerAndVerifier(keys));
});

async function refusal(token: string): Promise<InvalidTokenError> {
  const error = await verifier.verify(token).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(InvalidTokenError);
  return error as InvalidTokenError;
}

describe('TokenSigner and TokenVerifier', () => {
  it('round-trips the user id, level, keychain and session', async () => {
    const token = await signer.sign({ id: 'user-1', level: 2, keychain: ['orders-affinity', 'referral'], sessionId: 'fam-1' });
    const user = await verifier.verify(token);
    expect(user).toEqual({
      id: 'user-1',
      level: 2,
      keychain: ['orders-affinity', 'referral'],
      sessionId: 'fam-1',
      expiresAt: expect.any(Number),
    });
  });

  it('round-trips the collaborations (col claim), and leaves the claim out when there are none', async () => {
    const token = await signer.sign({
      id: 'user-2',
      level: 1,
      keychain: [],
      collaborations: { 'owner-1': 'dispatcher', 'owner-2': 'qrreader' },
    });
    expect(decodeJwt(token).col).toEqual({ 'owner-1': 'dispatcher', 'owner-2': 'qrreader' });
    const user = await verifier.verify(token);
    expect(user.collaborations).toEqual({ 'owner-1': 'dispatcher', 'owner-2': 'qrreader' });
    // a caller changing its copy does not change what the next request is told
    (user.collaborations as Record<string, string>)['owner-3'] = 'admin';
    expect((await verifier.verify(token)).collaborations).toEqual({ 'owner-1': 'dispatcher', 'owner-2': 'qrreader' });
    expect(decodeJwt(await signer.sign({ id: 'user-3', level: 1, keychain: [], collaborations: {} }))).not.toHaveProperty('col');
  });

  it('writes alg EdDSA, typ at+jwt, the key id and a 15-minute lifetime by default', async () => {
    const token = await signer.sign({ id: 'user-1', level: 0, keychain: [] });
    expect(decodeProtectedHeader(token)).toEqual({ alg: 'EdDSA', typ: 'at+jwt', kid: keys.kid });
    const payload = decodeJwt(token);
    expect(payload).toMatchObject({ sub: 'user-1', lvl: 0, kc: [], iss: ISSUER, aud: AUDIENCE });
    expect(payload.exp! - payload.iat!).toBe(900);
    expect(payload).not.toHaveProperty('sid');
    expect((await verifier.verify(token)).sessionId).toBeUndefined();
  });

  it('honours a custom lifetime', async () => {
    const payload = decodeJwt(await signer.sign({ id: 'u', level: 3, keychain: [] }, 60));
    expect(payload.exp! - payload.iat!).toBe(60);
  });

  it('refuses to sign a bad level, an empty id or a non-positive lifetime', async () => {
    await expect(signer.sign({ id: 'u', level: 4 as never, keychain: [] })).rejects.toThrow(TypeError);
    await expect(signer.sign({ id: '', level: 1, keychain: [] })).rejects.toThrow(TypeError);
    await expect(signer.sign({ id: 'u', level: 1, keychain: [] }, 0)).rejects.toThrow(TypeError);
  });

  it('cannot be built without the private key', async () => {
    const { privateKey: _omitted, ...publicOnly } = keys;
    expect(() => TokenSigner.fromKeys(publicOnly, { issuer: ISSUER, audience: AUDIENCE })).toThrow(/private key/);
  });

  it('accepts a hand-made token with valid claims (baseline for the forgeries below)', async () => {
    await expect(verifier.verify(await forge(claims(), keys.privateKey!))).resolves.toMatchObject({ id: 'user-1', level: 1 });
  });
});

describe('TokenVerifier refuses', () => {
  it('alg none, crafted by hand', async () => {
    expect((await refusal(unsignedToken(claims()))).reason).not.toBe('expired');
    await refusal(unsignedToken(claims(), { alg: 'None', typ: 'at+jwt' }));
  });

  it('alg none carrying the signature of a genuine token', async () => {
    const genuine = await forge(claims(), keys.privateKey!);
    const [, payload, signature] = genuine.split('.');
    const header = base64url.encode(JSON.stringify({ alg: 'none', typ: 'at+jwt' }));
    await refusal(`${header}.${payload}.${signature}`);
  });

  it('a token signed with another Ed25519 key', async () => {
    const error = await refusal(await forge(claims(), await foreignEd25519Key(), { alg: 'EdDSA', typ: 'at+jwt', kid: keys.kid }));
    expect(error.reason).toBe('invalid');
  });

  it('a genuine token whose payload was edited', async () => {
    const [header, , signature] = (await signer.sign({ id: 'user-1', level: 1, keychain: [] })).split('.');
    const edited = base64url.encode(JSON.stringify(claims({ lvl: 3, kc: ['dssupplier-admin'] })));
    await refusal(`${header}.${edited}.${signature}`);
  });

  it('an RS256 token (algorithm not in the allow-list)', async () => {
    const rsa = await generateKeyPair('RS256');
    await refusal(await forge(claims(), rsa.privateKey, { alg: 'RS256', typ: 'at+jwt' }));
  });

  it('an HS256 token, including one keyed with our public key (algorithm confusion)', async () => {
    await refusal(
      await forge(claims(), new TextEncoder().encode('a-shared-secret-of-at-least-32-bytes!!'), { alg: 'HS256', typ: 'at+jwt' }),
    );
    await refusal(await forge(claims(), new TextEncoder().encode(keys.publicKeyPem), { alg: 'HS256', typ: 'at+jwt' }));
  });

  it('an EdDSA token from our key but for another audience', async () => {
    await refusal(await forge(claims({ aud: 'another-api' }), keys.privateKey!));
    await refusal(await forge(claims({ aud: undefined }), keys.privateKey!));
  });

  it('an EdDSA token from our key but from another issuer', async () => {
    await refusal(await forge(claims({ iss: 'someone-else' }), keys.privateKey!));
    await refusal(await forge(claims({ iss: undefined }), keys.privateKey!));
  });

  it('an expired token, beyond the 5-second clock tolerance', async () => {
    const now = Math.floor(Date.now() / 1000);
    const error = await refusal(await forge(claims({ iat: now - 1000, exp: now - 30 }), keys.privateKey!));
    expect(error.reason).toBe('expired');
    expect(error.message).toBe('The access token has expired');
    // Within the tolerance, a token that just expired still passes.
    await expect(verifier.verify(await forge(claims({ iat: now - 1000, exp: now - 2 }), keys.privateKey!))).resolves.toBeDefined();
  });

  it('a token without exp, without iat or not valid yet', async () => {
    const now = Math.floor(Date.now() / 1000);
    await refusal(await forge(claims({ exp: undefined }), keys.privateKey!));
    await refusal(await forge(claims({ iat: undefined }), keys.privateKey!));
    await refusal(await forge(claims({ nbf: now + 600 }), keys.privateKey!));
  });

  it('a token signed by our key without the access-token type (another kind of JWT)', async () => {
    await refusal(await forge(claims(), keys.privateKey!, { alg: 'EdDSA' }));
    await refusal(await forge(claims(), keys.privateKey!, { alg: 'EdDSA', typ: 'JWT' }));
  });

  it.each([
    ['no sub', { sub: undefined }],
    ['empty sub', { sub: '' }],
    ['numeric sub', { sub: 42 as never }],
    ['level out of range', { lvl: 4 }],
    ['level as a string', { lvl: '1' }],
    ['no keychain', { kc: undefined }],
    ['keychain of non-strings', { kc: [1, 2] }],
    ['empty session id', { sid: '' }],
    ['collaborations as a list', { col: [['owner-1', 'admin']] }],
    ['a collaborator role that does not exist', { col: { 'owner-1': 'owner' } }],
    ['more collaborations than a token may carry', { col: Object.fromEntries(Array.from({ length: 51 }, (_, i) => [`o${i}`, 'admin'])) }],
  ])('a token with %s', async (_name, overrides) => {
    await refusal(await forge(claims(overrides), keys.privateKey!));
  });

  it.each([
    ['an empty string', ''],
    ['one word', 'garbage'],
    ['three dots of nothing', 'a.b.c'],
    ['two parts', 'eyJhbGciOiJFZERTQSJ9.eyJzdWIiOiJ1In0'],
    ['a header that is not JSON', `${base64url.encode('{not json')}.${base64url.encode('{}')}.sig`],
    ['a huge string', 'x'.repeat(100_000)],
  ])('garbage: %s', async (_name, token) => {
    const error = await refusal(token);
    expect(error.reason).toBe('malformed');
  });

  it('non-string input', async () => {
    await refusal(undefined as never);
    await refusal(42 as never);
  });

  it('with a message that gives nothing away', async () => {
    const error = await refusal(await forge(claims(), await foreignEd25519Key()));
    expect(error.message).toBe('The access token is not valid');
    expect(error.code).toBe('invalid_token');
  });
});

describe('TokenVerifier with a public key only', () => {
  it('verifies what the holder of the private key signed', async () => {
    const { privateKey } = generateKeyPairSync('ed25519');
    const full = await loadAuthKeys({
      privateKeyPem: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
      dataDir: '/nonexistent',
      allowGenerate: false,
    });
    const publicOnly = await loadAuthKeys({ publicKeyPem: full.publicKeyPem, dataDir: '/nonexistent', allowGenerate: false });
    expect(publicOnly.privateKey).toBeUndefined();
    const token = await TokenSigner.fromKeys(full, { issuer: ISSUER, audience: AUDIENCE }).sign({ id: 'u', level: 1, keychain: [] });
    await expect(TokenVerifier.fromKeys(publicOnly, { issuer: ISSUER, audience: AUDIENCE }).verify(token)).resolves.toMatchObject({
      id: 'u',
    });
  });
});

describe('TokenVerifier remembers verified tokens', () => {
  it('answers a token it verified again without sharing its answer, and still refuses it once it expires', async () => {
    const now = Math.floor(Date.now() / 1000);
    const token = await forge(claims({ exp: now + 2 }), keys.privateKey!);
    const first = await verifier.verify(token);
    first.keychain.push('tampered');
    const again = await verifier.verify(token);
    expect(again).toEqual({ id: 'user-1', level: 1, keychain: ['referral'], expiresAt: now + 2 });
    // Past exp + the 5-second tolerance the remembered token is refused like a new one would be.
    const realNow = Date.now;
    Date.now = () => (now + 8) * 1000;
    try {
      const error = await refusal(token);
      expect(error.reason).toBe('expired');
      expect(error.message).toBe('The access token has expired');
    } finally {
      Date.now = realNow;
    }
  });

  it('never remembers a refused token, and an edited copy of a remembered one is checked in full', async () => {
    const genuine = await signer.sign({ id: 'user-1', level: 1, keychain: [] });
    await verifier.verify(genuine);
    const [header, , signature] = genuine.split('.');
    const edited = `${header}.${base64url.encode(JSON.stringify(claims({ lvl: 3 })))}.${signature}`;
    expect((await refusal(edited)).reason).toBe('invalid');
    expect((await refusal(edited)).reason).toBe('invalid');
  });
});
