"""The simulation lab: experiments over variants, data files and seat line-ups, on every core or
on a Ray cluster, with reports a designer and a teacher can read (``docs/lab.md``).

- :mod:`~tycoon.sim.lab.experiment` reads and checks an experiment file: its cells and seeds;
- :mod:`~tycoon.sim.lab.play` plays a chunk of a cell's games into rows, as any worker does;
- :mod:`~tycoon.sim.lab.probes` notes what a row holds besides the outcome;
- :mod:`~tycoon.sim.lab.run` runs the missing games on processes or Ray;
- :mod:`~tycoon.sim.lab.store` keeps the results folder (Parquet; ``pyarrow``);
- :mod:`~tycoon.sim.lab.analysis` computes the report's figures (standard library);
- :mod:`~tycoon.sim.lab.html` and :mod:`~tycoon.sim.lab.report` write the report (``matplotlib``);
- :mod:`~tycoon.sim.lab.balance` is the board-balance study for any board file;
- :mod:`~tycoon.sim.lab.gamereport` is one game's report from its record.

The heavy packages are imported only where they are needed (``pip install 'tycoon[lab]'``).
"""

from tycoon.sim.lab.experiment import Experiment, ExperimentError, read_experiment
from tycoon.sim.lab.run import RunSummary, run_experiment

__all__ = ["Experiment", "ExperimentError", "RunSummary", "read_experiment", "run_experiment"]
