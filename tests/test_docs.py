"The docs infrastructure: README.md stays hand-written, and tools/check_docs.py flags the page faults it claims to."
import sys, importlib.util
from pathlib import Path
import pytest
from nbdev.config import get_config
import nbdev.quarto

ROOT = Path(__file__).resolve().parents[1]

def test_readme_is_not_generated(monkeypatch):
    "nbdev-prepare calls nbdev_readme; with `readme_nb` naming no notebook it returns before rendering anything"
    cfg = get_config(ROOT)
    assert not (cfg.nbs_path/cfg.readme_nb).exists(), f"{cfg.readme_nb} exists, so nbdev-prepare would overwrite README.md"
    def boom(cmd): raise AssertionError(f"nbdev_readme tried to run {cmd}")
    monkeypatch.setattr(nbdev.quarto, '_sprun', boom)
    monkeypatch.chdir(ROOT)
    before = (ROOT/'README.md').read_bytes()
    nbdev.quarto.nbdev_readme.__wrapped__(path=str(ROOT))
    nbdev.quarto.nbdev_readme.__wrapped__()
    assert (ROOT/'README.md').read_bytes() == before
