# plantstore-mock as a container: `docker build -t plantstore-mock .` then
# `docker run --rm -p 4010:4010 plantstore-mock [flags]`. See README "Docker".
# The base image is overridable (e.g. --build-arg NODE_IMAGE=node:20-bookworm-slim); where no registry is
# reachable, scripts/container-runtime.sh builds a local stand-in with the default tag.
ARG NODE_IMAGE=node:24-bookworm-slim

# Build stage: dev dependencies, compile, then stage exactly what the npm package ships plus its
# production dependencies (from the lockfile) in /out.
FROM ${NODE_IMAGE} AS build
WORKDIR /src
COPY package.json package-lock.json ./
# --ignore-scripts: `prepare` would compile before the sources are here; nothing else needs a script.
RUN npm install --no-audit --no-fund --ignore-scripts
# The context holds only what .dockerignore lets through: sources, configs, the spec, bundled scenarios.
COPY . .
RUN npm run build \
 && npm pack --ignore-scripts --silent --pack-destination /tmp \
 && mkdir /out \
 && tar -xzf /tmp/plantstore-mock-*.tgz -C /out --strip-components=1 \
 && cp package-lock.json /out/ \
 && cd /out \
 && npm install --omit=dev --ignore-scripts --no-audit --no-fund \
 && rm package-lock.json

# Run stage: Node and the staged package only (no dev dependencies, tests or npm cache), as a non-root user.
FROM ${NODE_IMAGE}
ENV NODE_ENV=production \
    PLANTSTORE_MOCK_HOST=0.0.0.0 \
    PLANTSTORE_MOCK_PORT=4010
WORKDIR /app
# Owned by root, read-only to the server's user. Users mount their own document under /spec
# (PLANTSTORE_MOCK_SPEC=/spec/openapi.yaml) and scenario files at /scenarios (PLANTSTORE_MOCK_SCENARIOS);
# without them the bundled contract and its bundled scenarios are served.
COPY --from=build /out /app
USER node
# V8's compile cache of the CLI bundle, made at build time as the user the server runs as (Node keeps one
# per user id and Node version; Node < 22.1 ignores the variable), so a fresh container skips compiling
# it. Containers only read it; where it cannot be written (read-only filesystem) Node carries on without.
ENV NODE_COMPILE_CACHE=/home/node/.cache/node-compile-cache
RUN node /app/dist/cli/main.cjs --version >/dev/null
EXPOSE 4010
# Slim images have no curl: Node asks the health endpoint itself, over HTTP, else over HTTPS (--tls: the
# TLS port closes plain HTTP at once). It checks the server is up, not who it is: no certificate check.
HEALTHCHECK --interval=10s --timeout=3s --start-period=5s --retries=3 \
  CMD ["node", "-e", "process.env.NODE_TLS_REJECT_UNAUTHORIZED='0';const ask=(s)=>fetch(s+'://127.0.0.1:'+(process.env.PLANTSTORE_MOCK_PORT||4010)+'/__mock/health').then(r=>r.ok);ask('http').catch(()=>ask('https')).then(ok=>process.exit(ok?0:1),()=>process.exit(1))"]
# Node runs as PID 1 and handles SIGTERM itself (closes the server, exits 0), so `docker stop` is quick.
ENTRYPOINT ["node", "/app/dist/cli/main.cjs"]
