"""Nim's RL observation encoder (named in its metadata; the rules never import it)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np

from hellas.rl.encoders.base import Encoder, Layout


class NimEncoder(Encoder):
    """The heap as one-hot stones left, and the seat to act."""

    def __init__(self, options: Mapping[str, Any]) -> None:
        self.heap = int(options["heap"])
        self.layout = Layout("nim")
        self.layout.add("heap", self.heap + 1, "stones left, one-hot")
        self.layout.add("to_act", int(options["players"]), "the seat to act, one-hot")

    def fill(self, out: np.ndarray, view: Mapping[str, Any]) -> None:
        """Write the view's entries."""
        out[self.layout["heap"].start + view["heap"]] = 1.0
        if view["to_act"] is not None:
            out[self.layout["to_act"].start + view["to_act"]] = 1.0
