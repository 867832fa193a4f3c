#!/usr/bin/env bash
# A dry run of every build step of .github/workflows/release.yml, publishing nothing: the versions agree,
# the workflow passes actionlint, the npm tarball installs into an empty project and works there (CLI and
# library), the Java module packages (jar, sources, javadoc), the Python sdist and wheel each install into a
# fresh venv, the Go module vets and builds, and the image built from the Dockerfile reports the version.
# Run by .ci/run after the tests (it reuses the image they built: plantstore-mock:test or PLANTSTORE_TEST_IMAGE).
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
WORK=$(mktemp -d "${TMPDIR:-/tmp}/release-dry-run.XXXXXX")
trap 'rm -rf "$WORK"' EXIT
VERSION=$(node -p 'require("./package.json").version')
ACTIONLINT_VERSION=v1.7.12
# shellcheck source=scripts/testcontainers-env.sh
source scripts/testcontainers-env.sh

echo "== versions: every artefact at $VERSION"
npx tsx scripts/sync-version.ts --check --tag "v$VERSION"

echo "== actionlint $ACTIONLINT_VERSION on .github/workflows"
GOBIN=$WORK/bin go install "github.com/rhysd/actionlint/cmd/actionlint@$ACTIONLINT_VERSION"
"$WORK/bin/actionlint" .github/workflows/*.yml

echo "== npm pack as the release publishes it (no prepare script), installed into an empty project and used there"
cp package.json "$WORK/package.json.repo"
trap 'cp "$WORK/package.json.repo" "$ROOT/package.json"; rm -rf "$WORK"' EXIT
npm pkg delete scripts.prepare
npm pack --silent --ignore-scripts --pack-destination "$WORK" >/dev/null
cp "$WORK/package.json.repo" package.json
mkdir "$WORK/consumer"
cp test/package/consumer/consumer.test.mjs "$WORK/consumer/"
(cd "$WORK/consumer" && npm init -y >/dev/null && npm pkg set type=module &&
  npm install --no-audit --no-fund "$WORK/plantstore-mock-$VERSION.tgz" >"$WORK/install.log" 2>&1 || { cat "$WORK/install.log"; exit 1; })
# A consumer on Node 20 sees no engine or install-script warning (issue: EBADENGINE from a transitive cookie@2).
if grep -E 'npm warn (EBADENGINE|install-scripts)' "$WORK/install.log"; then
  echo "installing the package printed the warnings above" >&2
  exit 1
fi
(cd "$WORK/consumer" && node --test consumer.test.mjs)

echo "== Java: mvn package"
(cd modules/java && mvn -B -ntp -q -DskipTests package)
for jar in "" -sources -javadoc; do
  test -s "modules/java/target/plantstore-mock-testcontainers-$VERSION$jar.jar" || { echo "missing the$jar jar" >&2; exit 1; }
done

echo "== Python: sdist and wheel, each installed into a fresh venv"
python3 -m venv "$WORK/build-venv"
"$WORK/build-venv/bin/pip" install --quiet --disable-pip-version-check build
"$WORK/build-venv/bin/python" -m build --outdir "$WORK/python" modules/python >/dev/null
for artefact in "$WORK/python/plantstore_mock-$VERSION-py3-none-any.whl" "$WORK/python/plantstore_mock-$VERSION.tar.gz"; do
  python3 -m venv "$WORK/fresh"
  "$WORK/fresh/bin/pip" install --quiet --disable-pip-version-check "$artefact"
  "$WORK/fresh/bin/python" -c "import plantstore_mock as m; assert m.__version__ == '$VERSION', m.__version__; assert m.PlantStoreMockContainer"
  echo "installed and imported $(basename "$artefact")"
  rm -rf "$WORK/fresh"
done

echo "== Go: go vet, go build"
(cd modules/go && go vet ./... && go build ./...)

echo "== the image reports $VERSION"
node --input-type=module -e '
  import { PlantStoreMockContainer } from "./dist/testcontainers/index.js";
  const [image, version] = process.argv.slice(1);
  const mock = await new PlantStoreMockContainer(image).start();
  const { output } = await mock.exec(["node", "/app/dist/cli/main.cjs", "--version"]);
  await mock.stop();
  if (output.trim() !== version) throw new Error(`the image ${image} says ${JSON.stringify(output)}, package.json ${version}`);
  console.log(`${image} says ${output.trim()}`);
' "$PLANTSTORE_TEST_IMAGE" "$VERSION"
echo "== release dry run passed"
