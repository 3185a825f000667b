import { Module } from '@nestjs/common';
import { CONFIG, type PlatformConfig } from '@vitrina/platform';
import { BenchItemsSeeder } from '../demo/bench-items-seeder.js';
import { DeliveryDemoSeeder } from '../demo/delivery-demo-seeder.js';
import { AddressRepository } from './addresses/address.repository.js';
import { AddressesController } from './addresses/http/addresses.controller.js';
import { CheckoutDeliveryHandler } from './checkout-delivery/checkout-delivery.handler.js';
import { CheckoutDeliveryController } from './checkout-delivery/http/checkout-delivery.controller.js';
import { DELIVERY_CONFIG, loadDeliveryConfig, type DeliveryConfig } from './delivery.config.js';
import { DeliveryService } from './delivery.service.js';
import { AccountsNamesConsumer } from './events/accounts-names.consumer.js';
import { SupplierSettingsController } from './settings/http/supplier-settings.controller.js';
import { SupplierSettingsRepository } from './settings/supplier-settings.repository.js';
import { ShippingBroker } from './shipping/shipping-broker.js';
import { TableRateBroker } from './shipping/table-rate.broker.js';

/** Delivery: supplier settings, saved addresses, shipping broker, delivery of a checkout (issue 11). */
@Module({
  controllers: [SupplierSettingsController, AddressesController, CheckoutDeliveryController, AccountsNamesConsumer],
  providers: [
    { provide: DELIVERY_CONFIG, inject: [CONFIG], useFactory: (config: PlatformConfig) => loadDeliveryConfig(config.NODE_ENV) },
    DeliveryService,
    SupplierSettingsRepository,
    AddressRepository,
    CheckoutDeliveryHandler,
    TableRateBroker,
    {
      // SHIPPING_BROKER picks the implementation; only the built-in table-rate broker exists today.
      provide: ShippingBroker,
      inject: [DELIVERY_CONFIG, TableRateBroker],
      useFactory: (config: DeliveryConfig, tableRate: TableRateBroker): ShippingBroker => {
        switch (config.shippingBroker) {
          case 'table-rate':
            return tableRate;
        }
      },
    },
    DeliveryDemoSeeder,
    BenchItemsSeeder,
  ],
  exports: [DeliveryService],
})
export class DeliveryModule {}
