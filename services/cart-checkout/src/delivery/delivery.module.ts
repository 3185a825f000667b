import { Module } from '@nestjs/common';
import { DeliveryService } from './delivery.service.js';

/** Delivery: supplier settings, saved addresses, shipping broker, delivery of a checkout (issue 11). */
@Module({
  providers: [DeliveryService],
  exports: [DeliveryService],
})
export class DeliveryModule {}
