#!/usr/bin/env bash
# Checks deploy/ with real tools: the Helm chart with `helm lint --strict` and `helm template` (three value
# sets), each rendering decoded strictly into Kubernetes' own API types (scripts/k8s-check); the compose
# file with podman-compose's own `config`; its nginx.conf with `nginx -t`. Tools missing here are built or
# installed into TOOLS (default ~/.cache/plantstore-mock-tools, kept between runs): helm and k8s-check from
# the Go module proxy, podman-compose from PyPI. Each build is bounded in time.
set -euo pipefail
cd "$(dirname "$0")/.."
TOOLS=${TOOLS:-$HOME/.cache/plantstore-mock-tools}
mkdir -p "$TOOLS/bin"
HELM_VERSION=v3.22.0
if [ ! -x "$TOOLS/bin/helm" ]; then
  echo "== building helm $HELM_VERSION (Go module proxy)"
  GOBIN="$TOOLS/bin" timeout 1200 go install "helm.sh/helm/v3/cmd/helm@$HELM_VERSION"
fi
if [ ! -x "$TOOLS/bin/k8s-check" ] || [ scripts/k8s-check/main.go -nt "$TOOLS/bin/k8s-check" ]; then
  echo "== building scripts/k8s-check"
  (cd scripts/k8s-check && timeout 900 go build -o "$TOOLS/bin/k8s-check" .)
fi
if [ ! -x "$TOOLS/venv/bin/podman-compose" ]; then
  python3 -m venv "$TOOLS/venv"
  timeout 300 "$TOOLS/venv/bin/pip" install -q podman-compose==1.6.0
fi
HELM="$TOOLS/bin/helm"
CHART=deploy/helm/plantstore-mock
echo "== helm lint --strict"
"$HELM" lint --strict "$CHART"
render() { "$HELM" template demo "$CHART" "$@"; }
expect() { grep -q -- "$2" <<<"$1" || { echo "check-deploy: the chart rendered without $2 ($3)" >&2; exit 1; }; }
echo "== helm template | k8s-check (defaults; an external store; a document and scenarios from a ConfigMap)"
defaults=$(render)
k8s-check() { "$TOOLS/bin/k8s-check"; }
k8s-check <<<"$defaults"
for want in 'kind: PodDisruptionBudget' 'readinessProbe' 'path: /__mock/health/ready' 'runAsNonRoot: true' \
  'readOnlyRootFilesystem: true' 'value: "redis://demo-plantstore-mock-valkey:6379/0"' 'name: demo-plantstore-mock-valkey'; do
  expect "$defaults" "$want" defaults
done
external=$(render --set store.url=rediss://u:p@cache.example:6380/1 --set store.prefix=team-a)
k8s-check <<<"$external"
expect "$external" 'value: "rediss://u:p@cache.example:6380/1"' 'external store'
if grep -q 'component: valkey' <<<"$external"; then echo "check-deploy: an external store still rendered Valkey" >&2; exit 1; fi
own=$(render --set-file spec=test/fixtures/plantstore-crud.yaml --set-file 'scenarios.flaky\.yaml=scenarios/fail-then-succeed.yaml')
k8s-check <<<"$own"
expect "$own" 'kind: ConfigMap' 'document in a ConfigMap'
expect "$own" 'mountPath: /spec/openapi.yaml' 'document mounted'
echo "== podman-compose config (deploy/compose/compose.yaml)"
"$TOOLS/venv/bin/podman-compose" -f deploy/compose/compose.yaml config >/dev/null
echo "== nginx -t (deploy/compose/nginx.conf, the replicas' names as loopback)"
NGINX=$(command -v nginx || echo /usr/sbin/nginx)
conf=$(mktemp -d)
trap 'rm -rf "$conf"' EXIT
sed 's/mock-[123]:4010/127.0.0.1:4010/' deploy/compose/nginx.conf >"$conf/nginx.conf"
"$NGINX" -t -q -c "$conf/nginx.conf" -g "pid $conf/nginx.pid; error_log stderr;" 2>&1 | grep -v 'could not open error log' || true
"$NGINX" -t -q -c "$conf/nginx.conf" -g "pid $conf/nginx.pid; error_log stderr;" 2>/dev/null
echo "check-deploy: the chart and the compose file pass"
