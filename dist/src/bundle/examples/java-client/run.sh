#!/usr/bin/env bash
# Compiles the example with javac against the distribution's lib/ and runs it against the members of
# config/member.yaml (start two first: bin/navpack-member --config config/member.yaml). Argument: how many orders.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd -P)"
lib="$here/../../lib"
cp="$lib/navpack-serializer-@project.version@.jar:$lib/navpack-format-@project.version@.jar:$lib/hazelcast-@hazelcast.version@.jar"
rm -rf "$here/target/classes"
javac --release 17 -d "$here/target/classes" -cp "$cp" "$here"/src/main/java/example/*.java
java -Dhazelcast.client.config="$here/../../config/client.yaml" -cp "$here/target/classes:$cp" example.Orders "$@"
