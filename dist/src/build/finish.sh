#!/usr/bin/env bash
# The last two files of the distribution: NOTICE (its head, then the licence of every third-party jar in lib/) and
# SHA256SUMS (every other file, as `sha256sum -c SHA256SUMS` checks them in the distribution's directory).
# Arguments: DIST_DIR NOTICE_HEAD THIRD_PARTY_LIST
set -euo pipefail
dist="$1" head="$2" third="$3"
# the client jars come with their sources, which the same build makes (-Pdist on every module)
for jar in "$dist"/lib/navpack-{format,serializer,extractors,index-sizer,documents,documents-hazelcast}-[0-9]*.jar; do
  case "$jar" in *-sources.jar|*-tests.jar) continue ;; esac
  if [ ! -f "${jar%.jar}-sources.jar" ]; then
    echo "no sources jar beside $(basename "$jar"): build the distribution with its modules (./mvnw package -Pdist" \
         "from the root, not -pl dist alone)" >&2
    exit 1
  fi
done
{
  cat "$head"
  echo
  sed -e '/^$/d' -e '/^Lists of/d' -e '/(io\.navpack:/d' -e 's/^ *//' "$third" | sed -e 's/^/  /'
} >"$dist/NOTICE"
cd "$dist"
rm -f SHA256SUMS
if command -v sha256sum >/dev/null 2>&1; then sum=(sha256sum); else sum=(shasum -a 256); fi
find . -type f ! -name SHA256SUMS | sed 's|^\./||' | LC_ALL=C sort | while IFS= read -r f; do "${sum[@]}" "$f"; done >SHA256SUMS
echo "distribution: $(wc -l <SHA256SUMS) files in $dist"
