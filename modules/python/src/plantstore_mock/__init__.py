"""Testcontainers module for plantstore-mock: ``PlantStoreMockContainer`` and its session handle."""

from plantstore_mock._version import __version__
from plantstore_mock.container import (
    DEFAULT_IMAGE,
    MOCK_PORT,
    SCENARIOS_DIR,
    SPEC_DIR,
    TLS_CA_FILE,
    PlantStoreMockContainer,
    SpecDocument,
)
from plantstore_mock.coverage import GateVerdict, check_gate
from plantstore_mock.errors import MockAdminError, MockStartError, PlantStoreMockError
from plantstore_mock.session import SESSION_HEADER, MockSession

__all__ = [
    "DEFAULT_IMAGE",
    "MOCK_PORT",
    "SCENARIOS_DIR",
    "SESSION_HEADER",
    "SPEC_DIR",
    "TLS_CA_FILE",
    "GateVerdict",
    "MockAdminError",
    "MockSession",
    "MockStartError",
    "PlantStoreMockContainer",
    "PlantStoreMockError",
    "SpecDocument",
    "__version__",
    "check_gate",
]
