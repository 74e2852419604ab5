"""Command-line values checked where they are read: a count, a seed or a worker number out of range is
refused by argparse with the option's name (exit status 2), before any game is played or file written.

>>> import argparse
>>> ap = argparse.ArgumentParser(prog="x", exit_on_error=False)
>>> _ = ap.add_argument("--games", type=whole(1))
>>> ap.parse_args(["--games", "3"]).games
3
>>> try:
...     ap.parse_args(["--games", "0"])
... except argparse.ArgumentError as e:
...     print(e)
argument --games: must be a whole number from 1, not '0'
"""

from __future__ import annotations

import argparse
from pathlib import Path

from engine.core.replay import MAX_SEED


def whole(lo: int | None = None, hi: int | None = None):
    """An argparse ``type``: a whole number from ``lo`` to ``hi`` (either may be open)."""
    def read(text: str) -> int:
        try:
            n = int(text)
        except ValueError:
            n = None
        if n is None or (lo is not None and n < lo) or (hi is not None and n > hi):
            span = (f"from {lo} to {hi}" if lo is not None and hi is not None else
                    f"from {lo}" if lo is not None else f"up to {hi}" if hi is not None else "")
            raise argparse.ArgumentTypeError(f"must be a whole number{' ' + span if span else ''}, not {text!r}")
        return n
    read.__name__ = "whole number"
    return read


def positive_number(text: str) -> float:
    """An argparse ``type``: a number above 0 (a clock factor, a time)."""
    try:
        x = float(text)
    except ValueError:
        x = float("nan")
    if not x > 0 or x == float("inf"):
        raise argparse.ArgumentTypeError(f"must be a number above 0, not {text!r}")
    return x


seed = whole(0, MAX_SEED)
count = whole(1)


def output_file_problem(path: str | Path) -> str | None:
    """Why a file cannot be written at ``path`` (checked before a long run, not after it), or None."""
    p = Path(path)
    if p.is_dir():
        return f"{p}: is a folder, not a file"
    if not p.parent.is_dir():
        return f"{p}: its folder {p.parent} does not exist"
    return None


def output_folder_problem(path: str | Path) -> str | None:
    """Why ``path`` cannot be an output folder (it is a file, or lies under one), or None."""
    p = Path(path)
    for q in (p, *p.parents):
        if q.exists():
            return None if q.is_dir() else f"{p}: {q} is a file, not a folder"
    return None
