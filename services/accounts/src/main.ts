import { ConfigError, runService } from '@vitrina/platform';
import { parseAccountsEnv } from './config/accounts-config.js';
import { accountsService } from './accounts.module.js';

// The service's own variables are checked before anything starts, naming the bad one.
try {
  parseAccountsEnv();
} catch (err) {
  if (!(err instanceof ConfigError)) throw err;
  console.error(`[accounts] ${err.message}`);
  process.exit(1);
}
await runService(accountsService);
