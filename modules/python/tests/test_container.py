"""The module against a real container of the image: requests, sessions, journal, documents, coverage."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor

import httpx
from conftest import FIXTURES, json_body

from plantstore_mock import PlantStoreMockContainer, __version__

VALID = {"id": 1, "name": "Monstera deliciosa", "tag": "tropical"}


def test_answers_a_valid_create_and_rejects_a_broken_one(mock: PlantStoreMockContainer) -> None:
    with mock.session() as session:
        created = session.request("POST", "/plants", **json_body(VALID))
        assert (created.status_code, created.json()) == (200, {"name": "Monstera deliciosa", "tag": "tropical"})
        rejected = session.request("POST", "/plants", **json_body({"id": "one", "name": "Fern"}))
        assert rejected.status_code == 400
        assert "body.id" in rejected.json()["message"]


def test_switches_the_scenario_per_session_and_keeps_parallel_sessions_apart(mock: PlantStoreMockContainer) -> None:
    unauthorized, plain = mock.session(), mock.session()
    unauthorized.use_scenario("unauthorized")

    def create(session_index: int) -> int:
        session = (unauthorized, plain)[session_index % 2]
        return session.request("POST", "/plants", **json_body({"id": session_index, "name": "Fern"})).status_code

    with ThreadPoolExecutor(max_workers=4) as pool:
        statuses = list(pool.map(create, range(8)))
    assert statuses == [401, 200] * 4
    assert unauthorized.verify(method="POST", path="/plants", status="401", exactly=4)["pass"]
    verdict = plain.verify(method="POST", path="/plants", status="200", exactly=4)
    assert verdict["pass"], verdict["message"]
    assert not plain.verify(method="POST", path="/plants", status="401", at_least=1)["pass"]
    unauthorized.reset()
    assert unauthorized.journal() == []
    assert len(plain.journal(status="200")) == 4


def test_reports_health_and_coverage_with_the_gate_verdict(mock: PlantStoreMockContainer) -> None:
    assert mock.health()["status"] == "ok"
    with mock.session() as session:
        session.request("POST", "/plants", **json_body(VALID))
        report = session.coverage()
        assert report["session"] == session.id
        assert report["summary"]["requests"] == 1
        assert session.coverage_gate(no_violations=True).passed
        verdict = session.coverage_gate(min_percent=100)
        assert not verdict, "one documented response of several cannot reach 100%"
        assert "is below --min 100%" in verdict.reason and "never served: POST /plants 400" in verdict.reason
        session.request("POST", "/plants", **json_body({"name": 7}))
        assert "1 request(s) broke the contract" in session.coverage_gate(no_violations=True).reason


def test_serves_a_copied_in_document_with_tokens_an_admin_token_and_flags(image: str) -> None:
    container = (
        PlantStoreMockContainer(image)
        .with_spec(FIXTURES / "tiny-store.yaml")
        .with_overlays(FIXTURES / "tiny-store-overlay.yaml")
        .with_tokens("secret-1", "secret-2")
        .with_admin_token("admin")
        .with_seed(42)
        .with_flag("journal-size", 50)
    )
    with container as custom:
        assert custom.health()["spec"] == "Tiny Store, overlaid"
        url = f"{custom.get_base_url()}/plants"
        assert httpx.post(url, json={"id": 1, "name": "Aloe"}, headers={"Authorization": "Bearer other"}).status_code == 401
        assert httpx.post(url, json={"id": 1, "name": "Aloe"}, headers={"Authorization": "Bearer secret-2"}).status_code == 200
        assert httpx.get(f"{custom.get_base_url()}/__mock/journal").status_code == 401
        assert custom.admin("GET", "journal")["capacity"] == 50
        with custom.session() as session:
            session.request("POST", "/plants", json={"id": 2, "name": "Aloe"}, headers={"Authorization": "Bearer secret-1"})
            assert session.verify(method="POST", path="/plants", exactly=1)["pass"]


def test_loads_a_copied_in_scenarios_directory_and_selects_one_at_start(image: str) -> None:
    container = PlantStoreMockContainer(image).with_scenarios_dir(FIXTURES / "scenarios").with_scenario("expired-token")
    with container as custom:
        assert custom.scenarios()["active"] == "expired-token"
        assert httpx.post(f"{custom.get_base_url()}/plants", **json_body(VALID)).status_code == 401


def test_carries_the_project_version(mock: PlantStoreMockContainer) -> None:
    assert __version__ == mock.get_wrapped_container().exec_run(["node", "/app/dist/cli/main.js", "--version"]).output.decode().strip()
