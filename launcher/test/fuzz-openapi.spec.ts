/**
 * Fuzz suite over the merged OpenAPI (issue 9 item 2: no input reaches a 5xx). The whole stack runs in this
 * process as embedded mode runs it (every service on its own port, the gateway in front, one database with a
 * schema per service, the memory bus), seeded with the demo world. Every operation the gateway describes at
 * `/api/docs/openapi.json` gets at least 25 malformed variants (fuzz/malformed-variants.ts), sent through the
 * gateway signed in as the demo owner, with the owner's real ids in the path so requests reach validation.
 * Fails on any 5xx, any error answer without a JSON `{ code, message }`, any stack or SQL text in a body.
 * (A process exit ends this Jest run, which fails it too.) Endpoints added later are covered automatically.
 * Non-JSON endpoints: none is exempt. Their 2xx answers (images, pages) are not checked for JSON; their refusals
 * must be `{ code, message }` like every other. An event stream (`text/event-stream`, the inbox's live route) never
 * ends: its answer counts as done once its headers arrive (fuzz/answer-rules.ts `send`), and the connection is dropped.
 * `FUZZ_TRACE=/tmp/fuzz.txt` writes every answer (status, operation, variant, body start) and the OpenAPI read.
 */
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { DEMO, serviceUrlVariable, type ServiceName } from '@vitrina/contracts';
import { createServiceApp, type Runtime } from '@vitrina/platform';
import { createTestDatabase, createTestRuntime, type TestDatabase } from '@vitrina/platform/testing';
import { startGateway, type RunningGateway } from '@vitrina/gateway';
import { ALL_SERVICES } from '../src/services.js';
import { operationsOf, sample, type Operation } from './fuzz/openapi-operations.js';
import { buildPath, queryOf, variantsOf, type FuzzRequest } from './fuzz/malformed-variants.js';
import { breach, closeAgent, send, type Answer } from './fuzz/answer-rules.js';

/** Fixed seed: a failure names its operation and variant, and the next run sends the same requests. */
const SEED = 20_261_125;
/** Requests in flight at once: modest, for a loaded 2-core machine. */
const CONCURRENCY = 4;
const MIN_VARIANTS = 25;

/**
 * TEMPORARY allow-list (the lead empties it): `METHOD path :: variant` pairs that still answer 5xx because of a
 * service DTO's `null` handling, which another part of issue 9 fixes in the DTOs. Nothing else belongs here.
 */
const KNOWN_DTO_FAILURES: ReadonlySet<string> = new Set<string>([]);

const shop = DEMO.shops.demo;

/**
 * Who sends an operation's requests: the demo owner (owner of shop `demo`); where the owner is refused outright
 * (403: item writes need the supplier role, spec 1 §6), demo supplier A with his own ids, so they reach validation.
 */
interface Principal {
  name: string;
  id: string;
  email: string;
  auth: string;
  /** Collection path template -> an id it lists (this principal's real records, for `{id}`-like parameters). */
  harvested: Map<string, string>;
}

describe('fuzzing every operation of the merged OpenAPI', () => {
  let tdb: TestDatabase;
  let runtime: Runtime;
  const apps: NestFastifyApplication[] = [];
  let gateway: RunningGateway;
  let operations: Operation[];
  let owner: Principal;
  let supplier: Principal;
  const serviceUrls = {} as Record<ServiceName, string>;

  beforeAll(async () => {
    const seed = process.env.SEED_DEMO;
    process.env.SEED_DEMO = 'true';
    try {
      tdb = await createTestDatabase('fuzz');
      runtime = await createTestRuntime(tdb);
      for (const def of ALL_SERVICES) {
        const { app } = await createServiceApp(def, runtime);
        await app.listen({ port: 0, host: '127.0.0.1' });
        apps.push(app);
        serviceUrls[def.name] = `http://127.0.0.1:${(app.getHttpServer().address() as AddressInfo).port}`;
        // services started after it call it directly (cart-checkout → catalogue reservations, orders → cart-checkout
        // placement), as embedded mode wires them
        process.env[serviceUrlVariable(def.name)] = serviceUrls[def.name];
      }
      gateway = await startGateway({
        port: 0,
        host: '127.0.0.1',
        serviceUrls,
        // The fuzzer sends thousands of requests from one address; the limits are not what it tests.
        rateLimit: { perIpPerMinute: 10_000_000, perUserPerMinute: 10_000_000 },
        verifier: runtime.verifier,
        logLevel: 'silent',
      });
    } finally {
      if (seed === undefined) delete process.env.SEED_DEMO;
      else process.env.SEED_DEMO = seed;
    }
    owner = await signIn('owner', DEMO.users.demoOwner);
    supplier = await signIn('supplier A', DEMO.users.supplierA);
    const doc = await send(gateway.url, { variant: 'docs', method: 'GET', url: '/api/docs/openapi.json', headers: {} }, undefined);
    operations = operationsOf(JSON.parse(doc.body));
    if (process.env.FUZZ_TRACE) (await import('node:fs')).writeFileSync(`${process.env.FUZZ_TRACE}.openapi.json`, doc.body);
    await harvestIds(owner);
    await harvestIds(supplier);
  });

  afterAll(async () => {
    for (const def of ALL_SERVICES) delete process.env[serviceUrlVariable(def.name)];
    closeAgent();
    await gateway?.close();
    for (const app of apps.reverse()) await app.close().catch(() => undefined);
    await runtime?.close();
    await tdb?.destroy();
  });

  function json(method: string, url: string, body: unknown): FuzzRequest {
    return { variant: 'setup', method, url, headers: { 'content-type': 'application/json' }, body: Buffer.from(JSON.stringify(body)) };
  }

  async function signIn(name: string, user: { id: string; email: string }): Promise<Principal> {
    const login = await send(gateway.url, json('POST', '/api/auth/login', { email: user.email, password: DEMO.password }), undefined);
    expect(login.status).toBe(200);
    const auth = `Bearer ${(JSON.parse(login.body) as { access_token: string }).access_token}`;
    return { name, id: user.id, email: user.email, auth, harvested: new Map() };
  }

  /** Path parameter values that reach validation: the principal's owner segment, the demo shop, ids of the principal's. */
  function pathValues(who: Principal) {
    return (op: Operation, name: string): string => {
      // `{me}` beside an `{owner}` segment is the bare id (`/profile-admin/{id}:{key}/{id}`); alone it is the owner segment.
      if (name === 'me' && op.pathParams.includes('owner')) return who.id;
      if (/^(owner|me|meID|ownerID)$/i.test(name)) return `${who.id}:${who.id}`;
      if (name === 'scope') return 'affiliate';
      if (/^(shop|slug|shopSlug)$/.test(name)) return shop.slug;
      if (name === 'host') return `${shop.slug}.localhost`;
      if (/^user(Id|ID)?$/.test(name)) return who.id;
      const collection = op.path.slice(0, op.path.indexOf(`/{${name}}`));
      return who.harvested.get(collection) ?? randomUUID();
    };
  }

  /** Reads each listing GET once (the principal's paths filled) and keeps the first id it answers. */
  async function harvestIds(who: Principal): Promise<void> {
    const pathValue = pathValues(who);
    const lists = operations.filter(
      (op) => op.method === 'GET' && op.pathParams.every((p) => !/^(id|item|key|ref|name|productId|ids|catalogue)$/.test(p)),
    );
    await Promise.all(
      lists.map(async (op) => {
        const url = op.path.replace(/\{([^}]+)\}/g, (_m, name: string) => encodeURIComponent(pathValue(op, name)));
        const answer = await send(gateway.url, { variant: 'harvest', method: 'GET', url, headers: {} }, who.auth).catch(() => undefined);
        // a list answers JSON (an event stream, answered as done after its headers, has no body)
        if (answer?.status !== 200 || !answer.contentType.includes('json')) return;
        const body = JSON.parse(answer.body) as unknown;
        const first = Array.isArray(body) ? body[0] : (body as { results?: unknown[] })?.results?.[0];
        const id = (first as { id?: unknown } | undefined)?.id;
        if (typeof id === 'string' || typeof id === 'number') who.harvested.set(op.path, String(id));
      }),
    );
  }

  /**
   * A body the operation accepts, learned from its validation answers: fields validation names are dropped when
   * optional, or given another plain value when required. Undefined when the operation takes no JSON body.
   */
  async function learnBase(op: Operation, who: Principal): Promise<Record<string, unknown> | undefined> {
    if (!op.bodySchema || op.method === 'GET' || op.method === 'DELETE') return undefined;
    const pathValue = pathValues(who);
    const first = sample(op.bodySchema);
    if (typeof first !== 'object' || first === null || Array.isArray(first)) return undefined;
    const base = { ...(first as Record<string, unknown>) };
    const required = new Set(op.bodySchema.required ?? []);
    const candidates: unknown[] = ['Fuzz', 1, true, 'https://example.com/fuzz', '#ffffff', [], {}];
    const url = `${buildPath(op, pathValue)}${queryOf(op)}`;
    for (let attempt = 0; attempt < candidates.length; attempt++) {
      const answer = await send(gateway.url, json(op.method, url, base), who.auth).catch(() => undefined);
      if (answer?.status !== 400) break;
      const fields = Object.keys((JSON.parse(answer.body) as { fields?: Record<string, unknown> }).fields ?? {}).map(
        (f) => f.split('.')[0],
      );
      if (fields.length === 0) break;
      for (const field of fields) {
        if (required.has(field)) base[field] = candidates[attempt];
        else delete base[field];
      }
    }
    return base;
  }

  /** The owner, unless the owner is refused the operation outright and supplier A is not. */
  async function principalFor(op: Operation): Promise<Principal> {
    if (op.method === 'DELETE') return owner; // never probed: a probe would delete
    const probe = async (who: Principal) => {
      const body = op.method === 'GET' ? undefined : Buffer.from('{}');
      const url = `${buildPath(op, pathValues(who))}${queryOf(op)}`;
      return (
        await send(
          gateway.url,
          { variant: 'probe', method: op.method, url, headers: body ? { 'content-type': 'application/json' } : {}, body },
          who.auth,
        ).catch(() => undefined)
      )?.status;
    };
    if ((await probe(owner)) !== 403) return owner;
    return (await probe(supplier)) === 403 ? owner : supplier;
  }

  it('answers every malformed variant of every operation without a 5xx, and with { code, message } when it refuses', async () => {
    expect(operations.length).toBeGreaterThan(50);
    // Reads first, then writes, deletions last: a deletion early on would leave later operations only 404s.
    const order = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];
    const sorted = [...operations].sort((a, b) => order.indexOf(a.method) - order.indexOf(b.method) || a.path.localeCompare(b.path));
    const failures: string[] = [];
    const allowed: string[] = [];
    let sent = 0;
    const statuses = new Map<number, number>();
    const trace: string[] = [];
    const principals = new Set<string>();
    for (const [i, op] of sorted.entries()) {
      const who = await principalFor(op);
      const variants = variantsOf(op, pathValues(who), SEED + i, await learnBase(op, who));
      expect(variants.length).toBeGreaterThanOrEqual(MIN_VARIANTS);
      let next = 0;
      const worker = async () => {
        while (next < variants.length) {
          const variant = variants[next++];
          const name = `${op.method} ${op.path} :: ${variant.variant}`;
          if (who !== owner) principals.add(`${op.method} ${op.path}`);
          let answer: Answer;
          try {
            answer = await send(gateway.url, variant, who.auth);
          } catch (err) {
            failures.push(`${name}: no answer (${(err as Error).message})`);
            continue;
          }
          sent++;
          statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
          if (process.env.FUZZ_TRACE) trace.push(`${answer.status} ${name} ${answer.body.slice(0, 120)}`);
          const problem = breach(answer);
          if (!problem) continue;
          if (KNOWN_DTO_FAILURES.has(name)) allowed.push(name);
          else failures.push(`${name}: ${problem}`);
        }
      };
      await Promise.all(Array.from({ length: CONCURRENCY }, worker));
    }
    if (process.env.FUZZ_TRACE) (await import('node:fs')).writeFileSync(process.env.FUZZ_TRACE, trace.join('\n'));
    console.info(
      `fuzz: ${operations.length} operations (${principals.size} as supplier A), ${sent} requests; answers by status: ${JSON.stringify(Object.fromEntries([...statuses].sort(([a], [b]) => a - b)))}`,
    );
    if (allowed.length)
      console.warn(`fuzz: ${allowed.length} answers still break the rules on the temporary allow-list:\n${allowed.join('\n')}`);
    expect({ sent, failures: failures.slice(0, 60), total: failures.length }).toEqual({ sent, failures: [], total: 0 });
  }, 600_000);

  it('keeps the rules it checks: a 5xx, a stack, SQL text, a body without { code, message } or a framework code all fail', () => {
    const answer = (status: number, body: string) => ({ status, contentType: 'application/json', body });
    expect(breach(answer(500, '{"code":"internal_error","message":"Internal error"}'))).toBeDefined();
    expect(breach(answer(400, '{"code":"x","message":"Error: boom\\n    at Foo.bar (/app/x.js:1:2)"}'))).toBeDefined();
    expect(breach(answer(400, '{"code":"x","message":"duplicate key value violates unique constraint"}'))).toBeDefined();
    expect(breach(answer(431, ''))).toBeDefined();
    expect(breach(answer(415, '{"code":"FST_ERR_CTP_INVALID_MEDIA_TYPE","message":"Unsupported Media Type"}'))).toBeDefined();
    expect(breach(answer(400, '{"code":"invalid_text","message":"The body field email holds NUL"}'))).toBeUndefined();
    expect(breach(answer(200, '<html></html>'))).toBeUndefined();
  });

  it('answers the HTTP layer’s own refusals as { code, message }: body limits shared by gateway and service, 431, unknown routes', async () => {
    const gallery = `/api/gallery/${owner.id}:${owner.id}`;
    const jsonOf = (bytes: number) => Buffer.from(`{"a":"${'x'.repeat(bytes)}"}`);
    const post = (base: string, url: string, body: Buffer, headers: Record<string, string> = {}) =>
      send(base, { variant: 'limits', method: 'POST', url, headers: { 'content-type': 'application/json', ...headers }, body }, owner.auth);
    // 3 MB: within the gallery's limit at both ends (it used to pass the gateway's 5 MB and be cut by the store's 1 MB: 502).
    const within = await post(gateway.url, gallery, jsonOf(3_000_000));
    expect([within.status, breach(within)]).toEqual([400, undefined]);
    const over = await post(gateway.url, gallery, jsonOf(6_000_000));
    expect([over.status, (JSON.parse(over.body) as { code: string }).code]).toEqual([413, 'payload_too_large']);
    const direct = await post(serviceUrls.store, gallery.slice('/api'.length), jsonOf(6_000_000));
    expect([direct.status, (JSON.parse(direct.body) as { code: string }).code]).toEqual([413, 'payload_too_large']);
    const elsewhere = await post(gateway.url, `/api/store/${owner.id}:${owner.id}/affiliate/store/headers`, jsonOf(2_000_000));
    expect([elsewhere.status, (JSON.parse(elsewhere.body) as { code: string }).code]).toEqual([413, 'payload_too_large']);

    for (const base of [gateway.url, serviceUrls.store]) {
      const prefix = base === gateway.url ? '/api' : '';
      const big = await send(
        base,
        { variant: '431', method: 'GET', url: `${prefix}/store/shops/by-slug/demo`, headers: { 'x-big': 'a'.repeat(40_000) } },
        undefined,
      );
      expect([base, big.status, (JSON.parse(big.body) as { code: string }).code]).toEqual([base, 431, 'headers_too_large']);
      const unknown = await send(base, { variant: '404', method: 'DELETE', url: `${prefix}/store/no/such/route`, headers: {} }, undefined);
      expect([base, unknown.status, breach(unknown)]).toEqual([base, 404, undefined]);
      for (const method of ['PROPFIND', 'TRACE', 'PURGE']) {
        const odd = await send(base, { variant: method, method, url: `${prefix}/store/shops/by-slug/demo`, headers: {} }, undefined);
        expect([base, method, odd.status >= 400 && odd.status < 500, breach(odd)]).toEqual([base, method, true, undefined]);
      }
    }
    const nulEmail = await post(gateway.url, '/api/auth/login', Buffer.from('{"email":"a\\u0000b@example.com","password":"x"}'));
    expect([nulEmail.status, (JSON.parse(nulEmail.body) as { code: string }).code]).toEqual([400, 'invalid_text']);
  });
});
