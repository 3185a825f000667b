import { runService } from '@vitrina/platform';
import { marketingService } from './marketing.module.js';

await runService(marketingService);
