import { runService } from '@vitrina/platform';
import { accountsService } from './accounts.module.js';

await runService(accountsService);
