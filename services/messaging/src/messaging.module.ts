import { fileURLToPath } from 'node:url';
import { Module, type Type } from '@nestjs/common';
import { CONFIG, LOGGER, PlatformModule, type Logger, type PlatformConfig, type ServiceDefinition } from '@vitrina/platform';
import * as schema from './db/schema.js';
import { MESSAGING_CONFIG, loadMessagingConfig, type MessagingConfig } from './config/messaging-config.js';
import { AlertRecorder } from './alerts/alert-recorder.js';
import { AlertsService } from './alerts/alerts.service.js';
import { OrderAlertsConsumer } from './alerts/events/order-alerts.consumer.js';
import { PaymentAlertsConsumer } from './alerts/events/payment-alerts.consumer.js';
import { WalletAlertsConsumer } from './alerts/events/wallet-alerts.consumer.js';
import { MembershipAlertsConsumer } from './alerts/events/membership-alerts.consumer.js';
import { AlertsHttpController } from './alerts/http/alerts.http.controller.js';
import { ContactsService } from './contacts/contacts.service.js';
import { ContactDemoShopsSeeder } from './contacts/demo/demo-shops.seeder.js';
import { ContactShopsConsumer } from './contacts/events/store-shop.consumer.js';
import { ContactAdminHttpController } from './contacts/http/contact-admin.http.controller.js';
import { ContactReaderGuard } from './contacts/http/contact-reader.guard.js';
import { ContactsHttpController } from './contacts/http/contacts.http.controller.js';
import { ConversationsService } from './conversations/conversations.service.js';
import { DemoUsersSeeder } from './conversations/demo/demo-users.seeder.js';
import { ConversationsHttpController } from './conversations/http/conversations.http.controller.js';
import { MessagesHttpController } from './conversations/http/messages.http.controller.js';
import { LiveHub, MemoryLiveHub, RedisLiveHub } from './conversations/live/live-hub.js';
import { LiveStreams } from './conversations/live/live-streams.js';
import { Presence } from './conversations/presence.js';
import { AccountsUserConsumer } from './delivery/events/accounts-user.consumer.js';
import { ReturnLabelConsumer } from './delivery/events/return-label.consumer.js';
import { DeliverMessageJob } from './delivery/jobs/deliver-message.job.js';
import { deliveryProviders } from './delivery/providers/providers.js';
import { DevMailboxHttpController } from './mailbox/http/dev-mailbox.http.controller.js';

export interface MessagingOptions {
  /** Variables read instead of process.env's (tests: SMTP_HOST of a local server, TWILIO_API_URL...). */
  env?: Record<string, string | undefined>;
}

/**
 * Conversations, messages, contact entries, alerts, outbound e-mail and SMS: outbound delivery of codes and of the
 * return-label e-mail, the bell alerts made from the other services' events, the shops' contact entries, the inbox
 * (conversations, messages, live delivery) and the local mailbox.
 * Composition root of the messaging service, mounted by its own process (main.ts) and by the embedded launcher.
 */
export function createMessagingModule(options: MessagingOptions = {}): Type<unknown> {
  @Module({
    imports: [
      PlatformModule.forService({
        name: 'messaging',
        schema,
        tables: { outbox: schema.outbox, inbox: schema.inbox, jobs: schema.jobs, pings: schema.pings },
        migrationsFolder: fileURLToPath(new URL('../drizzle', import.meta.url)),
      }),
    ],
    controllers: [
      AccountsUserConsumer,
      ReturnLabelConsumer,
      OrderAlertsConsumer,
      PaymentAlertsConsumer,
      WalletAlertsConsumer,
      MembershipAlertsConsumer,
      AlertsHttpController,
      ContactShopsConsumer,
      ContactsHttpController,
      ContactAdminHttpController,
      ConversationsHttpController,
      MessagesHttpController,
      DevMailboxHttpController,
    ],
    providers: [
      {
        provide: MESSAGING_CONFIG,
        inject: [CONFIG],
        // NODE_ENV is the runtime's, so production rules (no dev mailbox, real providers) follow the process's mode.
        useFactory: (platform: PlatformConfig) => loadMessagingConfig({ ...process.env, ...options.env, NODE_ENV: platform.NODE_ENV }),
      },
      ...deliveryProviders,
      DeliverMessageJob,
      AlertRecorder,
      AlertsService,
      ContactsService,
      ContactReaderGuard,
      ContactDemoShopsSeeder,
      DemoUsersSeeder,
      Presence,
      ConversationsService,
      LiveStreams,
      {
        provide: LiveHub,
        inject: [CONFIG, MESSAGING_CONFIG, LOGGER],
        useFactory: (platform: PlatformConfig, config: MessagingConfig, logger: Logger): LiveHub => {
          const redisUrl = config.redisUrl ?? platform.REDIS_URL;
          const distributed = platform.EVENT_BUS !== 'memory' || platform.JOB_QUEUE === 'bullmq';
          const mode = config.liveHub ?? (redisUrl && distributed ? 'redis' : 'memory');
          return mode === 'redis' && redisUrl ? new RedisLiveHub(redisUrl, platform.REDIS_PREFIX, logger) : new MemoryLiveHub();
        },
      },
    ],
  })
  class MessagingModule {}
  return MessagingModule;
}

export const MessagingModule = createMessagingModule();

export const messagingService: ServiceDefinition = { name: 'messaging', module: MessagingModule, title: 'Vitrina messaging' };

/** The service with options (tests). */
export function createMessagingService(options: MessagingOptions): ServiceDefinition {
  return { name: 'messaging', module: createMessagingModule(options), title: 'Vitrina messaging' };
}
