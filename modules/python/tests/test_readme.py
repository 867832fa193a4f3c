"""The example of modules/python/README.md, run as written in a fresh interpreter: only its image's tag is
the one under test, and the environment holds only what scripts/testcontainers-env.sh sets (the set-up
CONTRIBUTING.md describes), none of the variables conftest.py adds."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

README = Path(__file__).resolve().parents[1] / "README.md"
MARKER = "<!-- recipe: ran by modules/python/tests/test_readme.py -->"


def readme_example() -> str:
    match = re.search(re.escape(MARKER) + r"\n```python\n(.*?)```", README.read_text("utf-8"), re.S)
    assert match, f"README.md has no python block after {MARKER}"
    return match.group(1)


def test_the_readme_example_passes_as_written(image: str, tmp_path: Path) -> None:
    example = readme_example()
    assert '"plantstore-mock:latest"' in example
    (tmp_path / "test_example.py").write_text(example.replace('"plantstore-mock:latest"', repr(image)), "utf-8")
    kept = ("DOCKER_HOST", "TESTCONTAINERS_RYUK_DISABLED", "TESTCONTAINERS_HOST_OVERRIDE")
    env = {name: value for name, value in os.environ.items() if not name.startswith("TESTCONTAINERS_") or name in kept}
    result = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "test_example.py"],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert result.returncode == 0, result.stdout + result.stderr
