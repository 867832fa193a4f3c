"""The cases every language module runs (modules/cases.json), each in a fresh session."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from conftest import CASES

from plantstore_mock import PlantStoreMockContainer


@pytest.mark.parametrize("case", CASES, ids=[case["name"] for case in CASES])
def test_shared_case(mock: PlantStoreMockContainer, case: dict[str, Any]) -> None:
    run_case(mock, case)


def run_case(mock: PlantStoreMockContainer, case: dict[str, Any]) -> None:
    """Runs one case of modules/cases.json in a fresh session of the mock."""
    with mock.session() as session:
        if "scenario" in case:
            session.use_scenario(case["scenario"])
        for index, step in enumerate(case["steps"], start=1):
            request, expected = step["request"], step["expect"]
            content = json.dumps(request["json"]) if "json" in request else request.get("body")
            headers = dict(request.get("headers", {}))
            if "json" in request and not any(name.lower() == "content-type" for name in headers):
                headers["Content-Type"] = "application/json"
            response = session.request(request["method"], request["path"], headers=headers, content=content)
            where = f"{case['name']}, step {index}: {response.status_code} {response.text}"
            assert response.status_code == expected["status"], where
            if "json" in expected:
                assert response.json() == expected["json"], where
            for key, value in expected.get("jsonIncludes", {}).items():
                assert response.json().get(key) == value, where
            for name, pattern in expected.get("headers", {}).items():
                assert re.search(pattern, response.headers.get(name, "")), f"{where}; header {name}"
        if "verify" in case:
            verdict = session.verify(**case["verify"])
            assert verdict["pass"], verdict["message"]
