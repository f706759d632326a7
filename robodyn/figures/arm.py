"""Figures of the planar-arm chapter: the arm, its torque widget, the double pendulum.

:class:`TorqueExplorer` is the view that :func:`torque_explorer` puts under six sliders
(angles, rates and accelerations of a two-link arm): the arm at the top, below it the
torque each joint needs, split into its gravity, Coriolis/centrifugal and inertial parts.
:func:`pendulum_animation` plays a simulated double pendulum with its energy trace.
"""

from __future__ import annotations

import ipywidgets as widgets
import numpy as np

from robodyn.arm import (
    PlanarArm,
    SizingMove,
    mass_matrix_eigenvalue_range,
    point_to_point_torques,
    worst_case_gravity,
)
from robodyn.arm.control import CONTROLLERS, gains_from_frequency, track_fixed_step, two_sines
from robodyn.core.errors import ParameterError
from robodyn.plotting import ORANGE, animation, interactive_figure

#: Colours of the three torque parts, used in every figure of the chapter.
PART_COLOURS = {"gravity": "tab:green", "Coriolis/centrifugal": ORANGE,
                "inertial": "tab:blue"}


def draw_arm(ax, arm: PlanarArm, q, color: str = "tab:blue"):
    """Draw the arm at ``q`` on ``ax``: links, joints, centres of mass; return the artists."""
    (links,) = ax.plot([], [], "-", color=color, lw=4, solid_capstyle="round")
    (joints,) = ax.plot([], [], "o", color="k", ms=6)
    (centres,) = ax.plot([], [], "s", color="white", mec="k", ms=5)
    artists = [links, joints, centres]
    place_arm(artists, arm, q)
    return artists


def place_arm(artists, arm: PlanarArm, q) -> None:
    """Move the artists of :func:`draw_arm` to the configuration ``q`` (rad)."""
    links, joints, centres = artists
    points = arm.joint_positions(q)
    links.set_data(points[:, 0], points[:, 1])
    joints.set_data(points[:-1, 0], points[:-1, 1])
    com = arm.com_positions(q)
    centres.set_data(com[:, 0], com[:, 1])


def torque_parts(arm: PlanarArm, q, qd, qdd) -> dict:
    """The gravity G, Coriolis/centrifugal C q' and inertial M q'' torques, N m, by name."""
    return {
        "gravity": arm.gravity_torque(q),
        "Coriolis/centrifugal": arm.coriolis_matrix(q, qd) @ qd,
        "inertial": arm.mass_matrix(q) @ qdd,
    }


class TorqueExplorer:
    """Widget view: a two-link arm and the three parts of the torque each joint needs.

    Controls named ``q1_deg``, ``q2_deg`` (degrees, converted here), ``qd1``, ``qd2``
    (rad/s) and ``qdd1``, ``qdd2`` (rad/s^2). The torque axis is fixed at the largest total
    the sliders allow, so bars can be compared between settings.
    """

    def __init__(self, arm: PlanarArm | None = None, max_rate: float = 3.0,
                 max_acceleration: float = 10.0):
        self.arm = arm if arm is not None else PlanarArm()
        if self.arm.n != 2:
            raise ParameterError(f"arm must be a two-link PlanarArm for TorqueExplorer, got "
                                 f"{self.arm.n} links")
        self.max_rate, self.max_acceleration = max_rate, max_acceleration
        low, high = mass_matrix_eigenvalue_range(self.arm, 36)
        h = self.arm.masses[1] * self.arm.lengths[0] * self.arm.com_distances[1]
        self.limit = 1.1 * (float(np.max(worst_case_gravity(self.arm)))
                            + high * max_acceleration * np.sqrt(2) + 3 * h * max_rate**2)

    def setup(self, fig):
        """The arm's axes (fixed to its reach), the bar axes and their empty bars.

        The arm is drawn top left with the bars' legend beside it, the bars across the
        bottom: side by side, the two panels would not fit a phone's column.
        """
        grid = fig.add_gridspec(2, 2, width_ratios=[1.15, 1], height_ratios=[1.1, 1],
                                left=0.14, right=0.97, bottom=0.06, top=0.95, hspace=0.42,
                                wspace=0.05)
        self.ax_arm = fig.add_subplot(grid[0, 0])
        self.ax_bars = fig.add_subplot(grid[1, :])
        ax_key = fig.add_subplot(grid[0, 1])
        ax_key.axis("off")
        reach = float(np.sum(self.arm.lengths)) * 1.1
        ax = self.ax_arm
        ax.set_aspect("equal")
        ax.set(xlim=(-reach, reach), ylim=(-reach, reach), xlabel="x [m]", ylabel="y [m]")
        ax.annotate("", xy=(0.8 * reach, -0.55 * reach), xytext=(0.8 * reach, -0.2 * reach),
                    arrowprops={"arrowstyle": "-|>", "color": "0.4"})
        ax.text(0.72 * reach, -0.4 * reach, "g", ha="right", color="0.4")
        self.arm_artists = draw_arm(ax, self.arm, np.zeros(2))
        width = 0.26
        joints = np.arange(2)
        self.bars = {}
        for k, (name, colour) in enumerate(PART_COLOURS.items()):
            self.bars[name] = list(self.ax_bars.bar(joints + (k - 1) * width, [0.0, 0.0],
                                                    width, color=colour, label=name))
        (self.total,) = self.ax_bars.plot(joints, [0.0, 0.0], "k_", ms=28, mew=2.5,
                                          label="total")
        self.ax_bars.axhline(0.0, color="k", lw=0.8)
        self.ax_bars.set(xticks=joints, xticklabels=["joint 1", "joint 2"],
                         ylim=(-self.limit, self.limit), ylabel="torque [N m]")
        ax_key.legend(*self.ax_bars.get_legend_handles_labels(), loc="center", fontsize=10)

    def update(self, q1_deg, q2_deg, qd1, qd2, qdd1, qdd2):
        """Place the arm and set the bars for these values; return the changed artists."""
        q = np.radians([q1_deg, q2_deg])
        qd, qdd = np.array([qd1, qd2]), np.array([qdd1, qdd2])
        place_arm(self.arm_artists, self.arm, q)
        parts = torque_parts(self.arm, q, qd, qdd)
        for name, values in parts.items():
            for bar, value in zip(self.bars[name], values, strict=True):
                bar.set_height(float(value))
        total = sum(parts.values())
        self.total.set_ydata(total)
        self.ax_arm.set_title(f"q = ({q1_deg:.0f}°, {q2_deg:.0f}°)", fontsize=11)
        self.ax_bars.set_title(f"τ = ({total[0]:.2f}, {total[1]:.2f}) N m", fontsize=11)
        return [*self.arm_artists, *self.bars["gravity"], *self.bars["Coriolis/centrifugal"],
                *self.bars["inertial"], self.total, self.ax_arm.title, self.ax_bars.title]


def torque_explorer(arm: PlanarArm | None = None):
    """The chapter's widget: six sliders over a :class:`TorqueExplorer` of ``arm``.

    The sliders start at the tutorial's accelerating scenario (45° and 30°, 1 and 0.5 rad/s,
    2 and 1.5 rad/s²); the rates and accelerations reach the view's limits.
    """
    view = TorqueExplorer(arm)

    def slider(name, value, limit, step):
        return widgets.FloatSlider(value=value, min=-limit, max=limit, step=step,
                                   description=name, readout_format=".1f")

    controls = {
        "q1_deg": slider("q1 [°]", 45.0, 180.0, 1.0),
        "q2_deg": slider("q2 [°]", 30.0, 180.0, 1.0),
        "qd1": slider("q1' [rad/s]", 1.0, view.max_rate, 0.1),
        "qd2": slider("q2' [rad/s]", 0.5, view.max_rate, 0.1),
        "qdd1": slider("q1'' [rad/s²]", 2.0, view.max_acceleration, 0.5),
        "qdd2": slider("q2'' [rad/s²]", 1.5, view.max_acceleration, 0.5),
    }
    return interactive_figure(
        view, controls, figsize=(5.25, 5.8),
        alt="A two-link arm and the gravity, Coriolis and inertial parts of its joint torques",
    )


class GainExplorer:
    """Widget view: the two-link arm tracking the chapter's two sines, its error and torques.

    Controls named ``controller`` (one of :data:`robodyn.arm.control.CONTROLLERS`), ``omega``
    (natural frequency, rad/s), ``zeta`` (damping ratio) and ``mass_factor`` (the
    controller's model has every mass and inertia times this). Computed torque gets
    :math:`K_p = \\omega^2`, :math:`K_d = 2\\zeta\\omega`; PD plus gravity the same times each
    joint's inertia :math:`M_{jj}` at the start of the reference. Each setting is one
    fixed-step run (:func:`robodyn.arm.control.track_fixed_step`, steps of :meth:`step`) of
    ``t_end`` seconds from ``start``.
    """

    def __init__(self, arm: PlanarArm | None = None, start=(0.2, -1.3), t_end: float = 3.0,
                 dt: float = 0.02):
        self.arm = arm if arm is not None else PlanarArm()
        if self.arm.n != 2:
            raise ParameterError(f"arm must be a two-link PlanarArm for GainExplorer, got "
                                 f"{self.arm.n} links")
        self.start, self.t_end, self.dt = np.asarray(start, dtype=float), t_end, dt
        self.inertia = np.diag(self.arm.mass_matrix(two_sines(0.0)[0]))
        poses = two_sines(np.linspace(0.0, t_end, 81))[0].T
        self.speed_up = max(float(np.linalg.eigvals(np.linalg.solve(
            self.arm.mass_matrix(q), np.diag(self.inertia))).real.max()) for q in poses)

    def run(self, controller, omega, zeta, mass_factor):
        """The tracking run for these settings (a :class:`robodyn.arm.control.TrackingRun`)."""
        model = PlanarArm(masses=mass_factor * self.arm.masses, lengths=self.arm.lengths,
                          com_fractions=self.arm.com_fractions,
                          inertias=mass_factor * self.arm.inertias, gravity=self.arm.gravity)
        scale = 1.0 if controller == "computed torque" else self.inertia
        kp, kd = gains_from_frequency(omega, zeta, scale)
        return track_fixed_step(self.arm, model, two_sines, self.start, [0.0, 0.0], kp, kd,
                                self.t_end, self.step(controller, omega, zeta, mass_factor),
                                controller)

    def step(self, controller, omega, zeta, mass_factor) -> float:
        """The integration step, s: ``dt``, or less where the closed loop is fast.

        The fastest rate of the error equation is :math:`\\omega(\\zeta + \\sqrt{\\zeta^2 - 1})`
        (:math:`\\omega` up to critical damping). Both gains act as if multiplied by a factor
        k, which raises :math:`\\omega` and :math:`\\zeta` by :math:`\\sqrt k`: under PD plus
        gravity k is ``speed_up``, the largest eigenvalue of
        :math:`M^{-1}\\mathrm{diag}(M_{jj})` along the reference (the coupling lowers the
        inertia a joint feels below its :math:`M_{jj}`); under computed torque a model
        heavier than the arm gives k = ``mass_factor``. The step keeps (rate x step) at or
        below 0.5, where the Runge-Kutta step is accurate to about a hundredth of a degree
        on the sliders' range.
        """
        gain = max(mass_factor, 1.0) if controller == "computed torque" else self.speed_up
        omega, zeta = omega * np.sqrt(gain), zeta * np.sqrt(gain)
        rate = omega * max(1.0, zeta + np.sqrt(max(zeta**2 - 1.0, 0.0)))
        return min(self.dt, 0.5 / rate)

    def setup(self, fig):
        """Error axes above torque axes, fixed limits, empty lines."""
        self.ax_error, self.ax_torque = fig.subplots(2, 1, sharex=True)
        fig.subplots_adjust(left=0.15, right=0.97, bottom=0.11, top=0.9, hspace=0.12)
        self.errors = [self.ax_error.plot([], [], color=f"C{j}", label=f"joint {j + 1}")[0]
                       for j in range(2)]
        self.torques = [self.ax_torque.plot([], [], color=f"C{j}")[0] for j in range(2)]
        self.ax_error.axhline(0.0, color="0.6", lw=0.8)
        self.ax_error.set(xlim=(0.0, self.t_end), ylim=(-25.0, 25.0), ylabel="error [°]")
        self.ax_error.legend(loc="upper right", ncols=2, fontsize=10)
        self.ax_torque.set(ylim=(-50.0, 100.0), xlabel="t [s]", ylabel="torque [N m]")

    def update(self, controller, omega, zeta, mass_factor):
        """Run and draw one setting; return the changed artists."""
        run = self.run(controller, omega, zeta, mass_factor)
        degrees = np.degrees(run.error)
        every = slice(None, None, -(-run.t.size // 200))  # at most 200 points a line
        for j in range(2):
            self.errors[j].set_data(run.t[every], degrees[j, every])
            self.torques[j].set_data(run.t[every], run.tau[j, every])
        late = np.abs(degrees[:, run.t >= 1.0]).max(axis=1)
        peak = np.abs(run.tau).max(axis=1)
        self.ax_error.set_title(f"|e| after 1 s ≤ {late[0]:.2f}°, {late[1]:.2f}°; "
                                f"peak τ {peak[0]:.0f}, {peak[1]:.0f} N m", fontsize=10)
        return [*self.errors, *self.torques, self.ax_error.title]


def gain_explorer(arm: PlanarArm | None = None):
    """The chapter's gain widget: controller, natural frequency, damping ratio and model
    mass error over a :class:`GainExplorer`; starts at the chapter's computed-torque run
    (8 rad/s, critically damped, exact model)."""
    controls = {
        "controller": widgets.Dropdown(options=CONTROLLERS, value=CONTROLLERS[0],
                                       description="controller"),
        "omega": widgets.FloatSlider(value=8.0, min=2.0, max=20.0, step=0.5,
                                     description="ω [rad/s]", readout_format=".1f"),
        "zeta": widgets.FloatSlider(value=1.0, min=0.2, max=1.5, step=0.05,
                                    description="ζ", readout_format=".2f"),
        "mass_factor": widgets.FloatSlider(value=1.0, min=0.6, max=1.4, step=0.05,
                                           description="model mass ×",
                                           readout_format=".2f"),
    }
    return interactive_figure(
        GainExplorer(arm), controls, figsize=(5.25, 4.2),
        alt="Tracking error and joint torques of the two-link arm under computed torque or "
            "PD plus gravity, for chosen gains and model error")


#: The widgets of the chapter; each can be made with its defaults, e.g. ``torque_explorer()``.
WIDGETS = (torque_explorer, gain_explorer)  # the calculator is a form, not a figure


def pendulum_animation(arm: PlanarArm, run, n_frames: int = 100, interval_ms: float = 50.0):
    """A jshtml animation of a simulated double pendulum and its energy.

    ``run`` is the result of :meth:`robodyn.arm.PlanarArm.simulate` (columns q1, q2; details
    kinetic and potential). Top: the arm with the trace of its tip; bottom: kinetic,
    potential and total energy, with a cursor at the frame's time.
    """
    import matplotlib.pyplot as plt

    fig, (ax, ax_energy) = plt.subplots(2, 1, figsize=(5.25, 6.0),
                                        gridspec_kw={"height_ratios": [1.4, 1]})
    reach = float(np.sum(arm.lengths)) * 1.1
    ax.set_aspect("equal")
    ax.set(xlim=(-reach, reach), ylim=(-reach, reach), xlabel="x [m]", ylabel="y [m]")
    angles = run.stack("q1", "q2")
    tips = arm.joint_positions(angles)[-1]
    (trace,) = ax.plot([], [], color="tab:purple", lw=1, alpha=0.6)
    artists = draw_arm(ax, arm, angles[:, 0])
    total = run.kinetic + run.potential
    ax_energy.plot(run.t, run.kinetic, label="kinetic", color="tab:red")
    ax_energy.plot(run.t, run.potential, label="potential", color="tab:green")
    ax_energy.plot(run.t, total, label="total", color="k")
    cursor = ax_energy.axvline(run.t[0], color="0.5", lw=1)
    ax_energy.set(xlabel="t [s]", ylabel="energy [J]")
    ax_energy.legend(loc="lower center", bbox_to_anchor=(0.5, 1.0), ncols=3, fontsize=10,
                     frameon=False)
    fig.tight_layout()
    samples = np.linspace(0, run.t.size - 1, n_frames).round().astype(int)

    def draw_frame(frame):
        k = samples[frame]
        place_arm(artists, arm, angles[:, k])
        trace.set_data(tips[0, : k + 1], tips[1, : k + 1])
        cursor.set_xdata([run.t[k], run.t[k]])

    return animation(fig, draw_frame, n_frames, interval_ms=interval_ms)


# --------------------------------------------------------------------------- the calculator


def _listed(values) -> str:
    """Numbers as the calculator's text fields show them: ``"5, 3"``."""
    return ", ".join(f"{value:g}" for value in values)


def _numbers(text: str, name: str) -> list[float]:
    try:
        return [float(part) for part in text.replace(";", ",").split(",") if part.strip()]
    except ValueError as error:
        raise ValueError(f"{name}: write numbers separated by commas, got {text!r}") from error


def sizing_table(arm: PlanarArm, move: SizingMove | None = None
                 ) -> list[tuple[str, str, float, str]]:
    """Rows (quantity, joint, value, unit) of the parameter calculator for ``arm``.

    With the payload of ``move`` (default :class:`~robodyn.arm.SizingMove`) at the tip:
    worst-case gravity torque per joint (the arm stretched out horizontally); peak torque
    per joint along a rest-to-rest move at the peak speed and acceleration of ``move`` that
    turns every joint by 90 degrees, starting from the arm hanging straight down; and the
    range of the mass matrix's eigenvalues.
    """
    move = SizingMove() if move is None else move
    loaded = arm.with_payload(move.payload)
    start = np.concatenate([[-np.pi / 2], np.zeros(arm.n - 1)])
    run = point_to_point_torques(loaded, start, start + np.pi / 2, move.peak_speed,
                                 move.peak_acceleration)
    tau = run.stack(*(f"tau{j + 1}" for j in range(arm.n)))
    samples = max(6, int(round(600 ** (1 / max(arm.n - 1, 1)))))
    low, high = mass_matrix_eigenvalue_range(loaded, samples)
    rows = [("worst-case gravity torque (arm horizontal)", f"{j + 1}", float(value), "N m")
            for j, value in enumerate(worst_case_gravity(loaded))]
    rows += [("peak torque of the 90° move", f"{j + 1}", float(value), "N m")
             for j, value in enumerate(np.max(np.abs(tau), axis=1))]
    rows += [("smallest eigenvalue of M", "all", low, "kg m²"),
             ("largest eigenvalue of M", "all", high, "kg m²")]
    return rows


def table_html(rows) -> str:
    """The rows of :func:`sizing_table` as an HTML table."""
    cell = "style='padding:0.2em 0.8em'"
    right = "style='padding:0.2em 0.8em;text-align:right'"
    body = "".join(f"<tr><td {cell}>{q}</td><td {cell}>{j}</td><td {right}>{v:.4g}</td>"
                   f"<td {cell}>{u}</td></tr>" for q, j, v, u in rows)
    head = "".join(f"<th {cell}>{name}</th>" for name in ("quantity", "joint", "value",
                                                          "unit"))
    return (f"<table class='robodyn-table'><thead><tr>{head}</tr></thead><tbody>{body}"
            "</tbody></table>")


def table_csv(rows) -> str:
    """The rows of :func:`sizing_table` as CSV text."""
    import csv
    import io

    buffer = io.StringIO()
    writer = csv.writer(buffer)
    writer.writerow(["quantity", "joint", "value", "unit"])
    writer.writerows((q, j, f"{v:.6g}", u) for q, j, v, u in rows)
    return buffer.getvalue()


class ParameterCalculator:
    """A form: the links of an arm in, the torques and inertias to size its motors out.

    Text fields take comma-separated numbers (one per link); ``inertias`` may say ``rod``
    for uniform rods. The fields start at the defaults of :class:`~robodyn.arm.PlanarArm`
    (the tutorial's arm, uniform rods) and :class:`~robodyn.arm.SizingMove`. The table
    updates as the fields change; "Save CSV" writes it to ``csv_path``. In the rendered book
    the output shows the table at the defaults.
    """

    def __init__(self, csv_path: str = "arm_parameters.csv"):
        self.csv_path = csv_path
        arm, move = PlanarArm(), SizingMove()
        text = {"layout": widgets.Layout(width="22em")}
        self.fields = {
            "masses": widgets.Text(_listed(arm.masses), description="masses [kg]", **text),
            "lengths": widgets.Text(_listed(arm.lengths), description="lengths [m]", **text),
            "com_fractions": widgets.Text(_listed(arm.com_fractions), description="l_c / L",
                                          **text),
            "inertias": widgets.Text("rod", description="I [kg m²]", **text),
            "payload": widgets.FloatText(move.payload, description="payload [kg]"),
            "peak_speed": widgets.FloatText(move.peak_speed, description="q' max [rad/s]"),
            "peak_acceleration": widgets.FloatText(move.peak_acceleration,
                                                   description="q'' max [rad/s²]"),
        }
        self.table = widgets.HTML()
        self.saved = widgets.HTML()
        self.save = widgets.Button(description="Save CSV", icon="")
        self.save.on_click(self._save)
        for field in self.fields.values():
            field.observe(lambda change: self.refresh(), names="value")
        self.rows = []
        self.refresh()
        self.static_table = self.table.value
        self.widget = widgets.VBox([widgets.VBox(list(self.fields.values())), self.table,
                                    widgets.HBox([self.save, self.saved])])

    def arm(self) -> PlanarArm:
        """The arm the fields describe (ParameterError or ValueError if they do not)."""
        values = self.fields
        inertias = values["inertias"].value.strip()
        return PlanarArm(
            masses=_numbers(values["masses"].value, "masses"),
            lengths=_numbers(values["lengths"].value, "lengths"),
            com_fractions=_numbers(values["com_fractions"].value, "l_c / L"),
            inertias=None if inertias.lower() in ("", "rod") else _numbers(inertias, "I"),
        )

    def refresh(self) -> None:
        """Recompute the table from the fields; show what is wrong instead if they are bad."""
        try:
            move = SizingMove(payload=self.fields["payload"].value,
                              peak_speed=self.fields["peak_speed"].value,
                              peak_acceleration=self.fields["peak_acceleration"].value)
            self.rows = sizing_table(self.arm(), move)
        except ValueError as error:  # ParameterError is a ValueError
            self.rows = []
            self.table.value = f"<p style='color:#b00'>{error}</p>"
            return
        self.table.value = table_html(self.rows)

    def _save(self, _button=None) -> None:
        if not self.rows:
            self.saved.value = "<span style='color:#b00'>nothing to save: fix the fields</span>"
            return
        with open(self.csv_path, "w", encoding="utf-8", newline="") as handle:
            handle.write(table_csv(self.rows))
        self.saved.value = f"saved to <a href='{self.csv_path}' download>{self.csv_path}</a>"

    def _repr_mimebundle_(self, include=None, exclude=None):
        from robodyn.plotting.interactive import WIDGET_VIEW_MIME

        caption = ("Shown at the default values. Run the notebook (the download menu at the "
                   "top of the page has it, with robodyn) to enter your own arm and "
                   "save the table as CSV.")
        return {
            WIDGET_VIEW_MIME: {"version_major": 2, "version_minor": 0,
                               "model_id": self.widget.model_id},
            "text/html": f'<div class="robodyn-static-figure">{self.static_table}'
                         f'<p class="robodyn-static-note">{caption}</p></div>',
            "text/plain": "Parameter calculator (run the notebook to use it)",
        }


def parameter_calculator(csv_path: str = "arm_parameters.csv") -> ParameterCalculator:
    """The chapter's calculator form; see :class:`ParameterCalculator`."""
    return ParameterCalculator(csv_path)


def draw_conventions(ax, arm: PlanarArm, q) -> None:
    """The two-link arm at ``q`` with its angles, lengths, centres of mass and gravity marked."""
    from matplotlib.patches import Arc

    q = np.asarray(q, dtype=float)
    draw_arm(ax, arm, q)
    joints = arm.joint_positions(q)
    phi = np.cumsum(q)
    reach = float(np.sum(arm.lengths))
    ax.plot([0, 0.45 * reach], [0, 0], ":", color="0.5")
    ax.plot(joints[1, 0] + [0, 0.35 * reach * np.cos(phi[0])],
            joints[1, 1] + [0, 0.35 * reach * np.sin(phi[0])], ":", color="0.5")
    for centre, start, angle, label in ((joints[0], 0.0, phi[0], "$q_1$"),
                                        (joints[1], phi[0], q[1], "$q_2$")):
        radius = 0.13 * reach
        ax.add_patch(Arc(centre, 2 * radius, 2 * radius, theta1=np.degrees(start),
                         theta2=np.degrees(start + angle), color="tab:red", lw=1.5))
        middle = start + angle / 2
        ax.text(*(centre + 1.55 * radius * np.array([np.cos(middle), np.sin(middle)])), label,
                color="tab:red", fontsize=13, ha="center", va="center")
    com = arm.com_positions(q)
    for i in range(2):
        normal = np.array([-np.sin(phi[i]), np.cos(phi[i])])
        ax.text(*((joints[i] + joints[i + 1]) / 2 + 0.1 * reach * normal), f"$L_{i + 1}$",
                fontsize=12, ha="center", va="center")
        ax.text(*(com[i] - 0.1 * reach * normal), f"$l_{{c{i + 1}}}$ (centre of mass)",
                fontsize=10, ha="left", va="center", color="0.3")
    ax.annotate("", xy=(1.05 * reach, -0.1 * reach), xytext=(1.05 * reach, 0.25 * reach),
                arrowprops={"arrowstyle": "-|>", "color": "0.4"})
    ax.text(1.1 * reach, 0.08 * reach, "$g$", color="0.4", fontsize=12)
    ax.text(0.47 * reach, -0.04 * reach, "$x$", fontsize=12, va="top")
    ax.set_aspect("equal")
    ax.set(xlim=(-0.2 * reach, 1.25 * reach), ylim=(-0.2 * reach, 1.0 * reach))
    ax.axis("off")


def draw_free_body(ax, arm: PlanarArm, q, qd, qdd, link: int) -> None:
    """The free-body diagram of one link (0-based index) with the loads Newton-Euler finds.

    Link ``link`` alone, cut free at its joints: the force f_i and torque n_i from the link
    before it (or the base), the reactions -f_i+1 and -n_i+1 of the link after it, and its
    weight m_i g at the centre of mass. Arrow lengths are proportional to the forces; the
    values are listed under the drawing.
    """
    from matplotlib.patches import Arc, FancyArrowPatch

    q = np.asarray(q, dtype=float)
    i, length = link, arm.lengths[link]
    joints = arm.joint_positions(q)
    start, end = joints[i], joints[i + 1]
    forces = arm.joint_forces(q, qd, qdd)
    torques = arm.inverse_dynamics(q, qd, qdd)
    last = i + 1 == arm.n
    loads = [(start, forces[i], f"$f_{{{i + 1}}}$"),
             (arm.com_positions(q)[i], np.array([0.0, -arm.masses[i] * arm.gravity]),
              f"$m_{{{i + 1}}}g$")]
    if not last:
        loads.append((end, -forces[i + 1], f"$-f_{{{i + 2}}}$"))
    scale = 0.5 * length / max(max(np.hypot(*force) for _, force, _ in loads), 1e-9)
    ax.plot(*np.array([start, end]).T, "-", color="tab:blue", lw=6, solid_capstyle="round",
            alpha=0.6)
    along = (end - start) / length
    # The weight's label goes beside the middle of its arrow, on the side away from the half
    # of the link below the centre of mass (beyond the tip it can land on the joint's arc).
    downward = along if along[1] < 0 else -along
    beside = -1.0 if downward[0] > 0 else 1.0
    for k, (point, force, symbol) in enumerate(loads):
        tip = point + scale * force
        ax.add_patch(FancyArrowPatch(point, tip, arrowstyle="-|>", mutation_scale=16,
                                     color="tab:red", lw=2, shrinkA=0, shrinkB=0))
        if k == 1:  # the weight, second in loads
            ax.text(*((point + tip) / 2 + [0.05 * length * beside, 0.0]), symbol,
                    color="tab:red", fontsize=12, ha="left" if beside > 0 else "right",
                    va="center")
            continue
        away = force / max(np.hypot(*force), 1e-12)
        ax.text(*(tip + 0.12 * length * away), symbol, color="tab:red", fontsize=12,
                ha="center", va="center")
    moments = [(start, torques[i], f"$n_{{{i + 1}}}$")]
    if not last:
        moments.append((end, -torques[i + 1], f"$-n_{{{i + 2}}}$"))
    radius = 0.15 * length
    for (point, moment, symbol), outward in zip(moments, (-along, along), strict=False):
        ax.add_patch(Arc(point, 2 * radius, 2 * radius, theta1=200, theta2=340,
                         color="tab:purple", lw=1.5))
        arrow_at = np.radians(340 if moment >= 0 else 200)  # counter-clockwise if positive
        ax.plot(*(point + radius * np.array([np.cos(arrow_at), np.sin(arrow_at)])),
                marker=(3, 0, np.degrees(arrow_at) + (0 if moment >= 0 else 180)),
                color="tab:purple", ms=8)
        ax.text(*(point + 2.4 * radius * outward), symbol, color="tab:purple",
                fontsize=12, ha="center", va="center")
    values = [f"|{symbol}| = {np.hypot(*force):.1f} N" for _, force, symbol in loads]
    values += [f"{symbol} = {moment:+.2f} N m" for _, moment, symbol in moments]
    ax.text(0.5, 0.0, "\n".join(values), transform=ax.transAxes, ha="center", va="top",
            fontsize=10, linespacing=1.4)
    middle = (start + end) / 2
    reach = 0.95 * length
    ax.set_aspect("equal")
    ax.set(xlim=(middle[0] - reach, middle[0] + reach),
           ylim=(middle[1] - reach, middle[1] + reach))
    ax.axis("off")


# --------------------------------------------------------------------------- the drawing


def _unit(angle: float) -> np.ndarray:
    """The unit vector at ``angle`` (rad) from the x axis."""
    return np.array([np.cos(angle), np.sin(angle)])


def draw_arm_symbols(ax, arm: PlanarArm, q=(0.75, 0.8), *, fontsize: float = 12.0) -> None:
    r"""Draw the two-link arm with every symbol of the chapter's coordinates and loads.

    The base frame's axes x and y at joint 1; the links, joint 1 at the origin and joint 2
    (the elbow) a length :math:`L_1` along link 1, the tip :math:`L_2` further; the joint
    angles, :math:`q_1` from the x axis and :math:`q_2` from the extension of link 1; the
    centres of mass at :math:`l_{c1}` and :math:`l_{c2}` from their joints, marked with the
    masses :math:`m_1`, :math:`m_2`; gravity :math:`g` along -y; and the joint torques
    :math:`\tau_1`, :math:`\tau_2`, counter-clockwise positive. Lengths and centres of mass
    come from ``arm`` (a two-link :class:`robodyn.arm.PlanarArm`), drawn to scale; ``q`` is
    in rad.
    """
    from matplotlib.patches import Arc, Circle, FancyArrowPatch, Wedge

    if arm.n != 2:
        raise ParameterError(f"arm must be a two-link PlanarArm for the drawing, got {arm.n} "
                             f"links")
    q = np.asarray(q, dtype=float)
    joints, centres = arm.joint_positions(q), arm.com_positions(q)
    phi = np.cumsum(q)
    reach = float(np.sum(arm.lengths))
    grey, red, purple, blue = "0.35", "tab:red", "tab:purple", "tab:blue"

    def arrow(start, end, color="k", lw=1.3, style="-|>", bend=0.0):
        ax.add_patch(FancyArrowPatch(start, end, arrowstyle=style, mutation_scale=12,
                                     color=color, lw=lw, shrinkA=0, shrinkB=0,
                                     connectionstyle=f"arc3,rad={bend}"))

    def label(point, text, color="k"):
        ax.text(*point, text, fontsize=fontsize, color=color, ha="center", va="center")

    def dimension(start, end, side, offset, text, text_offset, at=0.5):
        """A length from ``start`` to ``end``, drawn ``offset`` (in reaches) to one side;
        its label ``text_offset`` to that side, a fraction ``at`` of the way along."""
        along = (end - start) / np.linalg.norm(end - start)
        normal = side * np.array([-along[1], along[0]]) * reach
        arrow(start + offset * normal, end + offset * normal, "0.25", lw=0.9,
              style="<|-|>")
        label(start + at * (end - start) + text_offset * normal, text)

    arrow((0.0, 0.0), (0.42 * reach, 0.0), grey)           # the base frame at joint 1
    arrow((0.0, 0.0), (0.0, 0.42 * reach), grey)
    label((0.46 * reach, 0.0), "$x$", grey)
    label((0.0, 0.46 * reach), "$y$", grey)
    ax.plot([-0.05 * reach, 0.05 * reach], [-0.03 * reach] * 2, color="0.2", lw=1.5)
    for x in np.linspace(-0.04, 0.05, 4) * reach:         # the ground under joint 1
        ax.plot([x, x - 0.025 * reach], [-0.03 * reach, -0.055 * reach], color="0.2", lw=0.8)

    ax.plot(*joints.T, "-", color=blue, lw=5, solid_capstyle="round", alpha=0.75)
    ax.plot(*joints[:2].T, "o", color="k", ms=6, zorder=4)
    extension = joints[1] + 0.25 * reach * _unit(phi[0])   # link 1 extended past the elbow
    ax.plot(*np.array([joints[1], extension]).T, ":", color="0.45", lw=1)
    for centre, start, angle, radius, text in ((joints[0], 0.0, q[0], 0.1, "$q_1$"),
                                               (joints[1], phi[0], q[1], 0.065, "$q_2$")):
        size = 2 * radius * reach
        ax.add_patch(Arc(centre, size, size, theta1=np.degrees(start),
                         theta2=np.degrees(start + angle), color=red, lw=1.4))
        label(centre + (radius + 0.055) * reach * _unit(start + angle / 2), text, red)

    # Link 1: l_c1 on its left (above), L1 on its right (clear of the angle q1); link 2: l_c2
    # on its left, L2 on its right (beyond the arc of q2).
    dimension(joints[0], centres[0], +1, 0.07, "$l_{c1}$", 0.135, at=0.72)
    dimension(joints[0], joints[1], -1, 0.1, "$L_1$", 0.17)
    dimension(joints[1], centres[1], +1, 0.07, "$l_{c2}$", 0.15)
    dimension(joints[1], joints[2], -1, 0.1, "$L_2$", 0.17)

    for i, centre in enumerate(centres):                   # the masses at their centres
        ax.add_patch(Circle(centre, 0.022 * reach, facecolor="white", edgecolor="k", lw=1,
                            zorder=5))
        for start in (0.0, 180.0):
            ax.add_patch(Wedge(centre, 0.022 * reach, start, start + 90.0, color="k",
                               zorder=6))
        label(centre + reach * (0.13 * _unit(phi[i] + np.pi / 2) + 0.06 * _unit(phi[i])),
              f"$m_{i + 1}$")

    top = np.array([0.9 * reach, 0.8 * reach])             # gravity, along -y
    arrow(top, top - [0.0, 0.22 * reach], grey, lw=1.6)
    label(top + [0.05 * reach, -0.11 * reach], "$g$", grey)

    # The joint torques, counter-clockwise, where nothing else is drawn: left of the base,
    # below the elbow.
    for joint, (low, high) in zip(joints[:2], ((2.3, 3.7), (3.85, 5.0)), strict=True):
        radius = 0.08 * reach
        arrow(joint + radius * _unit(low), joint + radius * _unit(high), purple, lw=1.4,
              bend=0.4)
    label(joints[0] + 0.16 * reach * _unit(3.0), r"$\tau_1$", purple)
    label(joints[1] + 0.15 * reach * _unit(4.45), r"$\tau_2$", purple)

    ax.set_aspect("equal")
    ax.set_axis_off()


def arm_drawing(arm: PlanarArm | None = None, q=(0.75, 0.8)):
    """The chapter's drawing of the two-link arm, as an SVG image (see
    :func:`draw_arm_symbols`); ``arm`` defaults to ``PlanarArm()``, ``q`` is in rad."""
    import matplotlib.pyplot as plt

    from robodyn.plotting.vector import svg_image

    arm = PlanarArm() if arm is None else arm
    fig, ax = plt.subplots(figsize=(5.25, 4.2))
    draw_arm_symbols(ax, arm, q)
    reach = float(np.sum(arm.lengths))
    ax.set(xlim=(-0.22 * reach, 1.0 * reach), ylim=(-0.1 * reach, 0.9 * reach))
    return svg_image(fig)
