# The production image: the built site and its server, run by Node 24 as an unprivileged user.
# Configuration comes from the environment (README: Configuration); compose.yaml runs it on PostgreSQL.

# The build: every package, the development ones included (React Router's build, Vite, Tailwind).
FROM node:24-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
# The development packages' Node 24 (node-runtime/, which the image's own Node makes redundant here but `npm ci` checks).
COPY node-runtime ./node-runtime
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

# The runtime: the production packages only. The server runs its TypeScript sources as they are
# (Node strips the types, docs/decisions/003-server-runs-typescript.md) beside the build's output.
FROM node:24-bookworm-slim
# MALLOC_ARENA_MAX and --max-semi-space-size: memory a process takes under load and never gives back, capped (docs/decisions/044-memory-bounded.md).
ENV NODE_ENV=production PORT=3000 MALLOC_ARENA_MAX=2
# Git, for a CONTENT_DIR that is a clone of the content's repository (its webhook and the editor: README, "Editing content").
RUN apt-get update && apt-get install -y --no-install-recommends git ca-certificates && rm -rf /var/lib/apt/lists/*
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force
COPY . .
# The content editor's Decap CMS bundle (service/editor/bundle.ts).
RUN node scripts/editor-bundle.ts
COPY --from=build /app/build ./build
# The process writes only the SQLite database (data/, when DATABASE_URL is not set).
RUN mkdir -p data && chown node:node data
USER node
EXPOSE 3000
HEALTHCHECK --interval=10s --timeout=3s CMD node -e "fetch('http://127.0.0.1:3000/readyz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"
# node itself (not npm) receives SIGTERM, and stops after the requests in flight and the outbox pass.
CMD ["node", "--max-semi-space-size=16", "server/main.ts"]
