import { runService } from '@vitrina/platform';
import { storeService } from './store.module.js';

await runService(storeService);
