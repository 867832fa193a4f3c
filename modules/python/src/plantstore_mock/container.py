"""PlantStoreMockContainer: the plantstore-mock image for Testcontainers, with its admin API."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any, Optional, Union

import docker.errors  # type: ignore[import-untyped]  # docker ships no type hints
import httpx
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
ENV_PREFIX = "PLANTSTORE_MOCK_"
LOG_LINES = 30

PathLike = Union[str, Path]


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

    def with_tokens(self, *tokens: str) -> PlantStoreMockContainer:
        """Accepts only these bearer tokens; without it any well-formed token is accepted."""
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
            raise MockStartError(f"the image {self.image} could not be started: {error}", logs) from error
        try:
            self._wait_until_healthy()
        except MockStartError:
            self.stop()
            raise
        return self

    def stop(self, force: bool = True, delete_volume: bool = True) -> None:
        if self._http is not None:
            self._http.close()
            self._http = None
        super().stop(force, delete_volume)

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
                    health = httpx.get(f"http://{self.get_container_host_ip()}:{port}/__mock/health", timeout=2)
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
        """The mock as the test sees it, e.g. ``http://127.0.0.1:32768``."""
        host = self.get_container_host_ip()
        host = f"[{host}]" if ":" in host else host
        return f"http://{host}:{self.get_exposed_port(MOCK_PORT)}"

    def admin(self, method: str, path: str, json: Any = None, params: Optional[dict[str, str]] = None) -> Any:
        """Calls an admin endpoint (``/__mock/PATH``) and returns its JSON; raises MockAdminError on an error status."""
        if self._http is None:
            self._http = httpx.Client(base_url=self.get_base_url(), timeout=30)
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
