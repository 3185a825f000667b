import type { ServiceDefinition } from '@vitrina/platform';
import { catalogueService } from '@vitrina/catalogue';
import { storeService } from '@vitrina/store';
import { cartCheckoutService } from '@vitrina/cart-checkout';
import { ordersService } from '@vitrina/orders';
import { accountsService } from '@vitrina/accounts';
import { messagingService } from '@vitrina/messaging';
import { marketingService } from '@vitrina/marketing';

/** Every business service, in start order (accounts first: others verify its tokens). */
export const ALL_SERVICES: ServiceDefinition[] = [
  accountsService,
  catalogueService,
  storeService,
  cartCheckoutService,
  ordersService,
  messagingService,
  marketingService,
];
