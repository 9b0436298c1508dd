# One image for every Kith process: the workspace is built once, and each compose service runs
# its own entry point (gateway, auth, contacts, notifications). Front-ends are served by the gateway.
FROM node:24-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY packages/contracts/package.json packages/contracts/
COPY packages/nest-kit/package.json packages/nest-kit/
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
RUN NX_DAEMON=false npx nx run-many -t build --output-style=static && npm prune --omit=dev

FROM node:24-bookworm-slim
ENV NODE_ENV=production
WORKDIR /app
COPY --from=build /app /app
USER node
# Overridden per service in docker-compose.yml.
CMD ["node", "gateway/dist/main.js"]
