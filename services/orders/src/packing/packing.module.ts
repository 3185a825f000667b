import { Module } from '@nestjs/common';
import { CollaborationsController } from './collaborations/collaborations.controller.js';
import { CollaborationsQuery } from './collaborations/collaborations.query.js';
import { PackingController } from './http/packing.controller.js';
import { PackingService, packingModelProvider } from './packing.service.js';

/**
 * Packing (issue 13): the dropshipping supplier packs an order's lines into packages (first-fit proposal, then moves
 * and measures; domain/packing.model.ts documents the model). Also the sellers' GET /collaborations, answered from
 * the orders. Mounted by OrdersModule; shares OrdersCoreModule's providers.
 */
@Module({
  controllers: [PackingController, CollaborationsController],
  providers: [PackingService, packingModelProvider, CollaborationsQuery],
})
export class PackingModule {}
