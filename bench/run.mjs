#!/usr/bin/env node
/**
 * HTTP benchmark harness (autocannon 8). Throughput and latency, not a timed test (docs/architecture.md §7).
 *
 *   npm run bench -- --scenario gateway-roundtrip [--target http://localhost:3000] [--connections 50] [--duration 10]
 *   npm run bench -- --list
 *
 * Writes the full autocannon result plus a summary to bench/results/<time>-<scenario>.json (gitignored) and
 * prints req/s, p50, p99. See bench/README.md.
 */
import { execFileSync } from 'node:child_process';
import { createHmac, randomUUID } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { availableParallelism, cpus, platform, release } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { inboxWorld } from './inbox-world.mjs';
import { signIn as signInAs } from './support.mjs';
import {
  DEMO,
  DEMO_ITEMS,
  benchItemId,
  benchShopOfItem,
  benchShopSlug,
  benchShopperEmail,
  benchSupplierEmail,
  benchSupplierId,
  benchSupplierOfItem,
  BENCH_SUPPLIERS,
  SANDBOX_TEST_CARDS,
} from '@vitrina/contracts';

const HERE = dirname(fileURLToPath(import.meta.url));
const ROOT = join(HERE, '..');

/** The benchmark world the stack was started with (SEED_BENCH_ITEMS / SEED_BENCH_SHOPS; the same variables here). */
const BENCH_ITEMS = Number(process.env.SEED_BENCH_ITEMS || 10_000);
const BENCH_SHOPS = Number(process.env.SEED_BENCH_SHOPS || 50);
/** 3-letter prefixes of the words the benchmark items are named and tagged with (catalogue demo-seeder). */
const PREFIXES = ['caf', 'bar', 'tel', 'pla', 'mad', 'vid', 'pal', 'lan', 'cob', 'pie', 'cho', 'mie'];
/** The words the benchmark items are named, tagged and described with (catalogue demo-seeder), for random texts. */
const WORDS = ['cafe', 'barro', 'telar', 'plata', 'madera', 'vidrio', 'palma', 'lana', 'cobre', 'piel', 'chocolate', 'miel'];
const LISTING_SORTS = ['queue_position', 'list_price', '-list_price'];
/** A well-mixed non-negative integer from the request's number and a salt (repeatable across runs). */
function draw(i, salt) {
  let h = Math.imul(i + 0x9e3779b9, 0x85ebca6b) ^ Math.imul(salt, 0xc2b2ae35);
  h ^= h >>> 16;
  h = Math.imul(h, 0x7feb352d);
  h ^= h >>> 15;
  return h >>> 0;
}
const prefixOf = (word, n) => word.slice(0, Math.min(word.length, n));
/** A search text: one prefix (3-5 letters), two prefixes, or a prefix and the start of an item number. */
function randomText(i) {
  const word = (salt) => prefixOf(WORDS[draw(i, salt) % WORDS.length], 3 + (draw(i, salt + 1) % 3));
  const kind = draw(i, 4) % 10;
  if (kind < 4) return `${word(5)} ${1 + (draw(i, 7) % 999)}`;
  if (kind < 7) return `${word(5)} ${word(8)}`;
  return word(5);
}
/** A word no item has: consonants only, 6-9 of them, different for every request. */
function noMatchWord(i) {
  const letters = 'bcdfghjkqvwxz';
  let word = '';
  for (let k = 0, n = 6 + (draw(i, 11) % 4); k < n; k++) word += letters[draw(i, 20 + k) % letters.length];
  return word;
}
/** A type-ahead keystroke: the first 1-5 letters of a word, a third of the time followed by a number's start. */
function keystrokes(i) {
  const word = prefixOf(WORDS[draw(i, 5) % WORDS.length], 1 + (draw(i, 6) % 5));
  return draw(i, 4) % 3 === 0 ? `${word} ${1 + (draw(i, 7) % 99)}` : word;
}
/** The seeded demo accounts (SEED_DEMO, on by default outside production), all with DEMO.password. */
const DEMO_EMAILS = Object.values(DEMO.users).map((u) => u.email);

/**
 * Scenarios. `path` is the default request path; --path overrides it.
 * The `_ping` routes are answered by the platform's service bootstrap for each API group
 * (`GET /{group}/_ping` on the service, `GET /api/{group}/_ping` through the gateway): no database, no auth.
 */
const SCENARIOS = {
  'gateway-roundtrip': {
    description: 'client -> gateway (/api routing, proxy) -> catalogue -> back: the cost of one hop through the gateway',
    method: 'GET',
    path: '/api/catalogue/_ping',
  },
  'gateway-only': {
    description: "the gateway's own liveness route, no upstream: baseline for the gateway's share of gateway-roundtrip",
    method: 'GET',
    path: '/health/live',
  },
  'service-direct': {
    description: 'a service called directly, no gateway (embedded/cluster: --target http://localhost:3101)',
    method: 'GET',
    path: '/catalogue/_ping',
  },
  // The storefront scenarios (issue 4) read the benchmark world: start the stack with SEED_BENCH_ITEMS=10000
  // (SEED_BENCH_SHOPS=50). Each request picks the next shop / item / prefix in turn, so the database and the
  // services see 50 shops and thousands of items, not one hot row. `--direct` with `--target` at the service's
  // own port (catalogue 3101, store 3102 + SERVICE_PORT_OFFSET) sends the same requests without the gateway.
  'shop-home': {
    description:
      "the shop home's data as the web loads it: GET /api/store/shops/by-slug/{slug} (shop, theme, banners and headers for the viewer)",
    method: 'GET',
    path: '/api/store/shops/by-slug/bench-01',
    service: 'store',
    paths: (i) => `/api/store/shops/by-slug/${benchShopSlug(1 + (i % BENCH_SHOPS))}`,
  },
  listing: {
    description:
      'a listing page of 36 products sorted by price (/productos, Menor precio): GET /api/catalogue/shops/{shop}/items?type=product&sort=list_price&offset=0&limit=36',
    method: 'GET',
    path: '/api/catalogue/shops/bench-01/items?type=product&sort=list_price&offset=0&limit=36',
    service: 'catalogue',
    paths: (i) => `/api/catalogue/shops/${benchShopSlug(1 + (i % BENCH_SHOPS))}/items?type=product&sort=list_price&offset=0&limit=36`,
  },
  search: {
    description:
      'search with a 3-letter prefix in a shop (the search panel): GET /api/catalogue/shops/{shop}/items?type=product&text={3 letters}&offset=0&limit=36',
    method: 'GET',
    path: '/api/catalogue/shops/bench-01/items?type=product&text=caf&offset=0&limit=36',
    service: 'catalogue',
    paths: (i) =>
      `/api/catalogue/shops/${benchShopSlug(1 + (i % BENCH_SHOPS))}/items?type=product&text=${PREFIXES[i % PREFIXES.length]}&offset=0&limit=36`,
  },
  // Issue 17: every request differs, so a cache of pages cannot answer them (compare with `search` / `listing`,
  // which rotate over a few hundred keys). Drawn from a hash of the request's number: runs are repeatable.
  'search-random': {
    description:
      'search with a different text each request (issue 17): 3-5 letter prefixes of the seeded words, alone, in pairs or with a number prefix, over all shops: GET /api/catalogue/shops/{shop}/items?type=product&text={text}&offset=0&limit=36',
    method: 'GET',
    path: '/api/catalogue/shops/bench-01/items?type=product&text=caf&offset=0&limit=36',
    service: 'catalogue',
    paths: (i) =>
      `/api/catalogue/shops/${benchShopSlug(1 + (draw(i, 1) % BENCH_SHOPS))}/items?type=product&text=${encodeURIComponent(randomText(i))}&offset=0&limit=36`,
  },
  'search-nomatch': {
    description:
      'search for a word that matches nothing (issue 17): 6-9 random consonants, every request distinct, over all shops: GET /api/catalogue/shops/{shop}/items?type=product&text={word}&offset=0&limit=36',
    method: 'GET',
    path: '/api/catalogue/shops/bench-01/items?type=product&text=zzkq&offset=0&limit=36',
    service: 'catalogue',
    paths: (i) =>
      `/api/catalogue/shops/${benchShopSlug(1 + (draw(i, 1) % BENCH_SHOPS))}/items?type=product&text=${noMatchWord(i)}&offset=0&limit=36`,
  },
  'listing-random': {
    description:
      'a random listing page (issue 17): any of the 50 shops, sort queue_position | list_price | -list_price, page 1-20 of 36: GET /api/catalogue/shops/{shop}/items?type=product&sort={sort}&offset={offset}&limit=36',
    method: 'GET',
    path: '/api/catalogue/shops/bench-01/items?type=product&sort=list_price&offset=0&limit=36',
    service: 'catalogue',
    paths: (i) =>
      `/api/catalogue/shops/${benchShopSlug(1 + (draw(i, 1) % BENCH_SHOPS))}/items?type=product&sort=${LISTING_SORTS[draw(i, 2) % LISTING_SORTS.length]}&offset=${36 * (draw(i, 3) % 20)}&limit=36`,
  },
  'suggest-random': {
    description:
      'type-ahead (issue 17): each keystroke of a seeded word (1-5 letters), sometimes with a number prefix, over all shops: GET /api/catalogue/shops/{shop}/suggestions?text={text}',
    method: 'GET',
    path: '/api/catalogue/shops/bench-01/suggestions?text=caf',
    service: 'catalogue',
    paths: (i) =>
      `/api/catalogue/shops/${benchShopSlug(1 + (draw(i, 1) % BENCH_SHOPS))}/suggestions?text=${encodeURIComponent(keystrokes(i))}`,
  },
  // Sign-in (issue 3): each request is a real log-in of a demo user in turn: argon2id verify (m=19 MiB, t=2, p=1; at
  // most ACCOUNTS_HASH_CONCURRENCY at once), a session and refresh-token insert, an Ed25519 access token. Only successful
  // log-ins, so accounts' failed-log-in limits never apply; the gateway's per-IP limit (600/min by default) does: start
  // the stack with RATE_LIMIT_PER_IP=1000000 RATE_LIMIT_PER_USER=1000000.
  'sign-in': {
    description: 'POST /api/auth/login {email, password} for the 7 demo users in turn (argon2id verify + session + access token)',
    method: 'POST',
    path: '/api/auth/login',
    service: 'accounts',
    body: (i) => ({ email: DEMO_EMAILS[i % DEMO_EMAILS.length], password: DEMO.password }),
  },
  'item-detail': {
    description: 'an item page: GET /api/catalogue/items/{supplier}/{item}?shop={slug}',
    method: 'GET',
    path: `/api/catalogue/items/${benchSupplierId(1)}/${benchItemId(1)}?shop=${benchShopSlug(1)}`,
    service: 'catalogue',
    paths: (i) => {
      const n = 1 + ((i * 7919) % BENCH_ITEMS);
      return `/api/catalogue/items/${benchSupplierId(benchSupplierOfItem(n))}/${benchItemId(n)}?shop=${benchShopSlug(benchShopOfItem(n, BENCH_SHOPS))}`;
    },
  },
  // The write path (issue 18). Each scenario signs in a demo user in its preflight (`prepare`) and sends that user's
  // access token; writes go through the gateway's per-user limit too: start the stack with RATE_LIMIT_PER_IP=1000000
  // RATE_LIMIT_PER_USER=1000000. Every write is one transaction with its outbox row(s) (bench/README.md "Write path").
  'outbox-write': {
    description:
      'the floor of every write: POST /api/catalogue/_probe/write, one row + one outbox row in one transaction (start the stack with BENCH_WRITE_PROBE=1)',
    method: 'POST',
    path: '/api/catalogue/_probe/write',
    service: 'catalogue',
    body: () => ({}),
  },
  'item-update': {
    description:
      "a supplier edits an item's price: PATCH /api/catalogue/{supplier}:{supplier}/affiliate/items/{item} {list_price}, supplier A's priced demo items in turn",
    method: 'PATCH',
    path: `/api/catalogue/${DEMO.users.supplierA.id}:${DEMO.users.supplierA.id}/affiliate/items/${DEMO_ITEMS[0].id}`,
    service: 'catalogue',
    prepare: async (target) => {
      const A = DEMO.users.supplierA.id;
      const token = await signIn(target, DEMO.users.supplierA.email);
      // The supplier's priced items (a free item has no price to change).
      const res = await fetch(new URL(`/api/catalogue/${A}:${A}/affiliate/items?offset=0&limit=100`, target), {
        headers: { authorization: `Bearer ${token}` },
      });
      const items = res.ok ? (await res.json()).results.filter((r) => !r.is_free).map((r) => r.id) : [];
      if (items.length === 0) fail(`preflight: supplier A has no priced items (${res.status}): is the stack seeded (SEED_DEMO)?`);
      return { token, paths: (i) => `/api/catalogue/${A}:${A}/affiliate/items/${items[i % items.length]}` };
    },
    body: (i) => ({ list_price: `${1000 + (i % 900)}.${String(i % 100).padStart(2, '0')}` }), // above every demo item's contribution margin
  },
  'item-update-world': {
    description:
      "suppliers edit their items' prices without contending: PATCH /api/catalogue/{supplier}:{supplier}/affiliate/items/{item} {list_price}, the ten benchmark suppliers over the 10k benchmark items in turn (a 10 s run edits each item at most once)",
    method: 'PATCH',
    path: `/api/catalogue/${benchSupplierId(1)}:${benchSupplierId(1)}/affiliate/items/${benchItemId(1)}`,
    service: 'catalogue',
    prepare: async (target) => {
      const tokens = [];
      for (let n = 1; n <= BENCH_SUPPLIERS; n++) tokens.push(await signIn(target, benchSupplierEmail(n)));
      // Request i edits bench item i + 1 (cycling over the world), signed in as that item's supplier.
      const item = (i) => (i % BENCH_ITEMS) + 1;
      return {
        headers: (i) => ({ authorization: `Bearer ${tokens[benchSupplierOfItem(item(i)) - 1]}` }),
        paths: (i) => {
          const s = benchSupplierId(benchSupplierOfItem(item(i)));
          return `/api/catalogue/${s}:${s}/affiliate/items/${benchItemId(item(i))}`;
        },
      };
    },
    body: (i) => ({ list_price: `${1000 + (i % 900)}.${String(i % 100).padStart(2, '0')}` }), // above every bench item's contribution margin
  },
  'catalogue-create': {
    description:
      'an owner creates a catalogue: POST /api/catalogue/{owner}:{owner}/affiliate/catalogues {name} (the entrepreneur demo user)',
    method: 'POST',
    path: `/api/catalogue/${DEMO.users.entrepreneur.id}:${DEMO.users.entrepreneur.id}/affiliate/catalogues`,
    service: 'catalogue',
    prepare: async (target) => ({ token: await signIn(target, DEMO.users.entrepreneur.email) }),
    body: (i) => ({ name: `Bench ${Date.now().toString(36)}-${i}` }),
  },
  'catalogue-move': {
    description:
      'an owner moves a catalogue: POST /api/catalogue/{owner}:{owner}/affiliate/catalogues/{id}/move {position}; --catalogues N (default 10) is how many the owner has: 10 = the reseller demo user, more = the other-owner demo user, topped up to N in the preflight',
    method: 'POST',
    path: `/api/catalogue/${DEMO.users.reseller.id}:${DEMO.users.reseller.id}/affiliate/catalogues/{id}/move`,
    service: 'catalogue',
    prepare: async (target, options) => {
      const count = options.catalogues;
      const user = count <= 10 ? DEMO.users.reseller : DEMO.users.otherOwner;
      const token = await signIn(target, user.email);
      const base = `/api/catalogue/${user.id}:${user.id}/affiliate/catalogues`;
      const ids = await topUpCatalogues(target, token, base, count);
      return {
        token,
        paths: (i) => `${base}/${ids[i % ids.length]}/move`,
        body: (i) => ({ position: 1 + ((i * 7919) % count) }),
      };
    },
  },
  // The money path (issue 11). Signed-in shoppers in turn: start the stack with SEED_BENCH_ITEMS=10000
  // SEED_BENCH_SHOPPERS=50 (accounts seeds comprador.NNN@bench.vitrina.local) and the benchmark rate limits. Shopper u
  // shops in bench shop u (mod the shops) among that shop's first 8 items, so every cart holds up to 8 lines.
  'cart-add': {
    description:
      "add / update a cart line (spec 1 §7 'add/update quantity'): PUT /api/cart/shops/{shop}/items/{item} {amount 1-3}, 50 signed-in shoppers in turn, 8 items each",
    method: 'PUT',
    path: '/api/cart/shops/bench-01/items/{item}',
    service: 'cart-checkout',
    prepare: async (target) => {
      const shoppers = await signInShoppers(target);
      return {
        headers: (i) => ({ authorization: `Bearer ${shoppers[i % shoppers.length]}` }),
        paths: (i) => {
          const u = i % shoppers.length;
          return `/api/cart/shops/${benchShopSlug(shopOfShopper(u))}/items/${benchItemId(itemOfShopper(u, Math.floor(i / shoppers.length)))}`;
        },
        body: (i) => ({ amount: 1 + (Math.floor(i / shoppers.length / 8) % 3) }),
      };
    },
  },
  'cart-read': {
    description:
      'the cart panel: GET /api/cart/shops/{shop} (cart orders per supplier with prices and stock from the projection), 50 signed-in shoppers in turn, 8 lines each',
    method: 'GET',
    path: '/api/cart/shops/bench-01',
    service: 'cart-checkout',
    prepare: async (target) => {
      const shoppers = await signInShoppers(target);
      await fillCarts(target, shoppers);
      return {
        headers: (i) => ({ authorization: `Bearer ${shoppers[i % shoppers.length]}` }),
        paths: (i) => `/api/cart/shops/${benchShopSlug(shopOfShopper(i % shoppers.length))}`,
      };
    },
  },
  'checkout-create': {
    description:
      "'Comprar ahora': POST /api/checkout/instant {shop_slug, item_id, amount 1} with an Idempotency-Key, reserving stock in the catalogue (one synchronous call) and writing the checkout + outbox row; 50 shoppers in turn over the 10k benchmark items",
    method: 'POST',
    path: '/api/checkout/instant',
    service: 'cart-checkout',
    prepare: async (target) => {
      const shoppers = await signInShoppers(target);
      const run = Date.now().toString(36);
      return {
        headers: (i) => ({ authorization: `Bearer ${shoppers[i % shoppers.length]}`, 'idempotency-key': `bench-${run}-${i}` }),
        body: (i) => {
          // Every benchmark item has 10 units: walk all of them before coming back to one.
          const n = 1 + ((i * 7919) % BENCH_ITEMS);
          return { shop_slug: benchShopSlug(benchShopOfItem(n, BENCH_SHOPS)), item_id: benchItemId(n), amount: 1 };
        },
      };
    },
  },
  // Payments (issue 12). The preflight makes --checkouts ready checkouts ('Comprar ahora' + fixed delivery) spread over
  // the 50 bench shoppers, and saves one sandbox card per shopper (its first payment): each request then pays one
  // checkout with its shopper's saved card (no tokenising per request), with an Idempotency-Key.
  'payment-card': {
    description:
      'pay a ready checkout by card through the sandbox provider: POST /api/payment/{token}/order/card {source_id: saved card} with an Idempotency-Key (attempt written, provider charge, checkout paid, payment.succeeded in the outbox); 50 shoppers, one checkout per request',
    method: 'POST',
    path: '/api/payment/{token}/order/card',
    service: 'cart-checkout',
    prepare: async (target, options) => {
      const shoppers = await signInShoppers(target);
      const { checkouts, cards } = await paymentWorld(target, shoppers, options.checkouts);
      // thousands of checkouts made just now leave their events to consume: the measured seconds are the payments' own
      await settle();
      const run = Date.now().toString(36);
      return {
        headers: (i) => ({
          authorization: `Bearer ${shoppers[checkouts[i % checkouts.length].u]}`,
          'idempotency-key': `bench-pay-${run}-${i}`,
        }),
        paths: (i) => `/api/payment/${checkouts[i % checkouts.length].token}/order/card`,
        body: (i) => ({ source_id: cards[checkouts[i % checkouts.length].u], return_path: '/' }),
      };
    },
  },
  'payment-webhook': {
    description:
      'webhook ingestion: POST /api/payments/webhooks/sandbox, signed (HMAC-SHA256) payment.succeeded events for paid attempts, 20 % of them duplicates of the previous event id (recorded once, applied as no-ops)',
    method: 'POST',
    path: '/api/payments/webhooks/sandbox',
    service: 'cart-checkout',
    prepare: async (target, options) => {
      const shoppers = await signInShoppers(target);
      const { attempts } = await paymentWorld(target, shoppers, Math.min(options.checkouts, 200), true);
      const secret = process.env.SANDBOX_WEBHOOK_SECRET || 'whsec_sandbox_development';
      const run = Date.now().toString(36);
      const bodies = new Map();
      const bodyText = (i) => {
        const n = i % 5 === 4 ? i - 1 : i; // every fifth event repeats the one before
        if (!bodies.has(n)) {
          const attempt = attempts[n % attempts.length];
          bodies.set(
            n,
            JSON.stringify({
              id: `evt_bench_${run}_${n}`,
              type: 'payment.succeeded',
              created: Math.floor(Date.now() / 1000),
              data: { attempt_id: attempt.id, payment: { ref: '', status: 'succeeded', chargeId: attempt.charge_id } },
            }),
          );
          if (bodies.size > 10_000) bodies.delete(bodies.keys().next().value);
        }
        return bodies.get(n);
      };
      return {
        headers: (i) => {
          const t = Math.floor(Date.now() / 1000);
          return {
            'x-sandbox-signature': `t=${t},v1=${createHmac('sha256', secret)
              .update(`${t}.${bodyText(i)}`)
              .digest('hex')}`,
          };
        },
        rawBody: bodyText,
      };
    },
  },

  // Purchase orders (issue 13). The preflight pays --checkouts checkouts by card (the payment scenarios' world) and
  // waits for each one's order, measuring the event lag from the payment's answer to the order being readable
  // (what /mis-compras shows): the orders are made by the orders service from payment.succeeded.
  'order-detail': {
    description:
      "an order's detail as its customer sees it: GET /api/orders/{me}:{me}/orders/{id} (order, lines, history, the viewer's actions), over the orders paid in the preflight",
    method: 'GET',
    path: '/api/orders/{me}/orders/{id}',
    service: 'orders',
    prepare: async (target, options) => {
      const shoppers = await signInShoppers(target);
      const { orders, report } = await orderWorld(target, shoppers, Math.min(options.checkouts, 500));
      return {
        report,
        headers: (i) => ({ authorization: `Bearer ${shoppers[orders[i % orders.length].u]}` }),
        paths: (i) => {
          const o = orders[i % orders.length];
          return `/api/orders/${o.customer}:${o.customer}/orders/${o.id}`;
        },
      };
    },
  },
  'order-next': {
    description:
      'the seller moves an order along: POST /api/orders/admin/suppliers/{me}:{me}/orders/{id}/next with an Idempotency-Key (conditional update on the version, history row, outbox event), over the orders paid in the preflight: each takes 3 steps (in process -> to deliver -> in transit -> delivered)',
    method: 'POST',
    path: '/api/orders/admin/suppliers/{me}/orders/{id}/next',
    service: 'orders',
    prepare: async (target, options) => {
      const shoppers = await signInShoppers(target);
      const { orders, report } = await orderWorld(target, shoppers, options.checkouts);
      const sellers = new Map();
      for (let n = 1; n <= BENCH_SUPPLIERS; n++) sellers.set(benchSupplierId(n), await signIn(target, benchSupplierEmail(n)));
      const mine = orders.filter((o) => sellers.has(o.fulfiller));
      if (mine.length === 0) fail('preflight: no order is fulfilled by a benchmark supplier (is SEED_BENCH_SHOPPERS set?)');
      const run = Date.now().toString(36);
      return {
        report: { ...report, orders: mine.length, maxRequests: mine.length * 3 },
        // request i moves order i mod N: an order gets its next step only after N other requests
        headers: (i) => ({
          authorization: `Bearer ${sellers.get(mine[i % mine.length].fulfiller)}`,
          'idempotency-key': `bench-next-${run}-${i}`,
        }),
        paths: (i) => {
          const o = mine[i % mine.length];
          return `/api/orders/admin/suppliers/${o.fulfiller}:${o.fulfiller}/orders/${o.id}/next`;
        },
        body: () => ({}),
      };
    },
  },

  // Wallets (issue 14). Run bench/dispersion.mjs first: it settles thousands of orders into the ten benchmark
  // suppliers' wallets, so each wallet read sums a week of credits over thousands of entries.
  'wallet-read': {
    description:
      "a supplier's wallet page data: GET /api/accounts/{me}:{me}/wallets/mxn (balance, held since the last cut-off, available for cash-out, pending cash-outs, next cut-off), the ten benchmark suppliers in turn",
    method: 'GET',
    path: '/api/accounts/{me}/wallets/mxn',
    service: 'accounts',
    prepare: async (target) => {
      const sellers = [];
      for (let n = 1; n <= BENCH_SUPPLIERS; n++)
        sellers.push({ id: benchSupplierId(n), token: await signIn(target, benchSupplierEmail(n)) });
      const first = await fetch(new URL(`/api/accounts/${sellers[0].id}:${sellers[0].id}/wallets/mxn`, target), {
        headers: { authorization: `Bearer ${sellers[0].token}` },
      });
      const wallet = await first.json();
      if (!first.ok) fail(`preflight: the wallet answered ${first.status} ${JSON.stringify(wallet)}`);
      if (wallet.balance_minor === 0) console.error('bench: the first supplier has no balance yet (run bench/dispersion.mjs first)');
      return {
        report: { firstBalanceMinor: wallet.balance_minor },
        headers: (i) => ({ authorization: `Bearer ${sellers[i % sellers.length].token}` }),
        paths: (i) => {
          const s = sellers[i % sellers.length];
          return `/api/accounts/${s.id}:${s.id}/wallets/mxn`;
        },
      };
    },
  },
  // Memberships (issue 16): the 50 bench shoppers (SEED_BENCH_SHOPPERS=50).
  'membership-read': {
    description: "a user's membership (the packages page): GET /api/broker-memberships/{me}:{me}/membership, the bench shoppers in turn",
    method: 'GET',
    path: '/api/broker-memberships/{me}/membership',
    service: 'accounts',
    prepare: async (target) => {
      const shoppers = (await signInShoppers(target)).map((token) => ({ token, id: subjectOf(token) }));
      return {
        headers: (i) => ({ authorization: `Bearer ${shoppers[i % shoppers.length].token}` }),
        paths: (i) => {
          const u = shoppers[i % shoppers.length];
          return `/api/broker-memberships/${u.id}:${u.id}/membership`;
        },
      };
    },
  },
  'package-purchase': {
    description:
      "buying a package: PUT /api/broker-memberships/{me}:{me}/package/{id} with an Idempotency-Key, the bench shoppers in turn, each request another package than the user's pending one (a superseded purchase, a new one and its outbox event: the payable cart-checkout makes from it is part of the load)",
    method: 'PUT',
    path: '/api/broker-memberships/{me}/package/micro',
    service: 'accounts',
    prepare: async (target) => {
      const shoppers = (await signInShoppers(target)).map((token) => ({ token, id: subjectOf(token) }));
      const packages = ['facturacion_electronica', 'plan_profesional', 'micro', 'tienda_en_linea', 'negocio_digital'];
      return {
        headers: (i) => ({ authorization: `Bearer ${shoppers[i % shoppers.length].token}`, 'idempotency-key': randomUUID() }),
        paths: (i) => {
          const u = shoppers[i % shoppers.length];
          const round = Math.floor(i / shoppers.length);
          return `/api/broker-memberships/${u.id}:${u.id}/package/${packages[round % packages.length]}`;
        },
      };
    },
  },
  // The inbox (issue 15). The 50 bench shoppers and the 10 bench suppliers (SEED_BENCH_SHOPPERS=50: accounts seeds
  // them, messaging seeds their names); the preflight gives every shopper a conversation with every supplier, each
  // with one message, so a shopper's list holds 10 conversations and a supplier's 50.
  'message-send': {
    description:
      'send a message: POST /api/messages/{me}:{me}/messages/{conversation} {body, tags} + Idempotency-Key, 50 signed-in shoppers in turn, each writing to one of its 10 conversations with the bench suppliers',
    method: 'POST',
    path: '/api/messages/{me}/messages/{conversation}',
    service: 'messaging',
    prepare: async (target) => {
      const world = await inboxWorld(target, { signIn, fail, shoppers: BENCH_SHOPPERS });
      const n = world.shoppers.length;
      return {
        paths: (i) => {
          const u = i % n;
          const me = world.shoppers[u].id;
          return `/api/messages/${me}:${me}/messages/${world.shoppers[u].conversations[Math.floor(i / n) % BENCH_SUPPLIERS]}`;
        },
        headers: (i) => ({ authorization: `Bearer ${world.shoppers[i % n].token}`, 'idempotency-key': randomUUID() }),
        body: (i) => ({ body: `Hola, ¿tienen el modelo ${i} en otro color?`, tags: [] }),
      };
    },
  },
  'conversation-list': {
    description:
      "the inbox's conversation list: GET /api/conversation/{me}:{me}/conversation?offset=0&limit=10, the 50 bench shoppers (10 conversations each) and the 10 bench suppliers (50 each) in turn",
    method: 'GET',
    path: '/api/conversation/{me}/conversation?offset=0&limit=10',
    service: 'messaging',
    prepare: async (target) => {
      const world = await inboxWorld(target, { signIn, fail, shoppers: BENCH_SHOPPERS });
      const readers = [...world.shoppers, ...world.suppliers];
      return {
        headers: (i) => ({ authorization: `Bearer ${readers[i % readers.length].token}` }),
        paths: (i) => {
          const me = readers[i % readers.length].id;
          return `/api/conversation/${me}:${me}/conversation?offset=0&limit=10`;
        },
      };
    },
  },
};

/** How many benchmark shoppers the stack seeded (SEED_BENCH_SHOPPERS; the same variable here, default 50). */
const BENCH_SHOPPERS = Number(process.env.SEED_BENCH_SHOPPERS || 50);
/** Shopper u (0-based) shops in bench shop u + 1 (mod the shops); its k-th item is the shop's (k mod 8)-th item. */
const shopOfShopper = (u) => 1 + (u % BENCH_SHOPS);
const itemOfShopper = (u, k) => shopOfShopper(u) + (k % 8) * BENCH_SHOPS;

/**
 * Access tokens of the benchmark shoppers, signed in one at a time: concurrent sign-ins from one network can be refused
 * 429 by accounts' network budget (a claim that waited on the budget row's lock compares its earlier clock reading
 * with the `blocked_until` the previous claim stamped), and argon2id is the deliberate cost here anyway.
 */
/** The user id an access token is for (its `sub`). */
function subjectOf(token) {
  return JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString('utf8')).sub;
}

async function signInShoppers(target) {
  const tokens = [];
  for (let n = 1; n <= BENCH_SHOPPERS; n++) tokens.push(await signIn(target, benchShopperEmail(n)));
  return tokens;
}

/** Each shopper's cart in its shop holds its 8 items (quantity 1), so cart reads price and check 8 lines. */
async function fillCarts(target, shoppers) {
  await Promise.all(
    shoppers.map(async (token, u) => {
      for (let k = 0; k < 8; k++) {
        const path = `/api/cart/shops/${benchShopSlug(shopOfShopper(u))}/items/${benchItemId(itemOfShopper(u, k))}`;
        const res = await fetch(new URL(path, target), {
          method: 'PUT',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
          body: JSON.stringify({ amount: 1 }),
          signal: AbortSignal.timeout(30_000),
        });
        if (!res.ok) fail(`preflight PUT ${path} answered ${res.status} ${await res.text()}`);
      }
    }),
  );
}

/**
 * Ready-to-pay checkouts for the payment scenarios: each bench shopper gets a delivery address, `count` checkouts
 * ('Comprar ahora' of one unit, then fixed delivery) are spread over them, and each shopper saves one sandbox card by
 * paying its first checkout with it. With `pay`, every checkout is paid too (the webhook scenario's attempts).
 */
async function paymentWorld(target, shoppers, count, pay = false) {
  const call = async (token, method, path, body, headers = {}) => {
    const res = await fetch(new URL(path, target), {
      method,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', ...headers },
      ...(body ? { body: JSON.stringify(body) } : {}),
      signal: AbortSignal.timeout(60_000),
    });
    const answer = await res.json().catch(() => ({}));
    if (!res.ok) fail(`preflight ${method} ${path} answered ${res.status} ${JSON.stringify(answer)}`);
    return answer;
  };
  const address = {
    address_name: 'Comprador de prueba',
    address_phone: '33 1234 5678',
    route: 'Av. Juárez',
    street_number: '450',
    administrative_area_level_1: 'JAL',
    locality: 'Guadalajara',
    sublocality: 'Centro',
    postal_code: '44100',
  };
  // one address per shopper, reused by later runs on the same stack (a shopper may save at most 20)
  const addresses = await Promise.all(
    shoppers.map(async (token) => {
      const saved = await call(token, 'GET', '/api/checkout/addresses');
      return saved.results[0]?.id ?? (await call(token, 'POST', '/api/checkout/addresses', address)).id;
    }),
  );
  const checkout = async (i) => {
    const u = i % shoppers.length;
    const n = 1 + ((i * 7919 + Date.now()) % BENCH_ITEMS);
    const created = await call(
      shoppers[u],
      'POST',
      '/api/checkout/instant',
      { shop_slug: benchShopSlug(benchShopOfItem(n, BENCH_SHOPS)), item_id: benchItemId(n), amount: 1 },
      { 'idempotency-key': randomUUID() },
    );
    const ready = await call(
      shoppers[u],
      'PUT',
      `/api/checkout/${created.id}/fixed_delivery`,
      { address_id: addresses[u] },
      { 'idempotency-key': randomUUID() },
    );
    return { u, token: ready.token };
  };
  const cards = [];
  console.error(`bench: saving a sandbox card for each of ${shoppers.length} shoppers`);
  for (const [u, token] of shoppers.entries()) {
    const existing = await call(token, 'GET', '/api/payments/cards');
    if (existing.results.length > 0) {
      cards[u] = existing.results[0].id;
      continue;
    }
    const first = await checkout(u);
    const card = await call(token, 'POST', '/api/payments/sandbox/tokens', {
      card_number: SANDBOX_TEST_CARDS.approved,
      cvv: '123',
      month: 12,
      year: new Date().getFullYear() + 3,
      holder_name: 'Comprador de prueba',
    });
    await call(
      token,
      'POST',
      `/api/payment/${first.token}/order/card`,
      { source_id: card.id, save_card: true, return_path: '/' },
      { 'idempotency-key': randomUUID() },
    );
    cards[u] = (await call(token, 'GET', '/api/payments/cards')).results[0].id;
  }
  console.error(`bench: creating ${count} ready checkouts`);
  const checkouts = [];
  for (let i = 0; i < count; i += 25) {
    checkouts.push(...(await Promise.all(Array.from({ length: Math.min(25, count - i) }, (_, k) => checkout(i + k)))));
  }
  const attempts = [];
  if (pay) {
    for (let i = 0; i < checkouts.length; i += 25) {
      const batch = checkouts.slice(i, i + 25);
      attempts.push(
        ...(await Promise.all(
          batch.map((c) =>
            call(
              shoppers[c.u],
              'POST',
              `/api/payment/${c.token}/order/card`,
              { source_id: cards[c.u], return_path: '/' },
              { 'idempotency-key': randomUUID() },
            ),
          ),
        )),
      );
    }
  }
  return { checkouts, cards, attempts };
}

/**
 * Paid orders for the order scenarios: `count` checkouts paid by card (paymentWorld), then each one's order read by
 * its customer through GET .../orders/by-checkout/{checkout} until it exists. The lag from the payment's answer to the
 * order being readable is the event path (outbox relay -> bus -> orders' inbox); its p50 / p99 go into the result.
 */
async function orderWorld(target, shoppers, count) {
  const { checkouts, attempts } = await paymentWorld(target, shoppers, count, true);
  const ids = await Promise.all(
    checkouts.map(async (c) => {
      const res = await fetch(new URL(`/api/payment/${c.token}`, target), {
        headers: { authorization: `Bearer ${shoppers[c.u]}` },
        signal: AbortSignal.timeout(30_000),
      });
      return (await res.json()).checkout_id;
    }),
  );
  const customers = shoppers.map((token) => JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()).sub);
  console.error(`bench: waiting for the ${checkouts.length} orders`);
  const orders = [];
  for (let i = 0; i < checkouts.length; i += 50) {
    orders.push(
      ...(await Promise.all(
        checkouts.slice(i, i + 50).map(async (c, k) => {
          const customer = customers[c.u];
          const url = new URL(`/api/orders/${customer}:${customer}/orders/by-checkout/${ids[i + k]}`, target);
          for (let tries = 0; tries < 600; tries++) {
            const res = await fetch(url, { headers: { authorization: `Bearer ${shoppers[c.u]}` }, signal: AbortSignal.timeout(30_000) });
            if (res.ok) {
              const o = await res.json();
              return { id: o.id, u: c.u, customer, fulfiller: o.dssupplier ?? o.supplier };
            }
            await new Promise((r) => setTimeout(r, 50));
          }
          fail(`preflight: the order of checkout ${ids[i + k]} did not appear within 30 s`);
        }),
      )),
    );
  }
  // the event lag, measured apart on a quiet stack: one payment at a time, polling its order every 5 ms
  const lags = [];
  const sample = await paymentWorld(target, shoppers, 50);
  for (const c of sample.checkouts) {
    const page = await (
      await fetch(new URL(`/api/payment/${c.token}`, target), { headers: { authorization: `Bearer ${shoppers[c.u]}` } })
    ).json();
    const customer = customers[c.u];
    const paid = await fetch(new URL(`/api/payment/${c.token}/order/card`, target), {
      method: 'POST',
      headers: { authorization: `Bearer ${shoppers[c.u]}`, 'content-type': 'application/json', 'idempotency-key': randomUUID() },
      body: JSON.stringify({ source_id: sample.cards[c.u], return_path: '/' }),
    });
    if (!paid.ok) fail(`preflight: payment answered ${paid.status}`);
    const t1 = performance.now();
    const url = new URL(`/api/orders/${customer}:${customer}/orders/by-checkout/${page.checkout_id}`, target);
    for (;;) {
      const res = await fetch(url, { headers: { authorization: `Bearer ${shoppers[c.u]}` } });
      if (res.ok) break;
      await new Promise((r) => setTimeout(r, 5));
      if (performance.now() - t1 > 30_000) fail('preflight: an order did not appear within 30 s');
    }
    lags.push(performance.now() - t1);
  }
  lags.sort((a, b) => a - b);
  const q = (p) => Math.round(lags[Math.min(lags.length - 1, Math.floor(p * lags.length))]);
  const report = { eventLagMs: { samples: lags.length, p50: q(0.5), p99: q(0.99), max: Math.round(lags.at(-1)) }, paid: attempts.length };
  console.error(
    `bench: payment -> order visible: p50 ${report.eventLagMs.p50} ms, p99 ${report.eventLagMs.p99} ms (${lags.length} payments, one at a time)`,
  );
  // the preflight's payments leave work behind (the sandbox's webhooks come back, the catalogue commits stock): let it
  // finish so the measured seconds are the orders' own
  await settle();
  return { orders, report };
}

/**
 * Waits BENCH_SETTLE_SECONDS (default 20) for the work a preflight left behind (events, webhooks) to finish; then, with
 * --vacuum, analyses and vacuums that database: on a PostgreSQL without autovacuum the preflight's thousands of updates
 * (checkouts made ready, orders placed) stay dead rows that every measured statement walks (README, 'Reading the
 * numbers').
 */
async function settle() {
  const seconds = Number(process.env.BENCH_SETTLE_SECONDS ?? 20);
  console.error(`bench: letting the stack settle for ${seconds} s`);
  await new Promise((r) => setTimeout(r, seconds * 1000));
  if (args.vacuum) await vacuumAnalyze(args.vacuum);
}

/** The scenarios whose preflight ends with `settle()`, where --vacuum applies. */
const SETTLING = new Set(['payment-card', 'order-detail', 'order-next']);

async function vacuumAnalyze(url) {
  // node-postgres as libs/platform declares it (the root package does not)
  const pg = createRequire(join(ROOT, 'libs/platform/package.json'))('pg');
  const client = new pg.Client({ connectionString: url });
  try {
    await client.connect();
    await client.query('vacuum analyze');
  } catch (err) {
    fail(`--vacuum: VACUUM ANALYZE failed (${err.message})`);
  } finally {
    await client.end().catch(() => undefined);
  }
  console.error('bench: vacuum analyze done');
}

/** An access token of a demo user (DEMO.password), through the gateway's POST /api/auth/login. */
async function signIn(target, email) {
  return signInAs(target, email, fail);
}

/** The owner's catalogue ids (first pages), after creating catalogues until the owner has at least `count`. */
async function topUpCatalogues(target, token, base, count) {
  const call = async (method, path, body) => {
    const res = await fetch(new URL(path, target), {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
      ...(body ? { body: JSON.stringify(body) } : {}),
      signal: AbortSignal.timeout(30_000),
    });
    const answer = await res.json().catch(() => ({}));
    if (!res.ok) fail(`preflight ${method} ${path} answered ${res.status} ${JSON.stringify(answer)}`);
    return answer;
  };
  const first = await call('GET', `${base}?offset=0&limit=30`);
  const missing = Math.max(0, count - first.matches_estimated);
  if (missing > 0) console.error(`bench: creating ${missing} catalogues for the move scenario (${first.matches_estimated} exist)`);
  for (let done = 0; done < missing;) {
    const batch = Math.min(20, missing - done);
    await Promise.all(Array.from({ length: batch }, (_, k) => call('POST', base, { name: `Bench move ${done + k + 1}` })));
    done += batch;
  }
  const ids = [];
  for (let offset = 0; offset < Math.min(count, 300); offset += 30) {
    const page = await call('GET', `${base}?offset=${offset}&limit=30`);
    ids.push(...page.results.map((c) => c.id));
    if (page.results.length < 30) break;
  }
  return ids;
}

const USAGE = `Usage: node bench/run.mjs [options]
  --scenario <name>     ${Object.keys(SCENARIOS).join(' | ')} (default gateway-roundtrip)
  --target <url>        base URL (default http://localhost:3000)
  --path <path>         request path (default: the scenario's, e.g. /api/catalogue/_ping)
  --connections <n>     concurrent connections (default 50)
  --duration <s>        measured seconds (default 10)
  --warmup <s>          warm-up seconds before measuring, not recorded (default 3; 0 = none)
  --pipelining <n>      requests in flight per connection (default 1)
  --direct              drop the /api prefix: the same requests straight to a service (--target its port)
  --catalogues <n>      catalogue-move: how many catalogues the moving owner has (default 10; e.g. 2000)
  --checkouts <n>       payment-card: ready checkouts made in the preflight, one per request (default 3000)
  --vacuum <db url>     payment-card, order-detail, order-next: VACUUM ANALYZE that database after the preflight settled
  --label <text>        free text saved with the result, e.g. embedded | cluster | compose
  --out <dir>           results folder (default bench/results)
  --allow-errors        exit 0 even when some requests failed or answered non-2xx
  --list                list the scenarios
  --help`;

function fail(message, code = 2) {
  console.error(`bench: ${message}`);
  process.exit(code);
}

function nonNegativeInt(name, value) {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) fail(`--${name} must be a non-negative integer (got ${value})`);
  return n;
}

let args;
try {
  ({ values: args } = parseArgs({
    options: {
      scenario: { type: 'string', default: 'gateway-roundtrip' },
      target: { type: 'string', default: 'http://localhost:3000' },
      path: { type: 'string' },
      connections: { type: 'string', default: '50' },
      duration: { type: 'string', default: '10' },
      warmup: { type: 'string', default: '3' },
      pipelining: { type: 'string', default: '1' },
      label: { type: 'string', default: '' },
      catalogues: { type: 'string', default: '10' },
      checkouts: { type: 'string', default: '3000' },
      vacuum: { type: 'string' },
      direct: { type: 'boolean', default: false },
      out: { type: 'string', default: join(HERE, 'results') },
      'allow-errors': { type: 'boolean', default: false },
      list: { type: 'boolean', default: false },
      help: { type: 'boolean', default: false },
    },
    strict: true,
  }));
} catch (err) {
  fail(`${err.message}\n${USAGE}`);
}

if (args.help) {
  console.log(USAGE);
  process.exit(0);
}
if (args.list) {
  for (const [name, s] of Object.entries(SCENARIOS))
    console.log(`${name.padEnd(20)} ${s.method} ${s.path}\n${''.padEnd(20)} ${s.description}`);
  process.exit(0);
}

const scenario = SCENARIOS[args.scenario];
if (!scenario) fail(`unknown scenario "${args.scenario}" (${Object.keys(SCENARIOS).join(', ')})`);
const connections = nonNegativeInt('connections', args.connections);
const duration = nonNegativeInt('duration', args.duration);
const warmup = nonNegativeInt('warmup', args.warmup);
const pipelining = nonNegativeInt('pipelining', args.pipelining);
if (connections < 1 || duration < 1 || pipelining < 1) fail('--connections, --duration and --pipelining must be at least 1');
if (args.vacuum !== undefined && !SETTLING.has(args.scenario))
  fail(`--vacuum applies to the scenarios whose preflight settles (${[...SETTLING].join(', ')}), not ${args.scenario}`);
if (args.vacuum !== undefined && !/^postgres(ql)?:\/\//.test(args.vacuum)) fail('--vacuum takes a postgres:// database URL');

const direct = (p) => (args.direct ? p.replace(/^\/api(?=\/)/, '') : p);
// Write scenarios sign in (and seed what they need) first, through the gateway: --target, not the --direct port.
const prepared = scenario.prepare
  ? await scenario.prepare(args.direct ? 'http://localhost:3000' : args.target, {
      catalogues: nonNegativeInt('catalogues', args.catalogues),
      checkouts: nonNegativeInt('checkouts', args.checkouts),
    })
  : {};
const rotation = prepared.paths ?? scenario.paths;
const jsonOf = prepared.body ?? scenario.body;
/** The i-th request's body text: the scenario's raw text (signed webhooks), or its JSON. */
const bodyOf = prepared.rawBody ?? (jsonOf ? (i) => JSON.stringify(jsonOf(i)) : undefined);
const auth = prepared.token ? { authorization: `Bearer ${prepared.token}` } : prepared.headers ? prepared.headers(0) : {};
/** Per-request headers (signed-in users in turn, idempotency keys), when the scenario has them. */
const headersOf = prepared.headers ?? (() => ({}));
const path = direct(args.path ?? (prepared.paths ? prepared.paths(0) : scenario.path));
/** The path of the i-th request: the scenario's rotation, or one fixed path. */
const pathOf = !args.path && rotation ? (i) => direct(rotation(i)) : () => path;
let url;
try {
  url = new URL(path, args.target).toString();
} catch {
  fail(`bad --target/--path: ${args.target} ${path}`);
}

// Preflight: one request, so a stopped stack or a wrong path fails in a second with a clear message
// instead of ten seconds of connection errors.
try {
  const res = await fetch(url, {
    method: scenario.method,
    headers: { ...auth, ...(bodyOf ? { 'content-type': 'application/json' } : {}) },
    ...(bodyOf ? { body: bodyOf(0) } : {}),
    signal: AbortSignal.timeout(5000),
  });
  await res.arrayBuffer();
  if (res.status === 429)
    fail(
      `preflight ${scenario.method} ${url} answered 429: start the stack with RATE_LIMIT_PER_IP / RATE_LIMIT_PER_USER high enough for a benchmark`,
    );
  if (!res.ok) fail(`preflight ${scenario.method} ${url} answered ${res.status}: is this the right --path / --target?`);
} catch (err) {
  fail(
    `preflight ${scenario.method} ${url} failed (${err.cause?.code ?? err.message}). Is the stack running? (npm start, npm run start:cluster or docker compose up)`,
  );
}

console.error(
  `bench: ${args.scenario}: ${scenario.method} ${url}, ${connections} connections, ${duration}s` +
    (warmup ? ` after ${warmup}s warm-up` : ''),
);

let sent = 0;
const options = {
  url,
  method: scenario.method,
  headers: { accept: 'application/json', ...auth, ...(bodyOf ? { 'content-type': 'application/json' } : {}) },
  connections,
  duration,
  pipelining,
  requests: [
    {
      setupRequest: (request) => {
        const i = sent++;
        return {
          ...request,
          path: pathOf(i),
          ...(prepared.headers ? { headers: { ...request.headers, ...headersOf(i) } } : {}),
          ...(bodyOf ? { body: bodyOf(i) } : {}),
        };
      },
    },
  ],
  ...(warmup > 0 ? { warmup: { connections, duration: warmup } } : {}),
};

const instance = autocannon(options);
autocannon.track(instance, { renderProgressBar: process.stderr.isTTY, renderResultsTable: false, renderLatencyTable: false });
const result = await instance;

// autocannon's result: `requests` is the per-second histogram (average = mean req/s over the samples);
// `latency` is per request, in milliseconds, with p2_5, p10, p25, p50, p75, p90, p97_5, p99, p99_9, p99_99,
// p99_999, average/mean, stddev, min, max (there is no p95). `throughput` is bytes/s.
const failures = result.errors + result.timeouts + result.non2xx;
const summary = {
  requestsPerSec: result.requests.average,
  latencyMs: {
    p50: result.latency.p50,
    p90: result.latency.p90,
    p97_5: result.latency.p97_5,
    p99: result.latency.p99,
    p99_9: result.latency.p99_9,
    mean: result.latency.mean,
    max: result.latency.max,
  },
  throughputBytesPerSec: result.throughput.average,
  requests: result.requests.total,
  non2xx: result.non2xx,
  errors: result.errors,
  timeouts: result.timeouts,
};

function gitCommit() {
  try {
    return execFileSync('git', ['rev-parse', '--short', 'HEAD'], {
      cwd: ROOT,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
  } catch {
    return undefined;
  }
}

const startedAt = new Date(result.start).toISOString();
const record = {
  scenario: args.scenario,
  description: scenario.description,
  label: args.label || undefined,
  url,
  startedAt,
  finishedAt: new Date(result.finish).toISOString(),
  options: {
    connections,
    duration,
    warmup,
    pipelining,
    direct: args.direct,
    rotating: !args.path && Boolean(rotation),
    ...(scenario.prepare && args.scenario === 'catalogue-move' ? { catalogues: Number(args.catalogues) } : {}),
  },
  environment: {
    node: process.version,
    platform: `${platform()} ${release()}`,
    cpus: availableParallelism(),
    cpuModel: cpus()[0]?.model,
    commit: gitCommit(),
  },
  summary,
  ...(prepared.report ? { preflight: prepared.report } : {}),
  autocannon: result,
};

mkdirSync(args.out, { recursive: true });
const file = join(
  args.out,
  `${startedAt.replace(/[:.]/g, '-')}-${args.scenario}${args.label ? `-${args.label.replace(/[^\w.-]+/g, '_')}` : ''}.json`,
);
writeFileSync(file, `${JSON.stringify(record, null, 2)}\n`);

const fmt = (n, digits = 1) => (Number.isFinite(n) ? n.toFixed(digits) : String(n));
console.log(
  [
    `scenario   ${args.scenario}${args.label ? ` (${args.label})` : ''}`,
    `url        ${url}`,
    `req/s      ${fmt(summary.requestsPerSec)}  (${summary.requests} requests in ${duration}s, ${connections} connections)`,
    `latency    p50 ${fmt(summary.latencyMs.p50, 2)} ms   p99 ${fmt(summary.latencyMs.p99, 2)} ms   (p90 ${fmt(summary.latencyMs.p90, 2)}, p99.9 ${fmt(summary.latencyMs.p99_9, 2)}, max ${fmt(summary.latencyMs.max, 2)})`,
    `failures   ${summary.errors} errors, ${summary.timeouts} timeouts, ${summary.non2xx} non-2xx`,
    `result     ${relative(process.cwd(), file) || file}`,
  ].join('\n'),
);

if (failures > 0 && !args['allow-errors']) {
  console.error(
    `bench: ${failures} requests failed or answered non-2xx: the numbers above are not a clean measurement (--allow-errors to accept)`,
  );
  process.exit(1);
}
