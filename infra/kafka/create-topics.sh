#!/usr/bin/env bash
# Creates Vitrina's Kafka topics with Kafka's own CLI (kafka-topics.sh / kafka-configs.sh), for clusters
# not managed by Strimzi (Strimzi: apply infra/kafka/topics.yaml instead; both hold the same list).
#
# Every topic of libs/contracts/src/events.ts (one per aggregate, keyed by the aggregate id) and its
# dead-letter twin `<topic>.dlq` (libs/platform/src/events/event-bus.ts: deadLetterTopic).
# launcher/test/deployment.spec.ts fails when this list and events.ts disagree.
#
# Idempotent: creates what is missing, re-applies the topic configs to what exists, and warns (never
# changes anything) when an existing topic has fewer partitions than asked: adding partitions moves keys
# to other partitions and breaks per-aggregate ordering, so that is an operator's deliberate decision.
#
# Environment (defaults are the production settings):
#   BOOTSTRAP_SERVERS    host:port[,host:port]                         localhost:9092
#   PARTITIONS           partitions per topic (upper bound of consumers per group)  12
#   REPLICATION_FACTOR   copies of each partition                       3
#   MIN_INSYNC_REPLICAS  replicas that must have a write before acks=all succeeds   2
#   RETENTION_MS         event topics                                   604800000 (7 days)
#   DLQ_RETENTION_MS     dead-letter topics: time to inspect and replay  2592000000 (30 days)
#   COMMAND_CONFIG       client properties file (TLS/SASL), passed as --command-config
#   KAFKA_BIN            folder of kafka-topics.sh; else found on PATH (also Confluent's `kafka-topics`)
#
# docker-compose.yml runs it in the one-shot `kafka-init` container with REPLICATION_FACTOR=1 and
# MIN_INSYNC_REPLICAS=1 (one broker). By hand against a cluster:
#   BOOTSTRAP_SERVERS=kafka-0:9092,kafka-1:9092,kafka-2:9092 infra/kafka/create-topics.sh
set -euo pipefail

BOOTSTRAP_SERVERS="${BOOTSTRAP_SERVERS:-localhost:9092}"
PARTITIONS="${PARTITIONS:-12}"
REPLICATION_FACTOR="${REPLICATION_FACTOR:-3}"
MIN_INSYNC_REPLICAS="${MIN_INSYNC_REPLICAS:-2}"
RETENTION_MS="${RETENTION_MS:-604800000}"
DLQ_RETENTION_MS="${DLQ_RETENTION_MS:-2592000000}"
COMMAND_CONFIG="${COMMAND_CONFIG:-}"
WAIT_SECONDS="${WAIT_SECONDS:-120}"

# Event topics: keep in step with `Topics` in libs/contracts/src/events.ts.
TOPICS=(
  accounts.user
  accounts.membership
  accounts.supplier
  catalogue.item
  catalogue.catalogue
  catalogue.reservation
  store.shop
  store.items
  cart.checkout
  payment
  orders.order
  wallets.dispersion
  marketing.referral
  platform.ping
)

log() { printf '[create-topics] %s\n' "$*" >&2; }
die() { log "ERROR: $*"; exit 1; }

find_tool() { # find_tool kafka-topics -> path of kafka-topics.sh (or Confluent's kafka-topics)
  local name="$1" candidate
  if [[ -n "${KAFKA_BIN:-}" ]]; then
    [[ -x "$KAFKA_BIN/$name.sh" ]] || die "$KAFKA_BIN/$name.sh not found or not executable (KAFKA_BIN)"
    printf '%s' "$KAFKA_BIN/$name.sh"
    return 0
  fi
  for candidate in "$name.sh" "$name"; do
    if command -v "$candidate" > /dev/null 2>&1; then
      printf '%s' "$candidate"
      return 0
    fi
  done
  die "$name.sh not found on PATH: set KAFKA_BIN to Kafka's bin folder (apache/kafka image: /opt/kafka/bin)"
}

KAFKA_TOPICS="$(find_tool kafka-topics)"
KAFKA_CONFIGS="$(find_tool kafka-configs)"
CLIENT_ARGS=(--bootstrap-server "$BOOTSTRAP_SERVERS")
[[ -n "$COMMAND_CONFIG" ]] && CLIENT_ARGS+=(--command-config "$COMMAND_CONFIG")

for n in PARTITIONS REPLICATION_FACTOR MIN_INSYNC_REPLICAS RETENTION_MS DLQ_RETENTION_MS WAIT_SECONDS; do
  [[ "${!n}" =~ ^[0-9]+$ && "${!n}" -gt 0 ]] || die "$n must be a positive integer (got '${!n}')"
done
(( MIN_INSYNC_REPLICAS <= REPLICATION_FACTOR )) \
  || die "MIN_INSYNC_REPLICAS ($MIN_INSYNC_REPLICAS) > REPLICATION_FACTOR ($REPLICATION_FACTOR): no write could ever succeed"
if (( REPLICATION_FACTOR > 1 && MIN_INSYNC_REPLICAS == REPLICATION_FACTOR )); then
  log "WARNING: MIN_INSYNC_REPLICAS == REPLICATION_FACTOR: producers (acks=all) stop when any one broker is down"
fi
if (( REPLICATION_FACTOR == 1 )); then
  log "NOTE: REPLICATION_FACTOR=1 (single broker, development only). Production: 3, MIN_INSYNC_REPLICAS=2"
fi

# Wait for the cluster (the compose healthcheck already did; this is for standalone use).
deadline=$(( SECONDS + WAIT_SECONDS ))
until existing="$("$KAFKA_TOPICS" "${CLIENT_ARGS[@]}" --list 2> /dev/null)"; do
  (( SECONDS < deadline )) || die "no Kafka broker answered at $BOOTSTRAP_SERVERS within ${WAIT_SECONDS}s"
  log "waiting for Kafka at $BOOTSTRAP_SERVERS ..."
  sleep 3
done

# One describe for every existing topic: "Topic: x  TopicId: ...  PartitionCount: 12 ..."
descriptions="$("$KAFKA_TOPICS" "${CLIENT_ARGS[@]}" --describe --exclude-internal 2> /dev/null || true)"

created=0 updated=0
ensure_topic() { # ensure_topic <name> <retention.ms>
  local topic="$1" retention="$2" configs current
  configs="min.insync.replicas=$MIN_INSYNC_REPLICAS,retention.ms=$retention,cleanup.policy=delete"
  if grep -Fxq -- "$topic" <<< "$existing"; then
    current="$(grep -E "^Topic: ${topic//./\\.}[[:space:]]" <<< "$descriptions" | grep -oE 'PartitionCount: *[0-9]+' | grep -oE '[0-9]+' || true)"
    if [[ -n "$current" && "$current" -lt "$PARTITIONS" ]]; then
      log "WARNING: $topic has $current partitions, $PARTITIONS asked: not changed (would reorder keys)"
    fi
    "$KAFKA_CONFIGS" "${CLIENT_ARGS[@]}" --entity-type topics --entity-name "$topic" --alter --add-config "$configs" > /dev/null
    log "exists   $topic (configs re-applied: $configs)"
    updated=$(( updated + 1 ))
  else
    "$KAFKA_TOPICS" "${CLIENT_ARGS[@]}" --create --if-not-exists --topic "$topic" \
      --partitions "$PARTITIONS" --replication-factor "$REPLICATION_FACTOR" \
      --config "min.insync.replicas=$MIN_INSYNC_REPLICAS" \
      --config "retention.ms=$retention" \
      --config "cleanup.policy=delete" > /dev/null
    log "created  $topic (partitions=$PARTITIONS replication=$REPLICATION_FACTOR $configs)"
    created=$(( created + 1 ))
  fi
}

for topic in "${TOPICS[@]}"; do
  ensure_topic "$topic" "$RETENTION_MS"
  ensure_topic "$topic.dlq" "$DLQ_RETENTION_MS"
done

log "done: $created created, $updated already present ($(( ${#TOPICS[@]} * 2 )) topics)"
