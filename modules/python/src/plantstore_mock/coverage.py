"""The coverage gate's verdict, as the CLI's ``coverage --min N --no-violations`` gives it."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Optional


@dataclass(frozen=True)
class GateVerdict:
    passed: bool
    reason: str

    def __bool__(self) -> bool:
        return self.passed


def check_gate(report: dict[str, Any], min_percent: Optional[float] = None, no_violations: bool = False) -> GateVerdict:
    """Whether a coverage report clears the bar: at least ``min_percent`` of the documented responses served,
    and with ``no_violations`` no request that broke the contract. Compared on the counts, not the rounded
    percent, so 99.96% does not pass 100."""
    summary = report["summary"]
    documented, served = summary["documentedResponses"], summary["documentedResponsesServed"]
    percent, violations = summary["percent"], summary["violations"]
    scope = "" if report.get("session") is None else f" (session {report['session']})"
    if min_percent is not None and served * 100 < min_percent * documented:
        missing = [
            f"{o['method']} {o['path']} {r['status']}" + (f" {m['mediaType']}" if m.get("mediaType") else "")
            for o in report["operations"]
            for r in o["responses"]
            for m in r.get("mediaTypes", [])
            if m["served"] == 0
        ]
        shown = ", ".join(missing[:5]) + (f" and {len(missing) - 5} more" if len(missing) > 5 else "")
        return GateVerdict(
            False,
            f"coverage {percent}% is below --min {min_percent}%{scope}: {served} of {documented} documented "
            f"responses served; never served: {shown}",
        )
    if no_violations and violations > 0:
        where = [f"{o['method']} {o['path']} ({o['violations']})" for o in report["operations"] if o["violations"] > 0]
        if report["unmatched"]["violations"] > 0:
            where.append(f"unmatched ({report['unmatched']['violations']})")
        return GateVerdict(False, f"{violations} request(s) broke the contract{scope}: {', '.join(where)}")
    return GateVerdict(
        True, f"coverage {percent}%{scope}: {served} of {documented} documented responses served, {violations} violation(s)"
    )
