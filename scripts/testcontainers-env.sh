# Sourced by scripts/test-modules.sh and scripts/release-dry-run.sh: the container runtime and what every
# language's Testcontainers reads, set the same way for all (see CONTRIBUTING "Container tests"): DOCKER_HOST
# (provided by scripts/container-runtime.sh when unset), Ryuk off (its image comes from a registry; the tests
# stop their own containers), 127.0.0.1 as the host of mapped ports for a local socket, and the image tag.
if [ -z "${DOCKER_HOST:-}" ]; then
  DOCKER_HOST=$("$(dirname "${BASH_SOURCE[0]}")/container-runtime.sh" | tail -n 1 | sed 's/^DOCKER_HOST=//')
fi
export DOCKER_HOST
export TESTCONTAINERS_RYUK_DISABLED=${TESTCONTAINERS_RYUK_DISABLED:-true}
if [[ $DOCKER_HOST == unix://* ]]; then
  export TESTCONTAINERS_HOST_OVERRIDE=${TESTCONTAINERS_HOST_OVERRIDE:-127.0.0.1}
fi
# Not PLANTSTORE_MOCK_*: the CLI reads every variable of that prefix as a flag, and refuses unknown ones.
export PLANTSTORE_TEST_IMAGE=${PLANTSTORE_TEST_IMAGE:-plantstore-mock:test}
