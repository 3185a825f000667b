import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Admin, Consumer, stringDeserializers } from '@platformatic/kafka';
import type { EventBus } from '../../src/events/event-bus.js';
import { KafkaEventBus, type KafkaEventBusOptions } from '../../src/events/kafka-event-bus.js';
import { requireServiceUrl, servicesRequired } from '../../src/testing/test-database.js';
import { makeEvent, runEventBusContract } from './bus.contract.js';
import { ensureKafkaMock, startKafkaMock, type KafkaMock } from './kafka-mock.js';

/**
 * The event-bus contract on Kafka: against the brokers in KAFKA_BROKERS when set (a real cluster), otherwise against
 * librdkafka's mock cluster when it can be built here (gcc + librdkafka-dev; see kafka-mock.ts). Both runs use the
 * production producer settings, idempotence included (the mock advertises request versions it handles correctly).
 * KAFKA_MOCK=0 skips the mock run.
 */
const brokersFromEnv = process.env.KAFKA_BROKERS?.split(',').map((b) => b.trim()).filter(Boolean);
const mockAvailability = brokersFromEnv?.length || process.env.KAFKA_MOCK === '0' ? undefined : ensureKafkaMock();
const useMock = mockAvailability?.available === true;
const target: 'real' | 'mock' | undefined = brokersFromEnv?.length ? 'real' : useMock ? 'mock' : undefined;

if (!target) {
  if (mockAvailability && !mockAvailability.available && !servicesRequired()) {
    // On stderr: Jest hides console output of a suite whose tests are all skipped.
    process.stderr.write(`SKIP kafka event bus contract: KAFKA_BROKERS is not set and the librdkafka mock is unavailable (${mockAvailability.reason})\n`);
  } else {
    requireServiceUrl('KAFKA_BROKERS', 'kafka event bus contract');
    process.stderr.write('SKIP kafka event bus contract: KAFKA_BROKERS is not set (KAFKA_MOCK=0)\n');
  }
  it.skip('kafka event bus contract (no KAFKA_BROKERS, no librdkafka mock)', () => undefined);
} else {
  let mock: KafkaMock | undefined;
  let brokers: string[] = brokersFromEnv ?? [];
  const run = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;

  beforeAll(async () => {
    if (target === 'mock') {
      mock = await startKafkaMock();
      brokers = mock.brokers;
    }
  }, 30_000);
  afterAll(async () => {
    await mock?.stop();
  });

  const print = (level: string) => (obj: object, msg?: string) =>
    process.stderr.write(`${new Date().toISOString()} ${level} ${msg ?? ''} ${JSON.stringify(obj, (_k, v: unknown) => (v instanceof Error ? v.message : v))}\n`);
  const debugLogger = { warn: print('warn'), error: print('error'), info: print('info'), debug: () => undefined };

  const options = (): KafkaEventBusOptions => ({
    brokers,
    clientId: `vt-test-${run}`,
    maxAttempts: 3,
    baseDelayMs: 5,
    maxDelayMs: 40,
    sessionTimeout: 3_000,
    rebalanceTimeout: 3_000,
    heartbeatInterval: 300,
    maxWaitTime: 250,
    closeGraceMs: 100,
    retries: 8,
    retryDelay: 100,
    // KAFKA_DEBUG=1 prints the adapter's warnings (rebalances, retries, commits refused) while a case runs.
    ...(process.env.KAFKA_DEBUG ? { logger: debugLogger } : {}),
  });

  /** Until the cluster's metadata lists every topic with a leader for each of its partitions. */
  const waitForLeaders = async (admin: Admin, topics: string[]) => {
    const deadline = Date.now() + 30_000;
    for (;;) {
      const metadata = await admin.metadata({ topics, forceUpdate: true }).catch(() => undefined);
      const ready = metadata && topics.every((t) => (metadata.topics.get(t)?.partitions ?? []).length > 0 && metadata.topics.get(t)!.partitions.every((p) => p.leader >= 0));
      if (ready) return;
      if (Date.now() > deadline) throw new Error(`topics without leaders: ${topics.join(', ')}`);
      await new Promise((r) => setTimeout(r, 200));
    }
  };

  const prepareTopics = async (topics: string[]) => {
    // The mock has no CreateTopics API: its own command creates them.
    if (mock) return mock.createTopics(topics, 4);
    const admin = new Admin({ clientId: `vt-admin-${run}`, bootstrapBrokers: brokers });
    try {
      await admin.createTopics({ topics, partitions: 4, replicas: 1 });
      await waitForLeaders(admin, topics);
    } finally {
      await admin.close();
    }
  };

  /** Until every member of the group has partitions, the same ones for a few polls in a row (rebalance done). */
  const settle = async (bus: EventBus, topic: string, group: string, members: number) => {
    const kafka = bus as KafkaEventBus;
    let stableSince = 0;
    let last = '';
    const deadline = Date.now() + 30_000;
    for (;;) {
      const mine = kafka.assignments().filter((a) => a.topic === topic && a.group === group);
      const settled = mine.length === members && mine.every((a) => a.partitions && a.partitions.length > 0);
      const now = JSON.stringify(mine);
      if (settled && now === last) {
        if (Date.now() - stableSince >= 600) return;
      } else {
        stableSince = Date.now();
        last = now;
      }
      if (Date.now() > deadline) throw new Error(`group ${group} did not settle: ${now}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  };

  runEventBusContract(`kafka (${target === 'mock' ? 'librdkafka mock cluster' : brokers.join(',')})`, () => KafkaEventBus.connect(options()), {
    settle,
    timeoutMs: 30_000,
    prepareTopics,
    sharedAcrossInstances: true,
  });

  describe('KafkaEventBus specifics', () => {
    it('sends the envelope key as the message key, the JSON envelope as value, id and type in headers', async () => {
      const topic = `k.layout.${run}`;
      await prepareTopics([topic]);
      const bus = await KafkaEventBus.connect(options());
      const event = makeEvent(topic, 'agg-7', 0);
      await bus.publish(topic, [event]);
      const consumer = new Consumer({
        clientId: `vt-raw-${run}`,
        bootstrapBrokers: brokers,
        groupId: `raw-${run}`,
        deserializers: stringDeserializers,
        maxWaitTime: 250,
        sessionTimeout: 3_000,
        rebalanceTimeout: 3_000,
        heartbeatInterval: 300,
      });
      const got: Array<{ key?: string; value?: string; headers: Record<string, string> }> = [];
      const stream = await consumer.consume({ topics: [topic], mode: 'earliest' });
      stream.on('data', (message) => {
        got.push({ key: message.key, value: message.value, headers: Object.fromEntries(message.headers) });
      });
      for (let i = 0; i < 300 && got.length === 0; i++) await new Promise((r) => setTimeout(r, 50));
      await consumer.close(true);
      await bus.close();
      expect(got).toHaveLength(1);
      expect(got[0]!.key).toBe('agg-7');
      expect(JSON.parse(got[0]!.value!)).toEqual(event);
      expect(got[0]!.headers).toMatchObject({ 'vitrina-event-id': event.id, 'vitrina-event-type': event.type });
    }, 60_000);
  });
}
