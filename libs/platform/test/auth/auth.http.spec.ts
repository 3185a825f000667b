import 'reflect-metadata';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Controller, Get, Injectable, Module } from '@nestjs/common';
import cookie from '@fastify/cookie';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { Test } from '@nestjs/testing';
import { generateKeyPair } from 'jose';
import { newId } from '../../src/db/ids.js';
import { AuthModule } from '../../src/auth/auth.module.js';
import {
  ActingUser,
  Authenticated,
  CurrentUser,
  IgnoreInvalidToken,
  OwnerPath,
  PathOwner,
  type ActingAs,
} from '../../src/auth/decorators.js';
import type { AuthKeys } from '../../src/auth/keys.js';
import { OwnershipResolver, type OwnerRef } from '../../src/auth/ownership.js';
import type { AuthUser, TokenSigner } from '../../src/auth/tokens.js';
import { claims, configuredKeys, foreignEd25519Key, forge, signerAndVerifier, unsignedToken } from './fixtures.js';

const alice = newId();
const bob = newId();
const carol = newId(); // admin collaborator of alice's shop
const aliceShopAdmins = new Set([carol]);

/** Stand-in for the store service's resolver: the owner or an admin collaborator of the owner's shop. */
@Injectable()
class ShopCollaborators extends OwnershipResolver {
  canActAs(user: AuthUser, ownerId: string): Promise<boolean> {
    return Promise.resolve(user.id === ownerId || (ownerId === alice && aliceShopAdmins.has(user.id)));
  }
}

@Controller()
class ProbeController {
  @Get('public')
  anyone(@CurrentUser() user: AuthUser | undefined) {
    return { user: user?.id ?? null };
  }

  @Get('sign-in')
  @IgnoreInvalidToken()
  signIn(@CurrentUser() user: AuthUser | undefined) {
    return { user: user?.id ?? null };
  }

  @Get('private')
  @Authenticated()
  me(@CurrentUser() user: AuthUser) {
    return { id: user.id, level: user.level, keychain: user.keychain };
  }

  @Get(':me/profile')
  @OwnerPath('me')
  profile(@CurrentUser() user: AuthUser, @PathOwner() owner: OwnerRef) {
    return { user: user.id, owner };
  }

  @Get(':owner/:type/store/banners')
  @OwnerPath()
  banners(@PathOwner() owner: OwnerRef) {
    return { results: [], matches_estimated: 0, owner: owner.ownerId };
  }

  @Get('gallery/:owner')
  @OwnerPath('owner', { qualifier: 'any' })
  gallery(@PathOwner() owner: OwnerRef) {
    return owner;
  }

  @Get('shops/:owner/settings')
  @OwnerPath('owner', { resolver: ShopCollaborators })
  settings(@CurrentUser() user: AuthUser) {
    return { user: user.id };
  }

  @Get('orders/:owner/list')
  @OwnerPath('owner', { collaborators: ['accountant', 'dispatcher'] })
  orders(@PathOwner() owner: OwnerRef, @ActingUser() acting: ActingAs) {
    return { owner: owner.ownerId, acting };
  }

  @Get('broken/:id')
  @OwnerPath('owner')
  broken() {
    return 'never';
  }
}

@Controller('whole')
@Authenticated()
class AuthenticatedController {
  @Get()
  all() {
    return { ok: true };
  }
}

async function boot(
  authModule: ReturnType<typeof AuthModule.forRoot>,
  providers: unknown[] = [],
  { cookies = true } = {},
): Promise<NestFastifyApplication> {
  @Module({ imports: [authModule], controllers: [ProbeController, AuthenticatedController], providers: providers as never })
  class ProbeModule {}
  const moduleRef = await Test.createTestingModule({ imports: [ProbeModule] }).compile();
  const app = moduleRef.createNestApplication<NestFastifyApplication>(new FastifyAdapter(), { logger: false });
  // As the service bootstrap does; without it the guard parses the Cookie header itself.
  if (cookies) await app.register(cookie as never);
  // A real socket rather than app.inject(): light-my-request requires cookie 2 (ESM-only), which Jest on Node 20
  // cannot require.
  await app.listen(0, '127.0.0.1');
  return app;
}

interface Answer {
  statusCode: number;
  headers: Headers;
  body: string;
  json(): any;
}

async function request(target: NestFastifyApplication, path: string, headers: Record<string, string> = {}): Promise<Answer> {
  const response = await fetch(`${await target.getUrl()}${path}`, { headers });
  const body = await response.text();
  return { statusCode: response.status, headers: response.headers, body, json: () => JSON.parse(body) };
}

let keys: AuthKeys;
let signer: TokenSigner;
let app: NestFastifyApplication;
let aliceToken: string;
let bobToken: string;
let carolToken: string;

beforeAll(async () => {
  keys = await configuredKeys();
  const pieces = signerAndVerifier(keys);
  signer = pieces.signer;
  app = await boot(AuthModule.forRoot({ verifier: pieces.verifier }), [ShopCollaborators]);
  aliceToken = await signer.sign({ id: alice, level: 2, keychain: ['orders-affinity'], sessionId: 'fam-a' });
  bobToken = await signer.sign({ id: bob, level: 1, keychain: [] });
  carolToken = await signer.sign({ id: carol, level: 2, keychain: [] });
});

afterAll(async () => {
  await app?.close();
});

function get(path: string, token?: string, headers: Record<string, string> = {}): Promise<Answer> {
  return request(app, path, token === undefined ? headers : { authorization: `Bearer ${token}`, ...headers });
}

function expectError(response: Answer, status: number, code: string) {
  expect(response.statusCode).toBe(status);
  const body = response.json();
  expect(body).toEqual({ code, message: expect.any(String) });
  expect(response.body).not.toMatch(/\bat \S+ \(|node_modules|\.ts:\d+/); // no stack trace
}

describe('public routes', () => {
  it('answer anonymous callers', async () => {
    const response = await get('/public');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ user: null });
  });

  it('see the caller when a valid token is sent', async () => {
    expect((await get('/public', aliceToken)).json()).toEqual({ user: alice });
  });

  it('refuse a present but invalid token with 401', async () => {
    expectError(await get('/public', await forge(claims({ sub: alice }), await foreignEd25519Key())), 401, 'unauthorized');
    expectError(await get('/public', 'garbage'), 401, 'unauthorized');
    expectError(await get('/public', undefined, { authorization: 'Bearer' }), 401, 'unauthorized');
  });

  it('treat an invalid token as anonymous where @IgnoreInvalidToken says so (sign-in, refresh, logout)', async () => {
    expect((await get('/sign-in', 'garbage')).json()).toEqual({ user: null });
    expect((await get('/sign-in', await forge(claims({ sub: alice }), await foreignEd25519Key()))).json()).toEqual({ user: null });
    expect((await get('/sign-in', aliceToken)).json()).toEqual({ user: alice });
  });

  it('ignore other authorization schemes', async () => {
    expect((await get('/public', undefined, { authorization: 'Basic dXNlcjpwYXNz' })).json()).toEqual({ user: null });
  });
});

describe('@Authenticated routes', () => {
  it('answer 401 { code, message } without a token, with a WWW-Authenticate challenge', async () => {
    const response = await get('/private');
    expectError(response, 401, 'unauthorized');
    expect(response.headers.get('www-authenticate')).toBe('Bearer');
  });

  it('answer the user for a valid token', async () => {
    const response = await get('/private', aliceToken);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ id: alice, level: 2, keychain: ['orders-affinity'] });
  });

  it('apply to every route of a decorated controller', async () => {
    expectError(await get('/whole'), 401, 'unauthorized');
    expect((await get('/whole', bobToken)).statusCode).toBe(200);
  });

  it.each<[string, () => Promise<string>]>([
    ['alg none', async () => unsignedToken(claims({ sub: alice }))],
    ['another Ed25519 key', async () => forge(claims({ sub: alice }), await foreignEd25519Key())],
    ['RS256', async () => forge(claims({ sub: alice }), (await generateKeyPair('RS256')).privateKey, { alg: 'RS256', typ: 'at+jwt' })],
    [
      'HS256 keyed with the public key',
      async () => forge(claims({ sub: alice }), new TextEncoder().encode(keys.publicKeyPem), { alg: 'HS256', typ: 'at+jwt' }),
    ],
    ['wrong audience', async () => forge(claims({ sub: alice, aud: 'elsewhere' }), keys.privateKey!)],
    ['wrong issuer', async () => forge(claims({ sub: alice, iss: 'elsewhere' }), keys.privateKey!)],
    ['expired', async () => forge(claims({ sub: alice, iat: 1, exp: 100 }), keys.privateKey!)],
  ])('refuse a forged or stale token (%s) with 401 invalid_token', async (_name, make) => {
    const response = await get('/private', await make());
    expectError(response, 401, 'unauthorized');
    expect(response.headers.get('www-authenticate')).toBe('Bearer error="invalid_token"');
  });

  it('accept the token from the access_token cookie when no header is sent', async () => {
    const response = await get('/private', undefined, { cookie: `theme=dark; access_token=${aliceToken}` });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: alice });
  });

  it('refuse an invalid access_token cookie, and prefer the header over the cookie', async () => {
    expectError(await get('/private', undefined, { cookie: 'access_token=forged' }), 401, 'unauthorized');
    const response = await get('/private', bobToken, { cookie: `access_token=${aliceToken}` });
    expect(response.json()).toMatchObject({ id: bob });
  });
});

describe('@OwnerPath routes', () => {
  it('answer the owner on /{me}:{me}/profile', async () => {
    const response = await get(`/${alice}:${alice}/profile`, aliceToken);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ user: alice, owner: { ownerId: alice, qualifier: alice } });
  });

  it('answer the owner on /{meID}:{key}/... and with a percent-encoded colon', async () => {
    expect((await get(`/${alice}:apps/profile`, aliceToken)).json()).toMatchObject({ owner: { ownerId: alice, qualifier: 'apps' } });
    expect((await get(`/${alice}%3A${alice}/profile`, aliceToken)).statusCode).toBe(200);
  });

  it('require authentication (401 before 403)', async () => {
    expectError(await get(`/${alice}:${alice}/profile`), 401, 'unauthorized');
    expectError(await get(`/${alice}:${alice}/profile`, unsignedToken(claims({ sub: alice }))), 401, 'unauthorized');
  });

  it("refuse user A on user B's path with 403 { code: 'forbidden' }", async () => {
    expectError(await get(`/${bob}:${bob}/profile`, aliceToken), 403, 'forbidden');
    expectError(await get(`/${alice}:${alice}/profile`, bobToken), 403, 'forbidden');
    expectError(await get(`/${bob}:apps/profile`, aliceToken), 403, 'forbidden');
  });

  it('refuse a path whose two ids differ, whichever half is the caller', async () => {
    expectError(await get(`/${alice}:${bob}/profile`, aliceToken), 403, 'forbidden');
    expectError(await get(`/${bob}:${alice}/profile`, aliceToken), 403, 'forbidden');
  });

  it('refuse owner segments that are not of the {id}:{id} / {id}:{key} shape', async () => {
    expectError(await get(`/${alice}:apps:x/profile`, aliceToken), 403, 'forbidden');
    expectError(await get(`/:${alice}/profile`, aliceToken), 403, 'forbidden');
    expectError(await get(`/${alice}:/profile`, aliceToken), 403, 'forbidden');
  });

  it('guard /{owner}:{owner}/{type}/store/banners', async () => {
    const path = `/${alice}:${alice}/franchise/store/banners`;
    const response = await get(path, aliceToken);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ results: [], matches_estimated: 0, owner: alice });
    expectError(await get(path, bobToken), 403, 'forbidden');
    expectError(await get(path), 401, 'unauthorized');
    expectError(await get(path, await forge(claims({ sub: alice }), await foreignEd25519Key())), 401, 'unauthorized');
  });

  it("let a route accept any second id (gallery's {owner}:{mashupID}) while still checking the owner", async () => {
    const mashup = newId();
    expect((await get(`/gallery/${alice}:${mashup}`, aliceToken)).json()).toEqual({ ownerId: alice, qualifier: mashup });
    expectError(await get(`/gallery/${bob}:${mashup}`, aliceToken), 403, 'forbidden');
  });

  it('use a route-specific OwnershipResolver: admin collaborators act for the shop owner', async () => {
    expect((await get(`/shops/${alice}:${alice}/settings`, carolToken)).json()).toEqual({ user: carol });
    expect((await get(`/shops/${alice}:${alice}/settings`, aliceToken)).statusCode).toBe(200);
    expectError(await get(`/shops/${alice}:${alice}/settings`, bobToken), 403, 'forbidden');
    // the strict default still applies elsewhere
    expectError(await get(`/${alice}:${alice}/profile`, carolToken), 403, 'forbidden');
  });

  it("admit the collaborator roles a route opts into, from the token's col claim, and tell who acts", async () => {
    const path = `/orders/${alice}:${alice}/list`;
    const as = (role: 'admin' | 'accountant' | 'dispatcher' | 'qrreader', owner = alice) =>
      signer.sign({ id: bob, level: 1, keychain: [], collaborations: { [owner]: role } });
    expect((await get(path, aliceToken)).json()).toEqual({ owner: alice, acting: { userId: alice, role: 'owner' } });
    expect((await get(path, await as('dispatcher'))).json()).toEqual({ owner: alice, acting: { userId: bob, role: 'dispatcher' } });
    expect((await get(path, await as('accountant'))).statusCode).toBe(200);
    // a role the route does not list, a role in another owner's shop, no role at all: 403
    expectError(await get(path, await as('qrreader')), 403, 'forbidden');
    expectError(await get(path, await as('admin')), 403, 'forbidden');
    expectError(await get(path, await as('dispatcher', carol)), 403, 'forbidden');
    expectError(await get(path, bobToken), 403, 'forbidden');
    // a route that opts into nothing admits the owner alone, whatever the claim says
    expectError(await get(`/${alice}:${alice}/profile`, await as('admin')), 403, 'forbidden');
    // path text that names an inherited property is no owner
    expectError(await get(`/orders/constructor:constructor/list`, await as('dispatcher')), 403, 'forbidden');
  });

  it('fail closed with a generic 500 when the decorator names a missing parameter', async () => {
    const response = await get(`/broken/${alice}`, aliceToken);
    expect(response.statusCode).toBe(500);
    expect(response.body).not.toMatch(/OwnerPath|\bat \S+ \(/);
  });
});

describe('AuthModule options', () => {
  it('take a module-wide OwnershipResolver (forRootAsync)', async () => {
    const other = await boot(
      AuthModule.forRootAsync({
        useFactory: () => ({ verifier: signerAndVerifier(keys).verifier, ownership: new ShopCollaborators() }),
      }),
      [ShopCollaborators],
    );
    try {
      const response = await request(other, `/${alice}:${alice}/profile`, { authorization: `Bearer ${carolToken}` });
      expect(response.statusCode).toBe(200);
      const refused = await request(other, `/${alice}:${alice}/profile`, { authorization: `Bearer ${bobToken}` });
      expect(refused.statusCode).toBe(403);
    } finally {
      await other.close();
    }
  });

  it('read the access_token cookie without @fastify/cookie registered', async () => {
    const other = await boot(AuthModule.forRoot({ verifier: signerAndVerifier(keys).verifier }), [], { cookies: false });
    try {
      const response = await request(other, '/private', { cookie: `a=1; access_token=${encodeURIComponent(aliceToken)}; b=2` });
      expect(response.json()).toMatchObject({ id: alice });
      expect((await request(other, '/private', { cookie: 'access_token=forged' })).statusCode).toBe(401);
      expect((await request(other, '/public', { cookie: 'access_token=' })).json()).toEqual({ user: null });
    } finally {
      await other.close();
    }
  });

  it('take an OwnershipResolver class, instantiated by Nest', async () => {
    const other = await boot(AuthModule.forRoot({ verifier: signerAndVerifier(keys).verifier, ownership: ShopCollaborators }));
    try {
      const response = await request(other, `/${alice}:${alice}/franchise/store/banners`, { authorization: `Bearer ${carolToken}` });
      expect(response.statusCode).toBe(200);
    } finally {
      await other.close();
    }
  });
});
