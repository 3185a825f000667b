import { Module } from '@nestjs/common';

/** Invoices (issue 13): its routes, services and jobs. Mounted by OrdersModule; shares OrdersCoreModule's providers. */
@Module({
  controllers: [],
  providers: [],
})
export class InvoicesModule {}
