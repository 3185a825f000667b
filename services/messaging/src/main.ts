import { ConfigError, runService } from '@vitrina/platform';
import { loadMessagingConfig } from './config/messaging-config.js';
import { messagingService } from './messaging.module.js';

// The service's own variables are checked before anything starts, naming the bad one.
try {
  loadMessagingConfig();
} catch (err) {
  if (!(err instanceof ConfigError)) throw err;
  console.error(`[messaging] ${err.message}`);
  process.exit(1);
}
await runService(messagingService);
