"""Paths shared by the tests. The tests run against the installed wheel
(``ci.sh``), never against the source tree."""

import pathlib

import pytest

REPO = pathlib.Path(__file__).resolve().parents[3]


@pytest.fixture(scope="session")
def repo():
    return REPO
