import { runService } from '@vitrina/platform';
import { messagingService } from './messaging.module.js';

await runService(messagingService);
