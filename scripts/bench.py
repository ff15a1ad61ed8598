"""Benchmark: build time against plain mkdocs-material, checker timings and page weights (medians of 5 runs)."""
from __future__ import annotations

import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
RUNS = 5


def median_seconds(command: list[str], runs: int = RUNS, **kwargs) -> float:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run(command, check=True, capture_output=True, **kwargs)
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def plain_config(directory: Path) -> Path:
    """mkdocs.yml without our hooks: the same generated Markdown built by plain Material + static-i18n."""
    lines = (ROOT / "mkdocs.yml").read_text(encoding="utf-8").splitlines()
    out, skip = [], False
    for line in lines:
        if line.startswith("hooks:"):
            skip = True
            continue
        if skip and line.startswith("  - "):
            continue
        skip = False
        out.append(line)
    config = directory / "mkdocs-plain.yml"
    config.write_text("\n".join(out).replace("docs_dir: docs", f"docs_dir: {ROOT / 'docs'}")
                      .replace("custom_dir: overrides", f"custom_dir: {ROOT / 'overrides'}") + "\n", encoding="utf-8")
    return config


def bench_build() -> None:
    env = dict(os.environ, NO_MKDOCS_2_WARNING="1")
    mkdocs = [sys.executable, "-m", "mkdocs", "build", "--strict", "--quiet"]
    with tempfile.TemporaryDirectory() as tmp:
        tmp = Path(tmp)
        ours = median_seconds(mkdocs + ["-d", str(tmp / "ours")], cwd=ROOT, env=env)
        pages = sum(1 for _ in (tmp / "ours").rglob("index.html"))
        plain = median_seconds(mkdocs + ["-f", str(plain_config(tmp)), "-d", str(tmp / "plain")], cwd=ROOT, env=env)
    print(f"full build (generation, lint, mkdocs): {ours:.2f} s median of {RUNS}, {pages} pages")
    print(f"plain mkdocs-material build, same Markdown, hooks off: {plain:.2f} s")
    print(f"ratio: {ours / plain:.2f}")


if __name__ == "__main__":
    bench_build()
