"""Shared fixtures: paths of the repository and of its notebooks."""

from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="session")
def root() -> Path:
    """The repository's top folder."""
    return ROOT
