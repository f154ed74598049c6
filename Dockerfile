# Help-desk chat bot: a production image. Build: docker build -t helpdesk-bot .
# Run:   docker run --env-file .env -p 3978:3978 -v helpdesk-data:/data helpdesk-bot
# Settings come from the environment (--env-file); see .env.example and docs/deploy.md. The ENV
# values below apply unless the env file sets them: keep NODE_ENV, HOST, PORT and
# HELPDESK_DATA_DIR commented out there, as .env.example has them.

# --- build: full install (TypeScript, tsx), compile src/ to dist/ ---
FROM node:24-bookworm-slim AS build
WORKDIR /app
# better-sqlite3 ships its prebuilt binary inside its package; python3/make/g++ are the fallback.
RUN apt-get update && apt-get install -y --no-install-recommends python3 make g++ && rm -rf /var/lib/apt/lists/*
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY tsconfig.json tsconfig.build.json ./
COPY scripts ./scripts
COPY src ./src
RUN npm run build && npm prune --omit=dev --no-audit --no-fund

# --- run: production dependencies, compiled code, and the files read at run time ---
FROM node:24-bookworm-slim
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3978 \
    HELPDESK_DATA_DIR=/data
WORKDIR /app
COPY --from=build --chown=root:root /app/node_modules ./node_modules
COPY --from=build --chown=root:root /app/dist ./dist
COPY --chown=root:root package.json ./
COPY --chown=root:root cards ./cards
RUN mkdir -p /data && chown node:node /data
# The code is root-owned and read-only to the bot; only /data is writable.
USER node
VOLUME ["/data"]
EXPOSE 3978
# Liveness: /healthz answers 200 while the process serves requests. Load balancers take /readyz
# (503 until the help desk answers, and while it is unreachable); see docs/deploy.md.
HEALTHCHECK --interval=30s --timeout=5s --start-period=20s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3978)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# Exec form, no shell or npm in between: node is PID 1 and gets `docker stop`'s SIGTERM itself;
# the bot handles it (closes the server and the store), since PID 1 has no default signal handling.
CMD ["node", "dist/main.js"]
