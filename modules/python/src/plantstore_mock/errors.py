"""What the module raises: every error names its cause and carries the container's last log lines."""

from __future__ import annotations


class PlantStoreMockError(Exception):
    """Base of the module's errors; ``logs`` holds the container's last log lines ('' when none ran)."""

    def __init__(self, message: str, logs: str = "") -> None:
        super().__init__(f"{message}\n--- last log lines of the container ---\n{logs}" if logs else message)
        self.cause = message
        self.logs = logs


class MockStartError(PlantStoreMockError):
    """The container did not start, exited, or never answered GET /__mock/health."""


class MockAdminError(PlantStoreMockError):
    """An admin call (/__mock/...) answered an error, e.g. an unknown scenario; ``status`` is its HTTP status."""

    def __init__(self, message: str, status: int, logs: str = "") -> None:
        super().__init__(message, logs)
        self.status = status
