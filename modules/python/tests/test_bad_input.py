"""Bad input: each error names its cause and carries the container's last log lines."""

from __future__ import annotations

import pytest
from conftest import FIXTURES

from plantstore_mock import MockAdminError, MockStartError, PlantStoreMockContainer


def test_a_missing_document_file_raises_at_once_naming_it() -> None:
    with pytest.raises(FileNotFoundError, match=r"the OpenAPI document .*no-such-openapi\.yaml does not exist"):
        PlantStoreMockContainer().with_spec("no-such-openapi.yaml")


def test_a_missing_overlay_file_raises_at_once_naming_it() -> None:
    with pytest.raises(FileNotFoundError, match=r"the overlay .*no-such-overlay\.yaml does not exist"):
        PlantStoreMockContainer().with_overlays("no-such-overlay.yaml")


def test_an_image_the_runtime_cannot_find_raises_naming_it(image: str) -> None:
    with pytest.raises(MockStartError, match=r"the image localhost/plantstore-mock-missing:0 could not be started"):
        PlantStoreMockContainer("localhost/plantstore-mock-missing:0").start()


def test_a_container_that_exits_raises_with_its_last_log_lines(image: str) -> None:
    with pytest.raises(MockStartError) as raised:
        PlantStoreMockContainer(image).with_scenario("no-such-scenario").start()
    assert "exited with code 2 before it served" in raised.value.cause
    assert 'no scenario "no-such-scenario"' in raised.value.logs
    assert "last log lines of the container" in str(raised.value)


def test_a_scenario_the_server_lacks_raises_naming_it_and_those_it_has(mock: PlantStoreMockContainer) -> None:
    with mock.session() as session, pytest.raises(MockAdminError) as raised:
        session.use_scenario("no-such-scenario")
    assert raised.value.status == 422
    assert 'Unknown scenario "no-such-scenario"; available: duplicate-id' in raised.value.cause
    assert raised.value.logs != "" and len(raised.value.logs.splitlines()) <= 30


def test_no_documents_a_base_path_that_is_no_path_and_a_proxy_url_that_is_no_url_raise_at_once() -> None:
    with pytest.raises(ValueError, match="at least one document"):
        PlantStoreMockContainer().with_specs()
    with pytest.raises(ValueError, match="a base path starts with /; got 'tiny'"):
        PlantStoreMockContainer().with_specs(("tiny", FIXTURES / "tiny-store.yaml"))
    with pytest.raises(ValueError, match="with_proxy needs an http:// or https:// URL"):
        PlantStoreMockContainer().with_proxy("ftp://example.com")
