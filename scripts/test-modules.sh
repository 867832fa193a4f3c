#!/usr/bin/env bash
# Runs the Java, Python and Go Testcontainers modules' tests (modules/) against the image built from this
# repository, as `npm run test:modules`; `npm test` runs the Node module's, and builds the image with the
# tag plantstore-mock:test. All three use that image (or PLANTSTORE_TEST_IMAGE), built here once when the
# runtime lacks it or PLANTSTORE_TEST_REBUILD=1 (after changing the sources without running `npm test`).
# Installs what each needs (Maven dependencies, a Python venv, Go modules) and prints how long each language
# took. MODULES="java go" runs a subset. Needs a container runtime: scripts/container-runtime.sh.
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
MODULES=${MODULES:-java python go}

# shellcheck source=scripts/testcontainers-env.sh
source scripts/testcontainers-env.sh

start=$SECONDS
node --input-type=module -e '
  import { GenericContainer, getContainerRuntimeClient, ImageName } from "testcontainers";
  const [root, image] = process.argv.slice(1);
  const client = await getContainerRuntimeClient();
  if (process.env.PLANTSTORE_TEST_REBUILD === "1" || !(await client.image.exists(ImageName.fromString(image)))) {
    console.log(`== building ${image} from the Dockerfile (once, for every module)`);
    await GenericContainer.fromDockerfile(root).build(image, { deleteOnExit: false });
  } else {
    console.log(`== using the image ${image} (PLANTSTORE_TEST_REBUILD=1 rebuilds it)`);
  }
' "$ROOT" "$PLANTSTORE_TEST_IMAGE"
timings="image $((SECONDS - start)) s"

run_java() {
  (cd modules/java && mvn -B -ntp test)
}

run_python() {
  local venv=${PLANTSTORE_TEST_VENV:-$ROOT/modules/python/.venv}
  [ -x "$venv/bin/python" ] || python3 -m venv "$venv"
  "$venv/bin/pip" install --quiet --disable-pip-version-check -e "modules/python[test]"
  (cd modules/python && "$venv/bin/python" -m mypy src)
  local status=0
  (cd modules/python && "$venv/bin/python" -m pytest -v) || status=$?
  # pytest exits 5 when it collected no test at all: here that is a broken suite, never a pass.
  if [ "$status" = 5 ]; then echo "test-modules: pytest collected no tests in modules/python" >&2; fi
  return "$status"
}

run_go() {
  (cd modules/go && go vet ./... && go test -count=1 -v ./...)
}

for module in $MODULES; do
  echo "== modules/$module"
  start=$SECONDS
  "run_$module"
  timings="$timings, $module $((SECONDS - start)) s"
done
echo "== modules' tests passed ($timings)"
