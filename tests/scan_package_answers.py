"""No answer in what a student has: no callable of the package passes an exercise's check.

The search is :mod:`package_answers` (every callable a student's copy has, every argument
order, every reading of the result; see its docstring). It takes about four minutes of one
core for the forty exercises, too long for ``make test``'s loop, so this file is not named
``test_*.py``: ``make answers-scan`` runs it, and so does CI (``.ci/run``, a phase of its own).

:data:`STILL_ANSWERED` lists the exercises the package answers today, each with the callables
that do. They wait for their rewrite into an exercise that asks for the next step (a
generalisation, a variant of the robot, a design, a simulation the student writes). The test
holds the list exact: a callable that answers another exercise fails it, and so does an
exercise rewritten but left on the list. The list is the work that remains; the issue is done
when it is empty.

What the search does not try: a callable that needs an argument the exercise does not pass
(the friction law with its viscous coefficient set to 0 for Karnopp's exercise, say); the
class grader's hidden cases, which the answer key cannot compute, make a copy of such a
callable's code no answer either, but a student can still read it.
"""

from __future__ import annotations

import pytest
from package_answers import answers

from robodyn.grading import keyed_ids

#: The exercises the package answers as it stands, with the calls that do (issue 37, item 1).
STILL_ANSWERED = {
    "arm.coriolis_matrix": ["arm.coriolis_matrix(q, qd)"],
    "arm.gravity_torque": ["arm.gravity_torque(q)"],
    "arm.inverse_dynamics": ["arm.inverse_dynamics(q, qd, qdd)"],
    "arm.mass_matrix": ["arm.mass_matrix(q)"],
    "contact.normal_force": ["robodyn.laws.contact.normal_force(depth, depth_rate, k, c)"],
    "contact.restitution_linear": ["robodyn.contact.sizing.restitution_linear(zeta)"],
    "diffdrive.forward_kinematics": [
        "robodyn.diffdrive.kinematics.forward_kinematics(phi_dot_r, phi_dot_l, wheel_radius, "
        "track_width)",
        "robodyn.diffdrive.kinematics.wheel_speeds_to_twist(phi_dot_r, phi_dot_l, "
        "wheel_radius, track_width)"],
    "diffdrive.heading_command": [
        "robodyn.diffdrive.waypoints.heading_command(pose, goal, gain, dead_band, omega_max)"],
    "diffdrive.integrate_pose": [
        "robodyn.diffdrive.kinematics.integrate_pose(pose, v, omega, dt)"],
    "diffdrive.inverse_kinematics": [
        "robodyn.diffdrive.kinematics.inverse_kinematics(v, omega, wheel_radius, track_width)",
        "robodyn.diffdrive.kinematics.twist_to_wheel_speeds(v, omega, wheel_radius, "
        "track_width)",
        "robodyn.diffdrive.kinematics.twist_to_wheel_speeds(v, track_width, wheel_radius, "
        "omega)"],
    "egg.center_height": ["robodyn.egg.geometry.center_height(beta_v, R1, R2)",
                          "robodyn.egg.mujoco._height(beta_v, R2, R1)"],
    "egg.contact_angle": ["robodyn.egg.geometry.contact_angle(beta_v, R1, R2)"],
    "egg.contact_offset": ["robodyn.egg.geometry.contact_offset(beta_v, R1, R2)"],
    "egg.euler_rates": ["robodyn.egg.attitude.euler_rates(alpha, beta, gamma, omega_B)"],
    "egg.gyro_torque": ["robodyn.egg.attitude.gyro_torque(L, omega)"],
    "egg.rocking_period": [
        "robodyn.egg.closed_forms.small_angle_period(R1, R2, mass, I_t, g)"],
    "friction.mu_from_tilt": ["robodyn.friction.tilt.mu_from_tilt(theta).mu"],
    "friction.stribeck": ["robodyn.laws.friction.stribeck(v, Fc, Fs, vs, b)"],
    "stickslip.calibration_cost": [
        "robodyn.stickslip.calibration.calibration_cost(radius, rot_speed, alpha, beta)"],
    "stickslip.inverse_kinematics": [
        "robodyn.stickslip.kinematics.inverse_kinematics(x_dot, y_dot, theta_dot)",
        "robodyn.stickslip.kinematics.inverse_kinematics(x_dot, y_dot, theta_dot, "
        "leg_radius)"],
    "vacuum.edge_climb_height": [
        "robodyn.vacuum.statics.edge_climb_height(wheel_radius, fillet, mu)"],
    "vacuum.pushed_climb_height": [
        "robodyn.vacuum.limits.pushed_edge_climb_height(wheel_radius, fillet, mu, push, load, "
        "stiffness)"],
    "vacuum.sliding_stop": ["robodyn.vacuum.statics.sliding_stop(v0, g, mu)",
                            "robodyn.vacuum.statics.sliding_stop(v0, mu, g)"],
    "vacuum.step_distance": ["robodyn.vacuum.step.step_distance(point, step_x, height, fillet)"],
    "vacuum.wheel_load": [
        "robodyn.vacuum.statics.wheel_load(spring_force, spring_lever, arm_length, arm_angle, "
        "wheel_radius, traction, variant)"],
}


@pytest.mark.checks
@pytest.mark.parametrize("exercise_id", keyed_ids())
def test_no_callable_of_the_package_answers_the_exercise(exercise_id):
    found = answers(exercise_id)
    assert found == STILL_ANSWERED.get(exercise_id, []), (
        f"{exercise_id} is answered by {found or 'nothing'}; the list of exercises still "
        f"answered says {STILL_ANSWERED.get(exercise_id, 'none')}. An exercise that a "
        "callable answers asks for what the book already computes: ask for the next step "
        "(and update STILL_ANSWERED when an exercise is rewritten).")


def test_the_list_names_only_exercises_that_exist():
    assert set(STILL_ANSWERED) <= set(keyed_ids())
