"""Runs of one task over many arguments, in worker processes."""

from __future__ import annotations

from robodyn.core.errors import ParameterError


def run_parallel(task, arguments: list, *, workers: int | None = None,
                 progress: bool = True, desc: str = "runs") -> list:
    """``[task(*a) for a in arguments]``, the runs shared among ``workers`` processes
    (default: one per core, at most 4; 1 runs them here, in order), with a progress bar on
    standard output. ``task`` must be a module-level function, as :func:`climb_outcome`,
    and its arguments picklable.

    The processes are forked from a server process that imported this module once (the
    "forkserver" start method of :mod:`multiprocessing`), so a call costs a few
    milliseconds to start, not the second or two of a fresh Python each time; where there
    is no fork (Windows), each process starts afresh ("spawn").
    """
    import os
    import sys
    from concurrent.futures import ProcessPoolExecutor

    from tqdm import tqdm

    if workers is None:
        workers = min(os.cpu_count() or 1, 4)
    if isinstance(workers, bool) or not isinstance(workers, int) or workers < 1:
        raise ParameterError(f"workers must be a whole number >= 1, got {workers!r}")
    bar = tqdm(total=len(arguments), desc=desc, file=sys.stdout, disable=not progress,
               mininterval=1.0)
    with bar:
        if workers == 1 or len(arguments) < 2:
            results = []
            for argument in arguments:
                results.append(task(*argument))
                bar.update()
            return results
        with ProcessPoolExecutor(min(workers, len(arguments)),
                                 mp_context=_process_context()) as pool:
            futures = [pool.submit(task, *argument) for argument in arguments]
            for future in futures:
                future.add_done_callback(lambda _: bar.update())
            return [future.result() for future in futures]


def _process_context():
    """The :mod:`multiprocessing` context of :func:`run_parallel`: "forkserver", its server
    importing robodyn.vacuum before it forks a worker, where the platform has it."""
    import multiprocessing

    if "forkserver" not in multiprocessing.get_all_start_methods():
        return multiprocessing.get_context("spawn")
    context = multiprocessing.get_context("forkserver")
    context.set_forkserver_preload([__name__])
    return context
