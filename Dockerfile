# syntax=docker/dockerfile:1
# The portal as one image: Node 24 LTS, the built web app and server bundle, the server's production
# dependencies only, run as the unprivileged `node` user. See README « Déploiement avec Docker ».

# 1. Build: every dependency, then the web app (with its .br/.gz copies) and server/dist (main.mjs, the
# portal; user.mjs, the staff command: `docker compose exec portal node server/dist/user.mjs list`).
FROM node:24-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY contract/package.json contract/
COPY server/package.json server/
COPY web/package.json web/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

# 2. The server's production dependencies (the web app's libraries are inside its built files).
FROM node:24-bookworm-slim AS deps
WORKDIR /app
COPY package.json package-lock.json ./
COPY contract/package.json contract/
COPY server/package.json server/
COPY web/package.json web/
RUN npm ci --omit=dev --workspace server --no-audit --no-fund && npm cache clean --force

# 3. Runtime: the built app only.
FROM node:24-bookworm-slim
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000 DATA_DIR=/data
WORKDIR /app
# node_modules at the root and those nested under server/ (versions that could not be hoisted).
COPY --from=deps /app ./
COPY --from=build /app/server/dist server/dist
COPY --from=build /app/server/drizzle server/drizzle
COPY --from=build /app/web/dist web/dist
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME /data
EXPOSE 3000
HEALTHCHECK --interval=30s --timeout=6s --start-period=30s \
  CMD ["node", "-e", "fetch('http://127.0.0.1:3000/api/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# The command `npm start` runs (scripts/start.mjs), without its build step: the image is built already.
CMD ["node", "--enable-source-maps", "server/dist/main.mjs"]
