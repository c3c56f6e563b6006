# The production image: the built site and its server, run by Node 24 as an unprivileged user.
# Configuration comes from the environment (README: Configuration); compose.yaml runs it on PostgreSQL.
FROM node:24-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm install --no-audit --no-fund
COPY . .
RUN npm run build

FROM node:24-bookworm-slim
ENV NODE_ENV=production PORT=3000
WORKDIR /app
COPY --from=build --chown=node:node /app /app
USER node
EXPOSE 3000
HEALTHCHECK --interval=10s --timeout=3s CMD node -e "fetch('http://127.0.0.1:3000/readyz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"
# node itself (not npm) receives SIGTERM, and stops after the requests in flight and the outbox pass.
CMD ["node", "server/main.ts"]
