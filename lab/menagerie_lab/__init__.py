"""Menagerie's lab on Ray: self-play shards of the `menagerie` binary.

The work is the Rust binary's (`menagerie selfplay` plays and records games,
`menagerie lab values|balance` reads the records); this package only spreads
shards of games over a Ray cluster (a local one by default) and gathers
them. See docs/lab.md.
"""

from .cluster import Shard, plan, run_selfplay
from .iterate import Plan, run as run_iterations

__all__ = ["Plan", "Shard", "plan", "run_iterations", "run_selfplay"]
