"""The MuJoCo helpers both chapters' second engines share (robodyn.core.mjcf)."""

import math

import pytest

from robodyn.core.errors import ParameterError
from robodyn.core.mjcf import check_solimp, check_solref, mjcf_number


def test_a_number_written_for_mujoco_reads_back_exactly():
    for value in (0.1, 1 / 3, 2e-4, 0.0608 + 0.15, math.pi):
        assert float(mjcf_number(value)) == value


@pytest.mark.parametrize("bad", [(0.0, 1.0), (2e-4, -1.0), (2e-4,), "fast", (math.nan, 1.0)])
def test_a_bad_solref_is_refused_by_its_own_name(bad):
    with pytest.raises(ParameterError, match="limit_solref"):
        check_solref("limit_solref", bad)


@pytest.mark.parametrize("bad", [(0.0, 0.9, 1e-3), (0.95, 0.9, 1e-3), (0.9, 1.0, 1e-3),
                                 (0.9, 0.95, 0.0), (0.9, 0.95)])
def test_a_bad_solimp_is_refused_with_what_is_allowed(bad):
    with pytest.raises(ParameterError, match=r"solimp"):
        check_solimp("solimp", bad)
