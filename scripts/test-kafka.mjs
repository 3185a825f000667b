#!/usr/bin/env node
// Runs the event-bus contract suite against a real Kafka broker (KRaft, single node) started with testcontainers,
// where a Docker (or compatible) engine is reachable. Without one it says so and exits 0: the Kafka adapter is then
// covered by the librdkafka mock-cluster run of libs/platform/test/events/kafka.spec.ts (npm run test:unit).
//
//   npm run test:kafka                 (KAFKA_IMAGE overrides the image, default apache/kafka:4.2.0, as in docker-compose.yml)
//
// With KAFKA_BROKERS already set, no container is started: the suite runs against those brokers.
import { spawnSync } from 'node:child_process';
import { createServer } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const image = process.env.KAFKA_IMAGE ?? 'apache/kafka:4.2.0';

function runSuite(brokers) {
  console.log(`test-kafka: running the Kafka event-bus contract against ${brokers}`);
  const result = spawnSync(
    process.execPath,
    [
      '--experimental-vm-modules',
      join(root, 'node_modules/jest/bin/jest.js'),
      '--runInBand',
      'libs/platform/test/events/kafka.spec.ts',
      'libs/platform/test/events/kafka-config.spec.ts',
    ],
    { cwd: root, stdio: 'inherit', env: { ...process.env, KAFKA_BROKERS: brokers, REQUIRE_SERVICES: '1' } },
  );
  return result.status ?? 1;
}

/** A free TCP port on this machine, for a fixed host binding (Kafka must advertise the port clients dial). */
function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

if (process.env.KAFKA_BROKERS) process.exit(runSuite(process.env.KAFKA_BROKERS));

const { GenericContainer, Wait, getContainerRuntimeClient } = await import('testcontainers');
let runtime;
try {
  runtime = await getContainerRuntimeClient();
} catch (err) {
  console.log(`test-kafka: no Docker engine is reachable (${err?.message ?? err}); skipping the real-Kafka run.`);
  console.log(
    'test-kafka: the Kafka adapter is still covered against the librdkafka mock cluster by libs/platform/test/events/kafka.spec.ts.',
  );
  process.exit(0);
}

const host = runtime.info.containerRuntime.host;
const port = await freePort();
console.log(`test-kafka: starting ${image} (KRaft) on ${host}:${port}`);
const container = await new GenericContainer(image)
  .withExposedPorts({ container: 9092, host: port })
  .withEnvironment({
    KAFKA_NODE_ID: '1',
    KAFKA_PROCESS_ROLES: 'broker,controller',
    KAFKA_LISTENERS: 'PLAINTEXT://:9092,CONTROLLER://:9093',
    KAFKA_ADVERTISED_LISTENERS: `PLAINTEXT://${host}:${port}`,
    KAFKA_CONTROLLER_LISTENER_NAMES: 'CONTROLLER',
    KAFKA_LISTENER_SECURITY_PROTOCOL_MAP: 'CONTROLLER:PLAINTEXT,PLAINTEXT:PLAINTEXT',
    KAFKA_CONTROLLER_QUORUM_VOTERS: '1@localhost:9093',
    KAFKA_OFFSETS_TOPIC_REPLICATION_FACTOR: '1',
    KAFKA_TRANSACTION_STATE_LOG_REPLICATION_FACTOR: '1',
    KAFKA_TRANSACTION_STATE_LOG_MIN_ISR: '1',
    KAFKA_GROUP_INITIAL_REBALANCE_DELAY_MS: '0',
    KAFKA_AUTO_CREATE_TOPICS_ENABLE: 'false',
  })
  .withWaitStrategy(Wait.forLogMessage(/Kafka Server started/))
  .withStartupTimeout(120_000)
  .start();

let status = 1;
try {
  status = runSuite(`${host}:${port}`);
} finally {
  await container.stop().catch((err) => console.error('test-kafka: stopping the container failed', err));
}
process.exit(status);
