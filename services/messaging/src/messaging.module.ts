import { fileURLToPath } from 'node:url';
import { Module } from '@nestjs/common';
import { PlatformModule, type ServiceDefinition } from '@vitrina/platform';
import * as schema from './db/schema.js';

/**
 * Conversations, messages, contact entries, alerts, outbound e-mail and SMS.
 * Composition root of the messaging service, mounted by its own process (main.ts) and by the embedded launcher.
 */
@Module({
  imports: [
    PlatformModule.forService({
      name: 'messaging',
      schema,
      tables: { outbox: schema.outbox, inbox: schema.inbox, jobs: schema.jobs, pings: schema.pings },
      migrationsFolder: fileURLToPath(new URL('../drizzle', import.meta.url)),
    }),
  ],
})
export class MessagingModule {}

export const messagingService: ServiceDefinition = { name: 'messaging', module: MessagingModule };
