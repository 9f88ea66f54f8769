# The app image: the production build served by scripts/serve.ts (request
# logs, graceful shutdown), started the README's way through scripts/start.mjs,
# which applies pending migrations first and then runs serve.ts as its child.
# Runs as a non-root user; everything it keeps is under /data (photos in
# /data/uploads, backups in /data/backups).

# Production dependencies only, without install scripts: ours generates the
# Prisma client, which the build stage makes and the runtime copies from it.
FROM node:20-bookworm-slim AS deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --ignore-scripts --no-audit --no-fund

# The build, with every dependency; its cache is not needed to serve.
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json prisma.config.ts ./
COPY prisma ./prisma
COPY scripts/prisma-generate.mjs ./scripts/prisma-generate.mjs
RUN npm ci --no-audit --no-fund
COPY . .
ENV NEXT_TELEMETRY_DISABLED=1
RUN npm run build && rm -rf .next/cache

# What runs: the build, the production dependencies, and the sources the
# operator commands load at run time (scripts/, lib/, messages/, migrations).
FROM node:20-bookworm-slim AS runtime
WORKDIR /app
ENV NODE_ENV=production NEXT_TELEMETRY_DISABLED=1 PORT=3000 HOSTNAME=0.0.0.0 DATA_DIR=/data UPLOAD_DIR=/data/uploads \
  PREBUILT=1
COPY --from=deps /app/node_modules ./node_modules
COPY --from=build /app/.next ./.next
COPY --from=build /app/lib ./lib
COPY package.json package-lock.json tsconfig.json next.config.mjs ./
COPY scripts ./scripts
COPY messages ./messages
COPY i18n ./i18n
COPY prisma ./prisma
RUN groupadd --system app && useradd --system --gid app --home-dir /app app \
  && mkdir -p /data/uploads /data/backups && chown -R app:app /data
USER app
EXPOSE 3000
VOLUME ["/data"]
HEALTHCHECK --interval=30s --timeout=5s --start-period=30s \
  CMD node -e "fetch('http://127.0.0.1:3000/api/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
# SIGTERM (docker stop) lets requests in flight finish; give it the time:
# docker compose sets stop_grace_period above SHUTDOWN_TIMEOUT_MS.
# As package.json's start script (npm start), its environment and flags included.
ENV MALLOC_ARENA_MAX=2 MALLOC_MMAP_THRESHOLD_=65536
CMD ["node", "--max-semi-space-size=4", "scripts/start.mjs"]
