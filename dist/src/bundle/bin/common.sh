# Shared by bin/navpack and bin/navpack-member (sourced, not run): where the distribution is, which java runs it.

# The distribution's directory, following symbolic links to the script (e.g. from a directory on PATH).
navpack_home() {
  local script="$1" dir
  while [ -L "$script" ]; do
    dir="$(cd "$(dirname "$script")" && pwd -P)"
    script="$(readlink "$script")"
    case "$script" in /*) ;; *) script="$dir/$script" ;; esac
  done
  (cd "$(dirname "$script")/.." && pwd -P)
}

# The java command (JAVA_HOME's, else the one on PATH); stops with the fix when there is none or it is older than 17.
navpack_java() {
  local java
  if [ -n "${JAVA_HOME:-}" ]; then java="$JAVA_HOME/bin/java"; else java="$(command -v java || true)"; fi
  if [ -z "$java" ] || [ ! -x "$java" ]; then
    echo "navpack: no java found: install a JDK or JRE 17 or newer and put it on PATH, or set JAVA_HOME" >&2
    exit 1
  fi
  local version major
  version="$("$java" -version 2>&1 | sed -n 's/.* version "\([^"]*\)".*/\1/p' | head -n 1)"
  major="${version%%.*}"
  if [ "$major" = "1" ] || { [ -n "$major" ] && [ "$major" -lt 17 ] 2>/dev/null; }; then
    echo "navpack: $java is Java $version; navpack needs Java 17 or newer (set JAVA_HOME to one)" >&2
    exit 1
  fi
  printf '%s' "$java"
}
