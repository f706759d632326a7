"""Tests of robodyn.egg.mujoco.gyro: the whole robot (shell, two gimbal rings, spinning rotor)
in MuJoCo against the book's model, robodyn.egg.simulate.

Both start from the same state and move the gimbal alike; the twist is free in both (MuJoCo's
condim 3, the book's twist friction 0). Tolerances were measured with mujoco 4.0.0 and the
defaults of gyro (timestep 5e-5 s, implicitfast, solref (2e-4 s, 1), servos 1e4 N m/rad) and
are given with their measured values beside each test.
"""

import dataclasses

import numpy as np
import pytest

from robodyn import egg
from robodyn.core.errors import ParameterError
from robodyn.egg import mujoco as em

mujoco = pytest.importorskip("mujoco")

FREE = dict(twist_static=0.0, twist_kinetic=0.0, twist_viscous=0.0)
FAST = dataclasses.replace(egg.EggParams(), rotor_speed=3000.0, **FREE)
MOVE = egg.ServoMove(end=(0.45, -0.45), t0=0.2, t1=1.0)


def heading_rate(run):
    """Mean rate of the heading gamma over the run, rad/s."""
    gamma = np.unwrap(run.gamma)
    return (gamma[-1] - gamma[0]) / (run.t[-1] - run.t[0])


@pytest.fixture(scope="module")
def precession():
    """The chapter's precession run for 1 s: book and MuJoCo, tilt 0.3 rad, 3000 rad/s."""
    return (egg.simulate(FAST, t_end=1.0, tilt=0.3),
            em.gyro(FAST, t_end=1.0, tilt=0.3))


@pytest.fixture(scope="module")
def gimbal():
    """The chapter's gimbal move to 1.2 s: lying egg, inner ring tilted by 0.45 rad."""
    return (egg.simulate(FAST, MOVE, t_end=1.2, tilt=np.pi / 2),
            em.gyro(FAST, MOVE, t_end=1.2, tilt=np.pi / 2))


def test_mujoco_precesses_at_the_books_rate(precession):
    """Heading rate within 0.3 % of the book's (measured 0.044 % over 1 s, 0.13 % over 2 s);
    the tilt within 2 mrad (measured 0.43 mrad)."""
    book, mj = precession
    assert heading_rate(mj) == pytest.approx(heading_rate(book), rel=3e-3)
    np.testing.assert_allclose(mj.beta, np.interp(mj.t, book.t, book.beta), atol=2e-3)


def test_the_precession_gap_is_the_time_step_not_the_contact(precession):
    """Halving MuJoCo's step shrinks the gap in the heading rate (measured 1.3e-3 at 1e-4 s,
    4.4e-4 at 5e-5 s); a contact twice as stiff leaves it within 1e-4 (measured 1e-5)."""
    book, mj = precession
    coarse = em.gyro(FAST, t_end=1.0, tilt=0.3, timestep=1e-4)
    stiff = em.gyro(FAST, t_end=1.0, tilt=0.3, solref=(1e-4, 1.0))
    gap = {name: abs(heading_rate(run) / heading_rate(book) - 1)
           for name, run in (("fine", mj), ("coarse", coarse), ("stiff", stiff))}
    assert gap["coarse"] > 1.8 * gap["fine"]
    assert abs(gap["stiff"] - gap["fine"]) < 1e-4


def test_mujoco_lifts_the_shell_as_the_book_does(gimbal):
    """Tilt of the long axis within 1e-4 rad (measured 1.3e-5), heading within 1e-4 rad
    (3.1e-5), centre within 10 um (1.1 um) while the gimbal moves and just after."""
    book, mj = gimbal
    for name, tolerance in (("beta", 1e-4), ("gamma", 1e-4), ("x", 1e-5), ("y", 1e-5)):
        np.testing.assert_allclose(mj.columns[name], np.interp(mj.t, book.t, book.columns[name]),
                                   atol=tolerance, err_msg=name)
    assert np.degrees(np.ptp(book.beta)) > 10        # the shell did rise


def test_mujocos_servos_follow_the_move(gimbal):
    """The rings within 1e-5 rad of the move (measured 2.7e-6), the rotor within 0.01 rad/s of
    3000 rad/s (1.2e-5), the shell sinking less than 1 um (5 nm) and creeping less than
    0.1 mm/s (5 um/s)."""
    book, mj = gimbal
    assert mj.servo_error < 1e-5
    np.testing.assert_allclose(mj.psi_target, np.interp(mj.t, book.t, book.psi), atol=1e-12)
    np.testing.assert_allclose(mj.rotor_rate, FAST.rotor_speed, atol=1e-2)
    assert np.nanmax(mj.penetration) < 1e-6 and np.nanmax(mj.slip_speed) < 1e-4


def test_the_rotor_stopped_egg_rocks_as_the_rigid_egg():
    """With the rotor stopped and the rings held, the whole robot in MuJoCo rocks with the
    period of rock's single rigid body of the lumped inertia (to 1e-6; measured 4e-8)."""
    still = dataclasses.replace(FAST, rotor_speed=0.0)
    J = egg.lumped_inertia(still)
    whole = em.gyro(still, t_end=1.3, tilt=np.pi / 2 - 0.1, sample_interval=1e-3)
    rigid = em.rock(still.R1, still.R2, still.mass, (J[0, 0], J[0, 0], J[2, 2]), 0.1, 1.3)
    assert egg.oscillation_period(whole.t, np.pi / 2 - whole.beta) == pytest.approx(
        egg.oscillation_period(rigid.t, rigid.tilt), rel=1e-6)


def test_the_model_has_the_books_bodies():
    """Masses, principal moments and hinge axes of the MJCF are EggParams'."""
    model = mujoco.MjModel.from_xml_string(em.gyro_model_xml(FAST))
    for body, mass, moments in zip(("shell", "outer", "inner", "rotor"), FAST.masses,
                                   FAST.inertias, strict=True):
        np.testing.assert_allclose(model.body(body).mass, mass)
        np.testing.assert_allclose(model.body(body).inertia, moments)
    for joint, axis in (("phi", (0, 0, 1)), ("psi", (1, 0, 0)), ("rotor", (0, 0, 1))):
        np.testing.assert_allclose(model.joint(joint).axis, axis)
    assert model.geom("shell").condim == 3
    assert mujoco.MjModel.from_xml_string(
        em.gyro_model_xml(FAST, twist=1e-3)).geom("shell").condim == 4


@pytest.mark.parametrize("change, message", [
    (dict(params="egg"), "params must be an EggParams"),
    (dict(servo=(0.1, 0.2)), "servo must be a ServoMove"),
    (dict(t_end=0.0), "t_end"),
    (dict(twist=-1e-3), "twist"),
    (dict(servo_stiffness=float("nan")), "servo_stiffness"),
    (dict(sample_interval=1.234e-4), "sample_interval must be a whole number"),
    (dict(integrator="RK45"), "integrator"),
    (dict(timestep=2e-4), "solref's time constant"),
])
def test_gyro_refuses_bad_input(change, message):
    """Each bad argument raises a ParameterError that names it."""
    arguments = dict(params=FAST, t_end=0.01)
    arguments.update(change)
    with pytest.raises(ParameterError, match=message):
        em.gyro(**arguments)
