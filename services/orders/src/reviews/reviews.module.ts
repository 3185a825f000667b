import { Module } from '@nestjs/common';

/** Reviews (issue 13): its routes, services and jobs. Mounted by OrdersModule; shares OrdersCoreModule's providers. */
@Module({
  controllers: [],
  providers: [],
})
export class ReviewsModule {}
