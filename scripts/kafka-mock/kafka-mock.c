/*
 * A Kafka-protocol broker for tests: librdkafka's built-in mock cluster (docs/toolchain.md, "Kafka and Docker").
 *
 *   kafka-mock [brokers]          (default 1 broker)
 *
 * On start it prints one line `bootstrap <host:port,...>` on stdout, then reads commands from stdin,
 * one per line, and answers each with one line starting with `ok` or `err`:
 *
 *   create <topic> <partitions>   create a topic (the mock has no CreateTopics API for clients)
 *   down <broker-id>              take a broker down (fault injection; librdkafka 2.0.2's mock has crashed
 *                                 with SIGSEGV when consumer-group clients reconnected after `up`: prefer `errors`)
 *   up <broker-id>                bring it back
 *   rtt <broker-id> <ms>          add round-trip latency to a broker
 *   errors <api-key> <error> <n>  answer the next n requests of that API (any broker) with that error code,
 *                                 e.g. `errors 8 16 3`: three OffsetCommit requests refused with NOT_COORDINATOR
 *   ping                          answers `ok pong`
 *   quit                          exits
 *
 * It exits on `quit`, on SIGTERM/SIGINT, and when stdin reaches end-of-file, so a mock never outlives
 * the test process that spawned it.
 *
 * Limits of the mock: no CreateTopics API (use `create`), and its metadata names controller 0 while brokers are
 * numbered from 1 (clients that send InitProducerId or admin requests to "the controller" fail; @platformatic/kafka
 * sends InitProducerId to any broker and works). Two request versions it misreads are capped below.
 */
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <librdkafka/rdkafka.h>
#include <librdkafka/rdkafka_mock.h>

static volatile sig_atomic_t stop = 0;

static void on_signal(int sig) {
  (void)sig;
  stop = 1;
}

int main(int argc, char **argv) {
  char errstr[512];
  char line[1024];
  int brokers = argc > 1 ? atoi(argv[1]) : 1;
  if (brokers < 1) brokers = 1;

  struct sigaction sa;
  memset(&sa, 0, sizeof sa);
  sa.sa_handler = on_signal;
  sigaction(SIGTERM, &sa, NULL);
  sigaction(SIGINT, &sa, NULL);

  rd_kafka_conf_t *conf = rd_kafka_conf_new();
  /* Quiet: the handle exists only to own the mock cluster. */
  rd_kafka_conf_set(conf, "log_level", "3", errstr, sizeof errstr);
  rd_kafka_t *rk = rd_kafka_new(RD_KAFKA_PRODUCER, conf, errstr, sizeof errstr);
  if (!rk) {
    fprintf(stderr, "rd_kafka_new failed: %s\n", errstr);
    return 1;
  }
  rd_kafka_mock_cluster_t *mc = rd_kafka_mock_cluster_new(rk, brokers);
  if (!mc) {
    fprintf(stderr, "rd_kafka_mock_cluster_new failed\n");
    rd_kafka_destroy(rk);
    return 1;
  }
  /*
   * Two handlers of librdkafka 2.0.2's mock misread newer request versions, so the mock advertises older ones
   * (clients negotiate down through ApiVersions, as they would with an older broker):
   * - ListOffsets v4+ answers LeaderEpoch as an int64 instead of an int32, which shifts every later partition
   *   of the response (a client reading several partitions at once gets garbage): cap at v3.
   * - InitProducerId v3+ treats any ProducerId other than -1 as a KIP-360 epoch bump of a known producer; a
   *   client that sends 0/0 for a new producer (@platformatic/kafka does; real brokers ignore the pair for a
   *   non-transactional producer) gets UNKNOWN_PRODUCER_ID: cap at v2, which carries no producer id.
   */
  rd_kafka_mock_set_apiversion(mc, 2 /* ListOffsets */, 0, 3);
  rd_kafka_mock_set_apiversion(mc, 22 /* InitProducerId */, 0, 2);

  printf("bootstrap %s\n", rd_kafka_mock_cluster_bootstraps(mc));
  fflush(stdout);

  while (!stop) {
    if (!fgets(line, sizeof line, stdin)) {
      if (errno == EINTR && !stop && !feof(stdin)) {
        clearerr(stdin);
        continue;
      }
      break; /* EOF: the parent is gone */
    }
    char cmd[32] = {0}, arg1[512] = {0};
    int n = 0, count = 0;
    int fields = sscanf(line, "%31s %511s %d %d", cmd, arg1, &n, &count);
    if (fields < 1) continue;
    rd_kafka_resp_err_t err = RD_KAFKA_RESP_ERR_NO_ERROR;
    if (strcmp(cmd, "errors") == 0 && fields == 4 && count > 0 && count <= 64) {
      rd_kafka_resp_err_t errs[64];
      for (int i = 0; i < count; i++) errs[i] = (rd_kafka_resp_err_t)n;
      rd_kafka_mock_push_request_errors_array(mc, (int16_t)atoi(arg1), (size_t)count, errs);
    } else if (strcmp(cmd, "create") == 0 && fields == 3) {
      err = rd_kafka_mock_topic_create(mc, arg1, n, 1);
    } else if (strcmp(cmd, "down") == 0 && fields >= 2) {
      err = rd_kafka_mock_broker_set_down(mc, atoi(arg1));
    } else if (strcmp(cmd, "up") == 0 && fields >= 2) {
      err = rd_kafka_mock_broker_set_up(mc, atoi(arg1));
    } else if (strcmp(cmd, "rtt") == 0 && fields == 3) {
      err = rd_kafka_mock_broker_set_rtt(mc, atoi(arg1), n);
    } else if (strcmp(cmd, "ping") == 0) {
      printf("ok pong\n");
      fflush(stdout);
      continue;
    } else if (strcmp(cmd, "quit") == 0) {
      break;
    } else {
      printf("err unknown command: %s", line);
      if (line[strlen(line) - 1] != '\n') printf("\n");
      fflush(stdout);
      continue;
    }
    if (err) printf("err %s %s\n", cmd, rd_kafka_err2str(err));
    else printf("ok %s %s\n", cmd, arg1);
    fflush(stdout);
  }

  rd_kafka_mock_cluster_destroy(mc);
  rd_kafka_destroy(rk);
  return 0;
}
