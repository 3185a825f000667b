/**
 * Collaborator roles across services (issue 16): the demo owner invites four demo users, one per role, through the
 * accounts API; each signs in for real, and their access token's `col` claim decides, in every service that serves
 * the shop's data, what they may do as the owner (the store's admin tools, the catalogue's store catalogues, the
 * orders and returns of the owner's sales, the owner's wallets). Removing a collaborator takes effect at the next
 * token refresh. Services share one runtime and bus, as embedded mode runs them.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { DEMO, type CollaboratorRole } from '@vitrina/contracts';
import { createServiceApp, newId, type Runtime } from '@vitrina/platform';
import { createTestDatabase, createTestRuntime, type TestDatabase } from '@vitrina/platform/testing';
import { catalogueService } from '@vitrina/catalogue';
import { storeService } from '@vitrina/store';
import { ordersService } from '@vitrina/orders';
import { createAccountsService } from '@vitrina/accounts';

interface Answer {
  status: number;
  body: any;
  cookies: Record<string, string>;
}

async function call(
  app: NestFastifyApplication,
  method: string,
  url: string,
  o: { auth?: string; body?: object; cookie?: string } = {},
): Promise<Answer> {
  const res = await app.inject({
    method: method as 'GET',
    url,
    headers: { ...(o.auth ? { authorization: `Bearer ${o.auth}` } : {}), ...(o.cookie ? { cookie: o.cookie } : {}) },
    ...(o.body ? { payload: o.body } : {}),
  });
  const cookies = Object.fromEntries(res.cookies.map((c) => [c.name, c.value]));
  return { status: res.statusCode, body: res.body ? res.json<any>() : undefined, cookies };
}

describe('collaborator roles across services (issue 16)', () => {
  let tdb: TestDatabase;
  let runtime: Runtime;
  let accounts: NestFastifyApplication;
  let store: NestFastifyApplication;
  let catalogue: NestFastifyApplication;
  let orders: NestFastifyApplication;
  const { users } = DEMO;
  const owner = users.demoOwner.id;
  const me = `${owner}:${owner}`;
  /** One demo user per role. */
  const people: Record<CollaboratorRole, { id: string; email: string }> = {
    admin: users.entrepreneur,
    dispatcher: users.customer,
    accountant: users.supplierA,
    qrreader: users.supplierB,
  };
  const sessions = new Map<string, { token: string; refresh: string }>();

  async function signIn(email: string): Promise<{ token: string; refresh: string }> {
    const res = await call(accounts, 'POST', '/auth/login', { body: { username: email, password: DEMO.password } });
    expect(res.status).toBe(200);
    return { token: res.body.access_token, refresh: res.cookies['refresh_token'] };
  }

  /** What each kind of shop work answers to a token: the status of one call per service. */
  async function probe(token: string): Promise<Record<string, number>> {
    const ghost = newId();
    const calls: [string, NestFastifyApplication, string, string, object?][] = [
      ['store: read the shop', store, 'GET', `/store/${me}/affiliate/store/banners`],
      ['store: edit the shop', store, 'PATCH', `/store/${me}/affiliate/store/banners/${ghost}`, { title: 'x' }],
      ['catalogue: store catalogues', catalogue, 'GET', `/catalogue/${me}/affiliate/catalogues`],
      ['orders: list sales', orders, 'GET', `/orders/admin/suppliers/${me}/orders`],
      ['orders: move a sale', orders, 'POST', `/orders/admin/suppliers/${me}/orders/${ghost}/next`, {}],
      ['returns: note', orders, 'POST', `/orders/admin/suppliers/${me}/returns/${ghost}/notes`, { body: 'x', visibility: 'internal' }],
      ['returns: refund', orders, 'POST', `/orders/admin/suppliers/${me}/returns/${ghost}/refunds`, { amount_minor: 100 }],
      ['wallets: read', accounts, 'GET', `/accounts/${me}/wallets`],
      ['wallets: cash out', accounts, 'POST', `/accounts/${me}/wallets/${ghost}/cashouts`, { amount_minor: 100 }],
    ];
    const out: Record<string, number> = {};
    for (const [name, app, method, url, body] of calls)
      out[name] = (await call(app, method, url, { auth: token, ...(body ? { body } : {}) })).status;
    return out;
  }

  /** 403: refused at the door; anything else (200, 400, 404...) means the guard let the caller act as the owner. */
  const admitted = (statuses: Record<string, number>) =>
    Object.fromEntries(Object.entries(statuses).map(([k, v]) => [k, v === 403 ? 'refused' : v >= 500 ? `error ${v}` : 'admitted']));

  beforeAll(async () => {
    const seed = process.env.SEED_DEMO;
    process.env.SEED_DEMO = 'true';
    tdb = await createTestDatabase('collaborators');
    runtime = await createTestRuntime(tdb);
    ({ app: accounts } = await createServiceApp(createAccountsService({}), runtime));
    ({ app: store } = await createServiceApp(storeService, runtime));
    ({ app: catalogue } = await createServiceApp(catalogueService, runtime));
    ({ app: orders } = await createServiceApp(ordersService, runtime));
    for (const app of [accounts, store, catalogue, orders]) await app.getHttpAdapter().getInstance().ready();
    if (seed === undefined) delete process.env.SEED_DEMO;
    else process.env.SEED_DEMO = seed;

    const ownerSession = await signIn(users.demoOwner.email);
    sessions.set(owner, ownerSession);
    for (const [role, person] of Object.entries(people)) {
      const invited = await call(accounts, 'POST', `/accounts/${me}/collaborators`, {
        auth: ownerSession.token,
        body: { username: person.email, role },
      });
      expect(invited.status).toBe(201);
      sessions.set(person.id, await signIn(person.email));
    }
  });
  afterAll(async () => {
    for (const app of [orders, catalogue, store, accounts]) await app?.close();
    await runtime?.close();
    await tdb?.destroy();
  });

  it('each role does what it is given and is refused the rest; the owner does everything; another owner nothing', async () => {
    const all = await probe(sessions.get(owner)!.token);
    expect(Object.values(admitted(all)).every((v) => v === 'admitted')).toBe(true);

    const expected: Record<CollaboratorRole, string[]> = {
      admin: [
        'store: read the shop',
        'store: edit the shop',
        'catalogue: store catalogues',
        'orders: list sales',
        'orders: move a sale',
        'returns: note',
        'returns: refund',
        'wallets: read',
      ],
      dispatcher: ['orders: list sales', 'orders: move a sale', 'returns: note'],
      accountant: ['orders: list sales', 'wallets: read'],
      qrreader: [],
    };
    for (const [role, person] of Object.entries(people) as [CollaboratorRole, { id: string }][]) {
      const got = admitted(await probe(sessions.get(person.id)!.token));
      const want = Object.fromEntries(Object.keys(got).map((k) => [k, expected[role].includes(k) ? 'admitted' : 'refused']));
      expect({ role, ...got }).toEqual({ role, ...want });
    }

    const stranger = await signIn(users.otherOwner.email);
    expect(Object.values(admitted(await probe(stranger.token))).every((v) => v === 'refused')).toBe(true);
  });

  it('a removed collaborator keeps nothing after the next refresh', async () => {
    const ownerToken = sessions.get(owner)!.token;
    const list = await call(accounts, 'GET', `/accounts/${me}/collaborators`, { auth: ownerToken });
    const dispatcher = list.body.results.find((c: { user_id: string }) => c.user_id === people.dispatcher.id);
    expect((await call(accounts, 'DELETE', `/accounts/${me}/collaborators/${dispatcher.id}`, { auth: ownerToken })).status).toBe(204);

    const session = sessions.get(people.dispatcher.id)!;
    const refreshed = await call(accounts, 'POST', '/auth/refresh', { cookie: `refresh_token=${session.refresh}` });
    expect(refreshed.status).toBe(200);
    const after = admitted(await probe(refreshed.body.access_token));
    expect(Object.values(after).every((v) => v === 'refused')).toBe(true);
  });
});
