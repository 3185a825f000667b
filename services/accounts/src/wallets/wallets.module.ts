import type { Provider, Type } from '@nestjs/common';
import { DB, IdempotencyInterceptor, IdempotencyStore, type Db } from '@vitrina/platform';
import { idempotencyKeys } from '../db/schema.js';
import { OrderSettlementConsumer } from './events/order-settlement.consumer.js';
import { InternalCashoutsHttpController } from './http/internal-cashouts.http.controller.js';
import { WalletsHttpController } from './http/wallets.http.controller.js';
import { SettleOrderJob } from './jobs/settle-order.job.js';
import { Ledger } from './ledger.js';
import { Settlements } from './settlements.js';
import { WalletsService } from './wallets.service.js';
import { loadWalletsConfig, WALLETS_CONFIG } from './wallets-config.js';

/**
 * Wallets (issue 14): the ledger, settlement of delivered orders and the wallet API. Mounted into the accounts
 * module (it shares the service's Clock, database and outbox), so these are its parts rather than a Nest module.
 */
export const walletsControllers: Type<unknown>[] = [WalletsHttpController, InternalCashoutsHttpController, OrderSettlementConsumer];

export function walletsProviders(env: Record<string, string | undefined> = {}): Provider[] {
  return [
    { provide: WALLETS_CONFIG, useFactory: () => loadWalletsConfig({ ...process.env, ...env }) },
    { provide: IdempotencyStore, inject: [DB], useFactory: (db: Db) => new IdempotencyStore(db, idempotencyKeys) },
    IdempotencyInterceptor,
    Ledger,
    Settlements,
    SettleOrderJob,
    WalletsService,
  ];
}
