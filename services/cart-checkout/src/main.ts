import { runService } from '@vitrina/platform';
import { cartCheckoutService } from './cart-checkout.module.js';

await runService(cartCheckoutService);
