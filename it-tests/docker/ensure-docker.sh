#!/usr/bin/env bash
# Makes a Docker daemon available for the container tests.
#
# - Docker already answers: does nothing.
# - dockerd is running but not answering yet: waits for it.
# - dockerd is installed but not running: starts it in the background (as root).
# - dockerd is missing: installs Debian's docker.io (as root on Debian), then starts it.
#
# Never starts a second dockerd. Every wait is bounded (NAVPACK_DOCKER_TIMEOUT seconds, default 90).
# Exits non-zero with a message when Docker cannot be made available.
set -euo pipefail

TIMEOUT="${NAVPACK_DOCKER_TIMEOUT:-90}"
SOCKET="/var/run/docker.sock"
LOG="${NAVPACK_DOCKERD_LOG:-/var/log/navpack-dockerd.log}"
LOCK="${NAVPACK_DOCKER_LOCK:-/tmp/navpack-ensure-docker.lock}"

say() { echo "ensure-docker: $*" >&2; }
fail() { say "ERROR: $*"; exit 1; }

docker_answers() {
  if command -v docker >/dev/null 2>&1; then
    timeout 15 docker info >/dev/null 2>&1
  elif command -v curl >/dev/null 2>&1 && [ -S "$SOCKET" ]; then
    timeout 15 curl -fsS --unix-socket "$SOCKET" http://localhost/_ping >/dev/null 2>&1
  else
    return 1
  fi
}

DOCKERD_PID=""

dockerd_running() {
  if [ -n "$DOCKERD_PID" ]; then
    kill -0 "$DOCKERD_PID" 2>/dev/null
  else
    pgrep -x dockerd >/dev/null 2>&1
  fi
}

wait_for_docker() {
  local deadline=$((SECONDS + TIMEOUT))
  while [ "$SECONDS" -lt "$deadline" ]; do
    if [ -S "$SOCKET" ] && docker_answers; then
      return 0
    fi
    if ! dockerd_running; then
      say "dockerd exited; last lines of $LOG:"
      tail -n 20 "$LOG" >&2 2>/dev/null || true
      return 1
    fi
    sleep 1
  done
  say "dockerd did not answer on $SOCKET within ${TIMEOUT}s; last lines of $LOG:"
  tail -n 20 "$LOG" >&2 2>/dev/null || true
  return 1
}

is_root() { [ "$(id -u)" -eq 0 ]; }
is_debian() { [ -f /etc/debian_version ] && command -v apt-get >/dev/null 2>&1; }

install_docker() {
  is_root || fail "dockerd is not installed and this is not root: install Docker (e.g. 'apt-get install docker.io') or start Docker Desktop"
  is_debian || fail "dockerd is not installed and this is not Debian: install Docker for this system"
  say "installing docker.io with apt-get"
  export DEBIAN_FRONTEND=noninteractive
  timeout 600 apt-get update -q >&2 || fail "apt-get update failed"
  timeout 900 apt-get install -y -q --no-install-recommends docker.io cgroupfs-mount >&2 || fail "apt-get install docker.io failed"
  command -v dockerd >/dev/null 2>&1 || [ -x /usr/sbin/dockerd ] || fail "docker.io installed but dockerd not found"
}

start_dockerd() {
  is_root || fail "Docker is not running and this is not root: start the Docker daemon (or Docker Desktop) first"
  say "starting dockerd (log: $LOG)"
  mkdir -p "$(dirname "$LOG")"
  local dockerd_bin
  dockerd_bin="$(command -v dockerd || echo /usr/sbin/dockerd)"
  setsid nohup "$dockerd_bin" >>"$LOG" 2>&1 </dev/null 9>&- &
  DOCKERD_PID=$!
}

main() {
  # A DOCKER_HOST pointing elsewhere is the user's choice: check it, start nothing.
  if [ -n "${DOCKER_HOST:-}" ] && [ "${DOCKER_HOST}" != "unix://$SOCKET" ]; then
    if docker_answers; then
      say "Docker answers at DOCKER_HOST=$DOCKER_HOST"
      exit 0
    fi
    fail "DOCKER_HOST=$DOCKER_HOST does not answer; unset it to use a local dockerd"
  fi

  if docker_answers; then
    say "Docker is already up"
    exit 0
  fi

  if command -v flock >/dev/null 2>&1; then
    exec 9>"$LOCK"
    timeout "$TIMEOUT" flock 9 || fail "could not take $LOCK within ${TIMEOUT}s"
    if docker_answers; then
      say "Docker is already up"
      exit 0
    fi
  fi

  if dockerd_running; then
    say "dockerd is running; waiting for it to answer"
    wait_for_docker || fail "dockerd is running but does not answer"
    say "Docker is up"
    exit 0
  fi

  if ! command -v dockerd >/dev/null 2>&1 && [ ! -x /usr/sbin/dockerd ]; then
    install_docker
    # the package's own start-up may already have started a daemon
    if dockerd_running; then
      wait_for_docker || fail "dockerd started by the package does not answer"
      say "Docker is up"
      exit 0
    fi
  fi

  start_dockerd
  wait_for_docker || fail "could not start dockerd"
  say "Docker is up ($(docker version --format '{{.Server.Version}}' 2>/dev/null || echo 'version unknown'))"
}

main "$@"
