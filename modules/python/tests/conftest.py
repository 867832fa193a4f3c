"""Finds the container runtime and the image before testcontainers is imported (it reads its settings then)."""

from __future__ import annotations

import http.client
import json
import os
import socket
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

REPO = Path(__file__).resolve().parents[3]
FIXTURES = REPO / "test" / "container" / "fixtures"
_ALL_CASES = json.loads((REPO / "modules" / "cases.json").read_text("utf-8"))
CASES = _ALL_CASES["cases"]
#: The pair test's cases: {"upstream": [...], "proxy": [...]}.
PAIR_CASES = {name: _ALL_CASES["pair"][name] for name in ("upstream", "proxy")}


class _UnixConnection(http.client.HTTPConnection):
    def __init__(self, path: str) -> None:
        super().__init__("localhost", timeout=3)
        self._path = path

    def connect(self) -> None:
        self.sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self.sock.settimeout(3)
        self.sock.connect(self._path)


def _answers_ping(docker_host: str) -> bool:
    if not docker_host.startswith("unix://"):
        return docker_host.startswith("tcp://")
    try:
        connection = _UnixConnection(docker_host[len("unix://") :])
        connection.request("GET", "/_ping")
        return connection.getresponse().status == 200
    except OSError:
        return False


def _find_runtime() -> str | None:
    """DOCKER_HOST, else the sockets Docker and podman use; sets what Testcontainers reads (as the Node tests do)."""
    candidates = [os.environ["DOCKER_HOST"]] if os.environ.get("DOCKER_HOST") else [
        "unix:///var/run/docker.sock",
        "unix:///run/podman/podman.sock",
    ]
    for docker_host in candidates:
        if _answers_ping(docker_host):
            os.environ["DOCKER_HOST"] = docker_host
            # Ryuk's image comes from a registry; the tests stop their own containers.
            os.environ.setdefault("TESTCONTAINERS_RYUK_DISABLED", "true")
            if docker_host.startswith("unix://"):
                os.environ.setdefault("TESTCONTAINERS_HOST_OVERRIDE", "127.0.0.1")
                # Python's Testcontainers otherwise dials the bridge gateway when /.dockerenv exists.
                os.environ.setdefault("TESTCONTAINERS_CONNECTION_MODE", "docker_host")
            return docker_host
    return None


RUNTIME = _find_runtime()
IN_CI = os.environ.get("CI", "") not in ("", "0", "false")
if RUNTIME is None and IN_CI:
    raise RuntimeError("CI needs a container runtime: run scripts/container-runtime.sh (as root) or set DOCKER_HOST")

from plantstore_mock import PlantStoreMockContainer  # noqa: E402  (after the environment is set)


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    if RUNTIME is None:
        skip = pytest.mark.skip(reason="no Docker-compatible runtime answers; run scripts/container-runtime.sh or set DOCKER_HOST")
        for item in items:
            if "needs_runtime" in item.fixturenames or "mock" in item.fixturenames or "image" in item.fixturenames:
                item.add_marker(skip)


@pytest.fixture(scope="session")
def image() -> str:
    """The image built from the repository's Dockerfile: PLANTSTORE_TEST_IMAGE, else plantstore-mock:test,
    built here when the runtime lacks it (CI builds it once for all four languages)."""
    import docker.errors
    from testcontainers.core.docker_client import DockerClient
    from testcontainers.core.image import DockerImage

    name = os.environ.get("PLANTSTORE_TEST_IMAGE", "plantstore-mock:test")
    try:
        DockerClient().client.images.get(name)
    except docker.errors.ImageNotFound:
        DockerImage(path=REPO, tag=name, clean_up=False).build()
    return name


@pytest.fixture(scope="module")
def mock(image: str) -> Iterator[PlantStoreMockContainer]:
    with PlantStoreMockContainer(image) as container:
        yield container


def json_body(payload: Any) -> dict[str, Any]:
    return {"json": payload, "headers": {"Authorization": "Bearer t"}}
