# Multi-stage image: `tools` has the full toolchain (migrations, operator
# commands); `runtime` is Next's standalone server, run as a non-root user.
FROM node:20-bookworm-slim AS deps
WORKDIR /app
COPY package.json package-lock.json prisma.config.ts ./
COPY prisma ./prisma
COPY scripts/prisma-generate.mjs ./scripts/prisma-generate.mjs
RUN npm ci --no-audit --no-fund

FROM deps AS tools
COPY . .
ENV NEXT_TELEMETRY_DISABLED=1
# `docker compose run --rm migrate npx prisma migrate deploy` / `npm run shop:create -- ...`
CMD ["npx", "prisma", "migrate", "deploy"]

FROM tools AS build
ENV NEXT_OUTPUT=standalone NODE_ENV=production
RUN npx next build

FROM node:20-bookworm-slim AS runtime
WORKDIR /app
ENV NODE_ENV=production NEXT_TELEMETRY_DISABLED=1 PORT=3000 HOSTNAME=0.0.0.0 DATA_DIR=/data UPLOAD_DIR=/data/uploads
RUN groupadd --system app && useradd --system --gid app --home-dir /app app \
  && mkdir -p /data/uploads && chown -R app:app /data
COPY --from=build --chown=app:app /app/.next/standalone ./
COPY --from=build --chown=app:app /app/.next/static ./.next/static
COPY --from=build --chown=app:app /app/public ./public
USER app
EXPOSE 3000
VOLUME ["/data/uploads"]
HEALTHCHECK --interval=30s --timeout=5s --start-period=20s \
  CMD node -e "fetch('http://127.0.0.1:3000/api/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
CMD ["node", "server.js"]
