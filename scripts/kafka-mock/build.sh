#!/bin/sh
# Builds the librdkafka mock-cluster broker used by the Kafka contract tests (see kafka-mock.c).
# Needs gcc and Debian's librdkafka-dev (apt-get install -y librdkafka-dev).
# Usage: scripts/kafka-mock/build.sh [output]   (default: scripts/kafka-mock/kafka-mock)
set -eu
here=$(cd "$(dirname "$0")" && pwd)
out=${1:-"$here/kafka-mock"}
tmp="$out.tmp.$$"
gcc -O2 -Wall -Wextra -o "$tmp" "$here/kafka-mock.c" -lrdkafka
mv -f "$tmp" "$out"
echo "built $out"
