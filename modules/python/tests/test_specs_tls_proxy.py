"""Several documents, HTTPS and a proxy: one "real service" serving two documents, and one mock over HTTPS
proxying to it (the same pair the Node, Java and Go modules' tests start)."""

from __future__ import annotations

import ssl
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from conftest import FIXTURES, PAIR_CASES, json_body
from test_shared_cases import run_case
from testcontainers.core.network import Network

from plantstore_mock import PlantStoreMockContainer

PLANT = {"id": 1, "name": "Ficus"}


@pytest.fixture(scope="module")
def pair(image: str) -> Iterator[tuple[PlantStoreMockContainer, PlantStoreMockContainer]]:
    with Network() as network:
        upstream = (
            PlantStoreMockContainer(image)
            .with_specs(FIXTURES / "drifting-store.yaml", ("/tiny", FIXTURES / "tiny-store.yaml"))
            .with_network(network)
            .with_network_aliases("upstream")
        )
        with upstream:
            proxy = PlantStoreMockContainer(image).with_tls().with_proxy("http://upstream:4010").with_network(network)
            with proxy:
                yield upstream, proxy


PAIR = [(name, case) for name, cases in PAIR_CASES.items() for case in cases]


@pytest.mark.parametrize(("container", "case"), PAIR, ids=[f"{name}: {case['name']}" for name, case in PAIR])
def test_pair_case(pair: tuple[PlantStoreMockContainer, PlantStoreMockContainer], container: str, case: dict[str, Any]) -> None:
    run_case(pair[1] if container == "proxy" else pair[0], case)


def test_with_specs_serves_each_copied_in_document_at_its_base_path(
    pair: tuple[PlantStoreMockContainer, PlantStoreMockContainer],
) -> None:
    upstream, _ = pair
    with upstream.session() as session:
        assert session.request("POST", "/plants", **json_body(PLANT)).status_code == 201
        tiny = session.request("POST", "/tiny/plants", **json_body(PLANT))
        assert (tiny.status_code, tiny.json()) == (200, {"name": "Ficus"})
        assert sorted(entry["spec"] for entry in session.journal()) == ["drifting-store", "tiny-store"]


def test_with_tls_serves_https_whose_ca_the_module_exposes_and_trusts(
    pair: tuple[PlantStoreMockContainer, PlantStoreMockContainer],
) -> None:
    _, proxy = pair
    assert proxy.get_base_url().startswith("https://")
    assert "-----BEGIN CERTIFICATE-----" in (proxy.get_ca_certificate() or "")
    assert proxy.health()["status"] == "ok"
    ca_file = proxy.get_ca_file()
    assert ca_file is not None
    assert httpx.get(f"{proxy.get_base_url()}/__mock/health", verify=ssl.create_default_context(cafile=ca_file)).status_code == 200
    with pytest.raises(httpx.ConnectError):
        httpx.get(f"{proxy.get_base_url()}/__mock/health")  # a client that does not trust the CA


def test_with_proxy_forwards_to_the_real_service_and_get_drift_reports_the_drift(
    pair: tuple[PlantStoreMockContainer, PlantStoreMockContainer],
) -> None:
    _, proxy = pair
    with proxy.session() as session:
        answer = session.request("POST", "/plants", **json_body(PLANT))
        assert answer.status_code == 201
        assert "status" in answer.headers["x-mock-drift"]
        drift = proxy.get_drift(session=session.id)
    assert drift["summary"] == {"upstreamAnswers": 1, "driftingAnswers": 1, "operationsDrifting": 1}
    assert drift["operations"][0]["findings"][0]["kind"] == "status"
