"""PlantStoreMockContainer: the plantstore-mock image for Testcontainers, with its admin API."""

from __future__ import annotations

import re
import ssl
import tempfile
import time
from pathlib import Path
from typing import Any, Optional, Union

import docker.errors  # type: ignore[import-untyped]  # docker ships no type hints
import httpx
from testcontainers.core.config import testcontainers_config
from testcontainers.core.container import DockerContainer

from plantstore_mock.coverage import GateVerdict, check_gate
from plantstore_mock.errors import MockAdminError, MockStartError
from plantstore_mock.session import MockSession

#: The port the image listens on inside the container.
MOCK_PORT = 4010
#: The tag ``docker build -t plantstore-mock .`` gives the image; pass another to the constructor.
DEFAULT_IMAGE = "plantstore-mock:latest"
#: Where the image reads a copied-in OpenAPI document, scenario files and seed data.
SPEC_DIR = "/spec"
SCENARIOS_DIR = "/scenarios"
DATA_DIR = "/data"
OVERLAYS_DIR = "/overlays"
#: Where ``with_tls()`` has the server write its generated CA (``--tls-ca-file``), for the module to copy out.
TLS_CA_FILE = "/tmp/plantstore-mock-ca.pem"
ENV_PREFIX = "PLANTSTORE_MOCK_"
LOG_LINES = 30

PathLike = Union[str, Path]
#: A document for ``with_specs``: a file (mounted at its first servers URL's path), or ``(base, file)``.
SpecDocument = Union[PathLike, tuple[str, PathLike]]


def _existing_file(path: PathLike, what: str) -> Path:
    file = Path(path).resolve()
    if not file.is_file():
        raise FileNotFoundError(f"{what} {file} does not exist or is not a file")
    return file


class PlantStoreMockContainer(DockerContainer):
    """A plantstore-mock container. Options map to the image's ``PLANTSTORE_MOCK_*`` variables (the CLI's
    flags); files are copied in, not bind-mounted, so a remote runtime works too; ``start()`` waits until
    ``GET /__mock/health`` answers 200, and fails at once, with the container's last log lines, when the
    container exits first."""

    def __init__(self, image: str = DEFAULT_IMAGE, startup_timeout: float = 60.0, **kwargs: Any) -> None:
        super().__init__(image, **kwargs)
        self.with_exposed_ports(MOCK_PORT)
        self._startup_timeout = startup_timeout
        self._admin_token: Optional[str] = None
        self._http: Optional[httpx.Client] = None
        self._tls = False
        self._ca_certificate: Optional[str] = None
        self._ca_file: Optional[Path] = None

    # Options -----------------------------------------------------------------------------------------

    def with_flag(self, name: str, value: Union[str, int, float, bool] = True) -> PlantStoreMockContainer:
        """Any command-line flag by its name (``body-limit``, ``stateful``...), as its environment variable."""
        text = str(value).lower() if isinstance(value, bool) else str(value)
        return self.with_env(ENV_PREFIX + name.lstrip("-").replace("-", "_").upper(), text)

    def with_spec(self, path: PathLike) -> PlantStoreMockContainer:
        """Mocks this OpenAPI document (YAML or JSON) instead of the bundled one; raises FileNotFoundError now."""
        file = _existing_file(path, "the OpenAPI document")
        self.with_copy_into_container(file, f"{SPEC_DIR}/{file.name}")
        return self.with_flag("spec", f"{SPEC_DIR}/{file.name}")

    def with_specs(self, *documents: SpecDocument) -> PlantStoreMockContainer:
        """Mocks several documents on one server, each at its own base path: its first servers URL's path, or the
        one given as ``("/billing", "billing.yaml")`` (``--spec /billing=FILE``). Each file is copied in."""
        if not documents:
            raise ValueError("with_specs needs at least one document")
        command: list[str] = []
        for index, document in enumerate(documents, start=1):
            base, path = document if isinstance(document, tuple) else (None, document)
            if base is not None and not base.startswith("/"):
                raise ValueError(f"a base path starts with /; got {base!r}")
            file = _existing_file(path, "the OpenAPI document")
            # One folder each, so files of the same name keep their names (the names the mock gives documents).
            target = f"{SPEC_DIR}/{index}/{file.name}"
            self.with_copy_into_container(file, target)
            command += ["--spec", target if base is None else f"{base}={target}"]
        return self.with_command(command)

    def with_tls(self) -> PlantStoreMockContainer:
        """Serves HTTPS (and HTTP/2) with a certificate made at start: ``get_base_url()`` is https,
        ``get_ca_certificate()`` / ``get_ca_file()`` the CA to trust, and the module's own clients trust it."""
        self._tls = True
        return self.with_flag("tls", True).with_flag("tls-ca-file", TLS_CA_FILE)

    def with_proxy(self, url: str) -> PlantStoreMockContainer:
        """Forwards routed requests to the real service at ``url`` (dialled from inside the container) and
        reports where its answers drift from the document (``--proxy``; see ``get_drift()``)."""
        if not re.fullmatch(r"https?://\S+", url, re.IGNORECASE):
            raise ValueError(f"with_proxy needs an http:// or https:// URL; got {url!r}")
        return self.with_flag("proxy", url)

    def with_scenarios_dir(self, path: PathLike) -> PlantStoreMockContainer:
        """Copies the scenario files of a host directory to /scenarios and loads them."""
        directory = Path(path).resolve()
        if not directory.is_dir():
            raise FileNotFoundError(f"the scenarios directory {directory} does not exist or is not a directory")
        for file in sorted(directory.iterdir()):
            if file.is_file():
                self.with_copy_into_container(file, f"{SCENARIOS_DIR}/{file.name}")
        return self.with_flag("scenarios", SCENARIOS_DIR)

    def with_data(self, path: PathLike) -> PlantStoreMockContainer:
        """Seed records for ``--stateful`` (JSON or YAML), copied to /data."""
        file = _existing_file(path, "the seed data file")
        self.with_copy_into_container(file, f"{DATA_DIR}/{file.name}")
        return self.with_flag("data", f"{DATA_DIR}/{file.name}")

    def with_overlays(self, *paths: PathLike) -> PlantStoreMockContainer:
        """Applies these OpenAPI Overlay (1.0 or 1.1) files, in order, to the document at load (``--overlay``);
        each is copied to /overlays/N (N from 1), so that files of the same name do not collide."""
        if not paths:
            raise ValueError("with_overlays needs at least one overlay file")
        targets = []
        for i, path in enumerate(paths, start=1):
            file = _existing_file(path, "the overlay")
            if "," in file.name:
                raise ValueError(f"an overlay's file name must hold no comma: {file.name}")
            self.with_copy_into_container(file, f"{OVERLAYS_DIR}/{i}/{file.name}")
            targets.append(f"{OVERLAYS_DIR}/{i}/{file.name}")
        return self.with_flag("overlay", ",".join(targets))

    def with_tokens(self, *tokens: str) -> PlantStoreMockContainer:
        """Accepts only these bearer tokens; without it any non-empty token is accepted."""
        if not tokens or any(token == "" or "," in token for token in tokens):
            raise ValueError("with_tokens needs at least one token, none empty or containing a comma")
        return self.with_flag("token", ",".join(tokens))

    def with_admin_token(self, token: str) -> PlantStoreMockContainer:
        """Protects /__mock/ (but health) with this token; the module's admin calls send it."""
        if token == "":
            raise ValueError("the admin token must not be empty")
        self._admin_token = token
        return self.with_flag("admin-token", token)

    def with_seed(self, seed: int) -> PlantStoreMockContainer:
        if isinstance(seed, bool) or not isinstance(seed, int) or seed < 0:
            raise ValueError(f"seed must be a non-negative integer; got {seed!r}")
        return self.with_flag("seed", seed)

    def with_stateful(self, stateful: bool = True) -> PlantStoreMockContainer:
        return self.with_flag("stateful", stateful)

    def with_store(self, url: str, prefix: str | None = None) -> PlantStoreMockContainer:
        """Shares sessions and records with other replicas through Valkey/Redis at ``url`` (``redis://`` or
        ``rediss://``, reachable from the container, e.g. a network alias), under ``prefix``."""
        if not url.startswith(("redis://", "rediss://")):
            raise ValueError(f"the store must be a redis:// or rediss:// URL; got {url!r}")
        self.with_flag("store", url)
        return self if not prefix else self.with_flag("store-prefix", prefix)

    def with_scenario(self, name: str) -> PlantStoreMockContainer:
        """Starts with this scenario active for every request."""
        return self.with_flag("scenario", name)

    def with_log_level(self, level: str) -> PlantStoreMockContainer:
        return self.with_flag("log-level", level)

    # Life cycle --------------------------------------------------------------------------------------

    def start(self) -> PlantStoreMockContainer:
        try:
            super().start()
        except docker.errors.DockerException as error:
            logs = self._logs_or_empty()
            self.stop()
            if "ryuk" in str(error).lower():
                # Testcontainers starts its reaper first: the failure is its image's, not this one's.
                raise MockStartError(
                    f"Testcontainers' reaper (Ryuk, {testcontainers_config.ryuk_image}) could not be started, so "
                    f"{self.image} was not tried: {error}; make that image available, or set "
                    "TESTCONTAINERS_RYUK_DISABLED=true (containers are then stopped only by the tests)",
                    logs,
                ) from error
            raise MockStartError(f"the image {self.image} could not be started: {error}", logs) from error
        try:
            self._wait_until_healthy()
            if self._tls:
                self._ca_certificate = self._read_ca_certificate()
        except MockStartError:
            self.stop()
            raise
        return self

    def _read_ca_certificate(self) -> str:
        """The CA the server wrote before it served (health answered, so it is there)."""
        exit_code, output = self.get_wrapped_container().exec_run(["cat", TLS_CA_FILE])
        text = output.decode("utf-8", "replace") if isinstance(output, bytes) else str(output)
        if exit_code != 0 or "-----BEGIN CERTIFICATE-----" not in text:
            raise MockStartError(f"the container serves HTTPS but its CA could not be read from {TLS_CA_FILE}", self.last_logs())
        return text

    def stop(self, force: bool = True, delete_volume: bool = True) -> None:
        if self._http is not None:
            self._http.close()
            self._http = None
        if self._ca_file is not None:
            self._ca_file.unlink(missing_ok=True)
            self._ca_file = None
        super().stop(force, delete_volume)

    def get_container_host_ip(self) -> str:
        try:
            return super().get_container_host_ip()
        except KeyError:
            # Inside a container (/.dockerenv) Testcontainers asks for the bridge gateway, from fields podman's
            # API leaves out (KeyError: 'HostConfig'); the ports are published on the runtime's host all the same.
            return self.get_docker_client().host()

    def _wait_until_healthy(self) -> None:
        deadline = time.monotonic() + self._startup_timeout
        last_problem = "no answer yet"
        while time.monotonic() < deadline:
            container = self.get_wrapped_container()
            container.reload()
            if container.status in ("exited", "dead"):
                code = container.attrs.get("State", {}).get("ExitCode")
                raise MockStartError(f"the container of {self.image} exited with code {code} before it served", self.last_logs())
            port = self._published_port(container.attrs) if container.status == "running" else None
            if port is not None:
                try:
                    # Over TLS the CA is read once health answers: this probe only asks whether it serves.
                    scheme = "https" if self._tls else "http"
                    url = f"{scheme}://{self.get_container_host_ip()}:{port}/__mock/health"
                    health = httpx.get(url, timeout=2, verify=False)
                    if health.status_code == 200:
                        return
                    last_problem = f"GET /__mock/health answered {health.status_code}"
                except httpx.TransportError as error:
                    last_problem = str(error) or type(error).__name__
            time.sleep(0.1)
        raise MockStartError(
            f"the container of {self.image} did not answer GET /__mock/health with 200 within "
            f"{self._startup_timeout} s ({last_problem})",
            self.last_logs(),
        )

    @staticmethod
    def _published_port(attrs: dict[str, Any]) -> Optional[str]:
        """The host port of 4010/tcp from an inspection, without waiting (the container may exit any moment)."""
        bindings = (attrs.get("NetworkSettings", {}).get("Ports") or {}).get(f"{MOCK_PORT}/tcp") or []
        return next((binding["HostPort"] for binding in bindings if binding.get("HostPort")), None)

    def last_logs(self, lines: int = LOG_LINES) -> str:
        """The container's last log lines (stdout and stderr interleaved)."""
        logs: bytes = self.get_wrapped_container().logs(tail=lines)
        return logs.decode("utf-8", "replace").rstrip()

    def _logs_or_empty(self) -> str:
        try:
            return self.last_logs() if self._container is not None else ""
        except docker.errors.DockerException:
            return ""

    # Where and what ----------------------------------------------------------------------------------

    def get_base_url(self) -> str:
        """The mock as the test sees it, e.g. ``http://127.0.0.1:32768`` (https with ``with_tls()``)."""
        host = self.get_container_host_ip()
        host = f"[{host}]" if ":" in host else host
        return f"{'https' if self._tls else 'http'}://{host}:{self.get_exposed_port(MOCK_PORT)}"

    def get_ca_certificate(self) -> Optional[str]:
        """The CA (PEM) of a mock started ``with_tls()``, for a client to trust; None over plain HTTP."""
        return self._ca_certificate

    def get_ca_file(self) -> Optional[Path]:
        """That CA as a host file (``ssl.create_default_context(cafile=...)``, ``requests``' ``verify=``, ``SSL_CERT_FILE``),
        deleted on ``stop()``; None over plain HTTP."""
        if self._ca_certificate is not None and self._ca_file is None:
            with tempfile.NamedTemporaryFile("w", prefix="plantstore-mock-ca-", suffix=".pem", delete=False) as file:
                file.write(self._ca_certificate)
            self._ca_file = Path(file.name)
        return self._ca_file

    def ssl_context(self) -> Union[ssl.SSLContext, bool]:
        """What an httpx client's ``verify`` takes to reach this mock: a context trusting its CA with
        ``with_tls()``, else True (the system's trust, unused over plain HTTP)."""
        if self._ca_certificate is None:
            return True
        return ssl.create_default_context(cadata=self._ca_certificate)

    def admin(self, method: str, path: str, json: Any = None, params: Optional[dict[str, str]] = None) -> Any:
        """Calls an admin endpoint (``/__mock/PATH``) and returns its JSON; raises MockAdminError on an error status."""
        if self._http is None:
            self._http = httpx.Client(base_url=self.get_base_url(), timeout=30, verify=self.ssl_context())
        headers = {"Accept": "application/json"}
        if self._admin_token is not None:
            headers["Authorization"] = f"Bearer {self._admin_token}"
        response = self._http.request(method, f"/__mock/{path.lstrip('/')}", json=json, params=params, headers=headers)
        if response.status_code >= 400:
            try:
                message = response.json().get("message", response.text)
            except ValueError:
                message = response.text
            raise MockAdminError(
                f"{method} /__mock/{path} answered {response.status_code}: {message}", response.status_code, self.last_logs()
            )
        return response.json() if response.content else None

    def health(self) -> dict[str, Any]:
        """``{status: 'ok', spec, version}`` while the mock serves."""
        health: dict[str, Any] = self.admin("GET", "health")
        return health

    def scenarios(self) -> dict[str, Any]:
        """The scenarios the mock knows and the active one."""
        scenarios: dict[str, Any] = self.admin("GET", "scenarios")
        return scenarios

    def session(self, session_id: Optional[str] = None) -> MockSession:
        """A handle on a fresh session (a random id) or on the given one."""
        return MockSession(self, session_id)

    def coverage(self, session: Optional[str] = None) -> dict[str, Any]:
        """The contract coverage report, of every request or of one session."""
        report: dict[str, Any] = self.admin("GET", "coverage", params=None if session is None else {"session": session})
        return report

    def get_drift(self, session: Optional[str] = None) -> dict[str, Any]:
        """``GET /__mock/drift``: where the real service's answers (``with_proxy``) broke the document, per
        operation, of every request or of one session."""
        report: dict[str, Any] = self.admin("GET", "drift", params=None if session is None else {"session": session})
        return report

    def coverage_gate(
        self, min_percent: Optional[float] = None, no_violations: bool = False, session: Optional[str] = None
    ) -> GateVerdict:
        """The coverage gate's verdict (``coverage --min N --no-violations``): ``assert verdict, verdict.reason``."""
        return check_gate(self.coverage(session), min_percent, no_violations)

    def __enter__(self) -> PlantStoreMockContainer:
        try:
            return self.start()
        except BaseException:
            self.stop()
            raise
