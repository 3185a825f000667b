import { runService } from '@vitrina/platform';
import { ordersService } from './orders.module.js';

await runService(ordersService);
