# The docs site as one image: a standalone build (NEXT_OUTPUT=standalone) run by the site's own
# production server, as tests/integration/deploy-standalone.test.ts runs it. deploy/compose.yaml
# runs two of it behind deploy/nginx.conf.
FROM node:20-bookworm-slim AS build
WORKDIR /app
ENV NEXT_TELEMETRY_DISABLED=1
COPY package.json package-lock.json ./
# npm install honours the lockfile; npm ci would refuse it on a platform whose native builds
# (Next.js's SWC, Tailwind's engine) the lockfile does not list, such as linux/arm64.
RUN npm install --no-audit --no-fund
COPY . .
# The public address is written into pages, the sitemap and search records at build time.
ARG NEXT_PUBLIC_SITE_URL
# A one-off build: writing Turbopack's cache for a next build would only cost time.
RUN NEXT_OUTPUT=standalone BUILD_SKIP_CACHE=1 npm run build

FROM node:20-bookworm-slim
WORKDIR /app
# HOSTNAME: Docker sets it to the container's id, which the server would listen on.
ENV NODE_ENV=production NEXT_TELEMETRY_DISABLED=1 HOSTNAME=0.0.0.0 PORT=3000
# Owned by the user it runs as: pages rendered again on an interval are written under .next/cache.
COPY --from=build --chown=node:node /app/.next/standalone ./
USER node
EXPOSE 3000
HEALTHCHECK --interval=10s --timeout=3s --start-period=30s \
  CMD ["node", "-e", "fetch(`http://127.0.0.1:${process.env.PORT}/healthz`).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "server/main.mjs"]
