#!/usr/bin/env node
/**
 * Dispersion job throughput (issue 14): settled orders per second. Not a timed test; it reports numbers
 * (docs/architecture.md §7).
 *
 *   node bench/dispersion.mjs --db postgres://postgres@127.0.0.1:5432/<the stack's database> [--orders 5000]
 *                             [--label cluster] [--timeout 300]
 *
 * The stack (embedded on PostgreSQL or cluster) must be running against --db with its settlement sweep on
 * (WALLET_SETTLE_SWEEP_MS, e.g. 500). The bench writes --orders settlements due one second ago in ONE statement, as
 * if their return windows had all just closed (the rows the accounts service keeps from `orders.order.delivered`;
 * half are resales with a dropshipping supplier and a reseller, a third carry shipping, the captured totals spread
 * from 10.00 to 10,000.00 MXN, the parties the ten benchmark suppliers), then polls until every one is settled. It
 * reports:
 *   rate       orders / (last settled_at − first settled_at): the job's own pace once it runs;
 *   wall       orders / (all settled − inserted): including the wait for the next sweep;
 * and checks the books: every dispersion's entries sum to zero, each order has exactly one dispersion, and the
 * accounts' stored balances equal the sums of their entries.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { availableParallelism, cpus, loadavg, platform, release } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { BENCH_SUPPLIERS, benchSupplierId } from '@vitrina/contracts';

const HERE = dirname(fileURLToPath(import.meta.url));
const ROOT = join(HERE, '..');

const { values: args } = parseArgs({
  options: {
    db: { type: 'string', default: process.env.DATABASE_URL ?? '' },
    orders: { type: 'string', default: '5000' },
    label: { type: 'string', default: '' },
    timeout: { type: 'string', default: '300' },
    out: { type: 'string', default: join(HERE, 'results') },
  },
  strict: true,
});
if (!args.db) {
  console.error('bench: --db (the stack database URL) is required');
  process.exit(2);
}
const count = Number(args.orders);
const pool = new pg.Pool({ connectionString: args.db, max: 2 });
const run = `bench-disp-${Date.now().toString(36)}`;
const suppliers = Array.from({ length: BENCH_SUPPLIERS }, (_, i) => benchSupplierId(i + 1));
const load = () => loadavg()[0].toFixed(1);

const loadBefore = load();
const inserted = performance.now();
const insertedAt = Date.now();
await pool.query(
  `insert into accounts.settlements
     (order_id, customer_id, currency, captured_minor, goods_minor, shipping_minor, financing_minor, margin_minor,
      supplier_id, dssupplier_id, reseller_id, shipper_id, due_at, created_at)
   select $1 || '-' || g, 'bench-customer-' || (g % 50), 'MXN', goods + ship, goods, ship, 0,
          case when resale then goods / 4 else 0 end,
          seller, case when resale then owner end, case when resale then seller end,
          case when resale then owner else seller end,
          now() - interval '1 second', now()
     from (select g, 1000 + (g * 7919) % 999001 as goods, case when g % 3 = 0 then 9900 else 0 end as ship,
                  g % 2 = 0 as resale, ($2::text[])[1 + g % $3] as seller, ($2::text[])[1 + (g + 1) % $3] as owner
             from generate_series(1, $4::int) g) s`,
  [run, suppliers, suppliers.length, count],
);
console.error(`bench: ${count} settlements due (${run}); waiting for the sweep`);

let row;
const deadline = performance.now() + Number(args.timeout) * 1000;
for (;;) {
  ({
    rows: [row],
  } = await pool.query(
    `select count(*) filter (where settled_at is null)::int as left, min(settled_at) as first, max(settled_at) as last
       from accounts.settlements where order_id like $1 || '-%'`,
    [run],
  ));
  if (row.left === 0) break;
  if (performance.now() > deadline) {
    console.error(`bench: ${row.left} of ${count} still unsettled after ${args.timeout} s (is WALLET_SETTLE_SWEEP_MS set?)`);
    process.exit(1);
  }
  await new Promise((r) => setTimeout(r, 100));
}
const wallMs = performance.now() - inserted;
const jobMs = Math.max(1, new Date(row.last).getTime() - new Date(row.first).getTime());

const {
  rows: [books],
} = await pool.query(
  `with d as (select t.id, t.order_id from accounts.ledger_transactions t where t.kind = 'dispersion' and t.order_id like $1 || '-%')
   select (select count(*)::int from d) as dispersions,
          (select count(distinct order_id)::int from d) as orders,
          (select count(*)::int from (select e.transaction_id from accounts.ledger_entries e join d on d.id = e.transaction_id
                                        group by e.transaction_id having sum(e.amount_minor) <> 0) x) as unbalanced,
          (select count(*)::int from accounts.ledger_accounts a
             where a.balance_minor <> (select coalesce(sum(e.amount_minor), 0) from accounts.ledger_entries e where e.account_id = a.id)) as drifted`,
  [run],
);
await pool.end();

const result = {
  at: new Date(insertedAt).toISOString(),
  label: args.label,
  orders: count,
  settledPerSecond: Math.round((count / jobMs) * 1000 * 10) / 10,
  wallPerSecond: Math.round((count / wallMs) * 1000 * 10) / 10,
  jobMs,
  wallMs: Math.round(wallMs),
  books,
  load: { before: loadBefore, after: load() },
  machine: { cpus: availableParallelism(), model: cpus()[0]?.model, platform: `${platform()} ${release()}` },
  commit: (() => {
    try {
      return execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: ROOT }).toString().trim();
    } catch {
      return null;
    }
  })(),
};
mkdirSync(args.out, { recursive: true });
const file = join(args.out, `${result.at.replace(/[:.]/g, '-')}-dispersion.json`);
writeFileSync(file, JSON.stringify(result, null, 2));
console.log(
  `dispersion: ${count} orders settled at ${result.settledPerSecond}/s (first to last settlement, ${jobMs} ms); ` +
    `${result.wallPerSecond}/s from due to all settled (${result.wallMs} ms); load ${result.load.before} -> ${result.load.after}`,
);
console.log(
  `books: ${books.dispersions} dispersions for ${books.orders} orders, ${books.unbalanced} unbalanced, ${books.drifted} accounts whose balance differs from their entries`,
);
console.log(`saved ${relative(process.cwd(), file)}`);
if (books.dispersions !== books.orders || books.unbalanced !== 0 || books.drifted !== 0) process.exit(1);
