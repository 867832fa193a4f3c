"""A handle on one X-Mock-Session of a running mock: its own scenario, sequence positions, data and journal."""

from __future__ import annotations

import re
import uuid
from typing import TYPE_CHECKING, Any, Optional

import httpx

from plantstore_mock.coverage import GateVerdict, check_gate

if TYPE_CHECKING:
    from plantstore_mock.container import PlantStoreMockContainer

SESSION_HEADER = "X-Mock-Session"
_SESSION_ID = re.compile(r"^[A-Za-z0-9._:-]{1,128}$")


class MockSession:
    """``client`` is an ``httpx.Client`` on the mock's base URL that sends this session's header."""

    def __init__(self, mock: PlantStoreMockContainer, session_id: Optional[str] = None) -> None:
        self.id = session_id if session_id is not None else str(uuid.uuid4())
        if not _SESSION_ID.match(self.id):
            raise ValueError(f"a session id is 1 to 128 letters, digits and -._:; got {self.id!r}")
        self._mock = mock
        self.client = httpx.Client(
            base_url=mock.get_base_url(), headers={SESSION_HEADER: self.id}, timeout=30, verify=mock.ssl_context()
        )

    def request(self, method: str, path: str, **kwargs: Any) -> httpx.Response:
        """Sends a request of this session (``httpx.Client.request``'s arguments, path relative to the mock)."""
        return self.client.request(method, path, **kwargs)

    def use_scenario(self, name: Optional[str]) -> None:
        """Selects a scenario for this session only (None clears it); an unknown one raises MockAdminError."""
        self._mock.admin("PUT", "scenario", json={"scenario": name, "session": self.id})

    def journal(self, **filters: Any) -> list[dict[str, Any]]:
        """This session's journal entries, oldest first; filters: method, path, status, since, limit."""
        params = {key: str(value) for key, value in filters.items() if value is not None}
        entries: list[dict[str, Any]] = self._mock.admin("GET", "journal", params={**params, "session": self.id})["entries"]
        return entries

    def verify(self, **expectation: Any) -> dict[str, Any]:
        """The admin API's verdict ``{pass, expected, count, message, closest}`` for this session; never raises on a miss.
        Pass ``at_least=N`` or ``exactly=N`` with the journal filters."""
        if "at_least" in expectation:
            expectation["atLeast"] = expectation.pop("at_least")
        verdict: dict[str, Any] = self._mock.admin("POST", "journal/verify", json={**expectation, "session": self.id})
        return verdict

    def coverage(self) -> dict[str, Any]:
        """This session's contract coverage (GET /__mock/coverage?session=ID)."""
        return self._mock.coverage(session=self.id)

    def coverage_gate(self, min_percent: Optional[float] = None, no_violations: bool = False) -> GateVerdict:
        return check_gate(self.coverage(), min_percent, no_violations)

    def reset(self) -> None:
        """Forgets this session's sequence positions, stored data and journal entries; its scenario stays."""
        self._mock.admin("POST", "reset", json={"session": self.id})
        self._mock.admin("DELETE", "journal", params={"session": self.id})

    def close(self) -> None:
        self.client.close()

    def __enter__(self) -> MockSession:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()
