# One image for every Kith process: each compose service runs its own entry point (gateway, auth,
# contacts, notifications) or the `kith` command (init, backup, restore). Front-ends are served
# by the gateway. The runtime stage holds one Node binary, the back end's production dependencies,
# the built code, the migrations and the built front-ends: no sources, no dev tools, no npm.

# 1. Build everything (needs every dev dependency: TypeScript, Nx, Rsbuild, Prisma's generator).
FROM node:24-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY packages/contracts/package.json packages/contracts/
COPY packages/nest-kit/package.json packages/nest-kit/
COPY packages/ops/package.json packages/ops/
COPY packages/web-kit/package.json packages/web-kit/
COPY packages/stack/package.json packages/stack/
COPY gateway/package.json gateway/
COPY services/auth/package.json services/auth/
COPY services/contacts/package.json services/contacts/
COPY services/notifications/package.json services/notifications/
COPY shell/package.json shell/
COPY mfe-dashboard/package.json mfe-dashboard/
COPY mfe-contacts/package.json mfe-contacts/
COPY mfe-lists/package.json mfe-lists/
COPY e2e/package.json e2e/
RUN npm ci --no-audit --no-fund
COPY . .
RUN NX_DAEMON=false npx nx run-many -t build --output-style=static

# 2. What the back-end processes import at run time, and nothing else (the front-ends' libraries
# are inside their bundles). The package files are the same as above, so this layer is cached
# until a dependency changes.
FROM node:24-bookworm-slim AS runtime-deps
WORKDIR /app
COPY --from=build /app/package.json /app/package-lock.json ./
COPY --from=build /app/packages/contracts/package.json packages/contracts/
COPY --from=build /app/packages/nest-kit/package.json packages/nest-kit/
COPY --from=build /app/packages/ops/package.json packages/ops/
COPY --from=build /app/packages/web-kit/package.json packages/web-kit/
COPY --from=build /app/packages/stack/package.json packages/stack/
COPY --from=build /app/gateway/package.json gateway/
COPY --from=build /app/services/auth/package.json services/auth/
COPY --from=build /app/services/contacts/package.json services/contacts/
COPY --from=build /app/services/notifications/package.json services/notifications/
COPY --from=build /app/shell/package.json shell/
COPY --from=build /app/mfe-dashboard/package.json mfe-dashboard/
COPY --from=build /app/mfe-contacts/package.json mfe-contacts/
COPY --from=build /app/mfe-lists/package.json mfe-lists/
COPY --from=build /app/e2e/package.json e2e/
COPY --from=build /app/scripts/docker/prune-runtime.mjs /tmp/
# npm keeps more than the back end loads (see prune-runtime.mjs). What stays moves to /runtime, the
# root node_modules and a workspace's own (a version that differs from the root's, e.g. lru-cache). Prisma's client ships a query
# compiler per database it supports (about 45 MB for the four that are not PostgreSQL); Kith only
# ever loads PostgreSQL's.
RUN npm ci --omit=dev --ignore-scripts --no-audit --no-fund \
      -w gateway -w services/auth -w services/contacts -w services/notifications -w packages/ops \
 && npm cache clean --force \
 && node /tmp/prune-runtime.mjs gateway services/auth services/contacts services/notifications packages/ops \
 && find node_modules/@prisma/client/runtime -regextype posix-extended \
      -regex '.*[._](cockroachdb|mysql|sqlite|sqlserver)[._].*' -delete \
 && for dir in . gateway services/auth services/contacts services/notifications packages/ops packages/nest-kit packages/contracts; do \
      if [ -d "$dir/node_modules" ]; then mkdir -p "/runtime/$dir" && mv "$dir/node_modules" "/runtime/$dir/"; fi; \
    done

# 3. The image: Debian with the one Node binary (no npm, yarn or corepack: build tools, not runtime).
FROM debian:bookworm-slim
ENV NODE_ENV=production
WORKDIR /app
COPY --from=build /usr/local/bin/node /usr/local/bin/node
RUN groupadd --gid 1000 node && useradd --uid 1000 --gid node --shell /bin/sh --create-home node \
 && mkdir -p /run/kith/secrets /backups && chown node:node /run/kith/secrets /backups && chmod 700 /run/kith/secrets
COPY --from=runtime-deps /runtime/ ./
COPY --from=build /app/package.json ./
COPY --from=build /app/packages/contracts/package.json packages/contracts/
COPY --from=build /app/packages/contracts/dist packages/contracts/dist
COPY --from=build /app/packages/nest-kit/package.json packages/nest-kit/
COPY --from=build /app/packages/nest-kit/dist packages/nest-kit/dist
COPY --from=build /app/packages/ops/package.json packages/ops/
COPY --from=build /app/packages/ops/dist packages/ops/dist
COPY --from=build /app/gateway/package.json gateway/
COPY --from=build /app/gateway/dist gateway/dist
COPY --from=build /app/services/auth/package.json services/auth/
COPY --from=build /app/services/auth/dist services/auth/dist
COPY --from=build /app/services/auth/migrations services/auth/migrations
COPY --from=build /app/services/contacts/package.json services/contacts/
COPY --from=build /app/services/contacts/dist services/contacts/dist
COPY --from=build /app/services/contacts/migrations services/contacts/migrations
COPY --from=build /app/services/notifications/package.json services/notifications/
COPY --from=build /app/services/notifications/dist services/notifications/dist
COPY --from=build /app/services/notifications/migrations services/notifications/migrations
COPY --from=build /app/shell/dist shell/dist
COPY --from=build /app/mfe-dashboard/dist mfe-dashboard/dist
COPY --from=build /app/mfe-contacts/dist mfe-contacts/dist
COPY --from=build /app/mfe-lists/dist mfe-lists/dist
COPY --from=build /app/deploy/nats-server.conf deploy/
RUN chmod 755 packages/ops/dist/cli.js && ln -s /app/packages/ops/dist/cli.js /usr/local/bin/kith
# A young generation of 16 MB per semi-space (V8's default on 64-bit) is sized for throughput; Kith's
# processes are mostly idle and answer small requests, so a smaller one keeps each one's memory low.
ENV NODE_OPTIONS=--max-semi-space-size=2
USER node
# Overridden per service in docker-compose.yml.
CMD ["node", "gateway/dist/main.js"]
