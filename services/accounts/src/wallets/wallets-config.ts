import { env, parseEnv } from '@vitrina/platform';
import type { CutoffRule } from './domain/cutoff.js';

/** Variables of the wallets (services/accounts/README.md 'Wallets'). */
export const walletsEnvShape = {
  /** The base commission rate of resellers without an active membership, in ppm of the contribution margin (500000 = 0.5); a plan's rate replaces it (issue 16). */
  WALLET_COMMISSION_PPM: env.int(500_000, 0, 1_000_000),
  /** The platform's fee on the goods, in basis points (500 = 5 %). */
  WALLET_PLATFORM_FEE_BPS: env.int(500, 0, 10_000),
  /** How often each instance sweeps for due settlements (ms); 0 turns the sweep off. */
  WALLET_SETTLE_SWEEP_MS: env.int(15_000, 0, 86_400_000),
  /** Whether delivered and closed-return events schedule a `settle-order` job (off: only the sweep settles). */
  WALLET_SETTLE_JOBS: env.bool(true),
  /** The weekly cut-off: weekday (0 = Sunday) and hour, UTC. */
  WALLET_CUTOFF_WEEKDAY: env.int(1, 0, 6),
  WALLET_CUTOFF_HOUR: env.int(6, 0, 23),
};

export interface WalletsConfig {
  commissionPpm: number;
  platformFeeBps: number;
  sweepMs: number;
  settleJobs: boolean;
  cutoff: CutoffRule;
}

export const WALLETS_CONFIG = Symbol.for('vitrina.accounts.wallets-config');

export function loadWalletsConfig(source: NodeJS.ProcessEnv = process.env): WalletsConfig {
  const e = parseEnv(walletsEnvShape, source);
  return {
    commissionPpm: e.WALLET_COMMISSION_PPM,
    platformFeeBps: e.WALLET_PLATFORM_FEE_BPS,
    sweepMs: e.WALLET_SETTLE_SWEEP_MS,
    settleJobs: e.WALLET_SETTLE_JOBS,
    cutoff: { weekday: e.WALLET_CUTOFF_WEEKDAY, hour: e.WALLET_CUTOFF_HOUR },
  };
}
