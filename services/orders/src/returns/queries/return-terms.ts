import { Inject, Injectable } from '@nestjs/common';
import type { CatalogueReturnInfo } from '@vitrina/contracts';
import { LOGGER } from '@vitrina/platform';
import type { Logger } from 'pino';
import { OrderAccess, type OrderRow } from '../../orders/order-access.js';
import { RETURN_INFO_SOURCE, ReturnInfoUnavailable, type ReturnInfoSource } from '../catalogue-return-info.js';
import { catalogueUnavailable } from '../domain/return.errors.js';
import { orderReturnInfo } from '../domain/return.rules.js';

/** An order's return terms, asked of the catalogue for each line's item (spec 3 §3 'Return info'). */
@Injectable()
export class ReturnTerms {
  constructor(
    private readonly access: OrderAccess,
    @Inject(RETURN_INFO_SOURCE) private readonly catalogue: ReturnInfoSource,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /**
   * `allowed`: the terms of the first line whose item accepts returns, or null when none does; `shown`: what to show
   * (the allowed terms, else the first line's 'disallowed' ones). 503 orders_service_unavailable when the catalogue
   * cannot answer.
   */
  async of(order: OrderRow): Promise<{ allowed: CatalogueReturnInfo | null; shown: CatalogueReturnInfo | null }> {
    const lines = await this.access.lines(order.id);
    let perLine: (CatalogueReturnInfo | null | undefined)[];
    try {
      perLine = await Promise.all(lines.map((l) => this.catalogue.returnInfo(l.itemId)));
    } catch (err) {
      if (!(err instanceof ReturnInfoUnavailable)) throw err;
      this.logger.warn({ err, orderId: order.id }, 'catalogue unavailable for return info');
      throw catalogueUnavailable();
    }
    const allowed = orderReturnInfo(perLine);
    return { allowed, shown: allowed ?? perLine.find((i) => i) ?? null };
  }
}
