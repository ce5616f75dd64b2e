"""The Lords encoder's Region and Monster blocks as first written: the reference.

``LordsEncoder`` now skips zero writes and looks seats up in a dict in those blocks; this
subclass keeps the original code so that ``test_encoders`` can check both give identical vectors.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np

from hellas.games.lords.content import EVOLUTIONS
from hellas.rl.encoders.base import multi_hot, one_hot, scale, seat_index
from hellas.rl.encoders.lords import HOPLITE_CAP, LordsEncoder


class ReferenceLordsEncoder(LordsEncoder):
    """The original ``_regions`` and ``_monsters``: a write for every entry."""

    def _regions(self, out: np.ndarray, regions: Any) -> None:
        n = self.n
        for region in regions:
            i = self.regions.get(region.get("id"))
            if i is None:
                continue
            base = self.o_regions + i * self.region_block
            one_hot(out, base, seat_index(region.get("control"), n), n)
            for q, count in enumerate(region.get("hoplites", ())[:n]):
                out[base + n + q] = scale(count, HOPLITE_CAP)
            one_hot(out, base + 2 * n, seat_index(region.get("fortified"), n), n)
            out[base + 3 * n] = 1.0 if region.get("temple") else 0.0
            multi_hot(out, base + 3 * n + 1, region.get("monsters", ()), self.monsters)
            out[base + 3 * n + 1 + len(self.monsters)] = 1.0 if region.get("quest") else 0.0

    def _monsters(self, out: np.ndarray, monsters: Mapping[str, Any]) -> None:
        n, r = self.n, len(self.regions)
        for mid, info in monsters.items():
            i = self.monsters.get(mid)
            if i is None:
                continue
            base = self.o_monsters + i * self.monster_block
            one_hot(out, base, self.regions.get(info.get("at")), r)
            multi_hot(out, base + r, info.get("evolutions", ()), self.evolutions)
            slain = seat_index(info.get("slain_by"), n)
            one_hot(out, base + r + len(EVOLUTIONS), slain, n)
            out[base + r + len(EVOLUTIONS) + n] = 1.0 if slain is not None else 0.0
            tray = info.get("tray") or ()
            out[base + r + len(EVOLUTIONS) + n + 1] = scale(len(tray), 6)
            wounded = sum(1 for w in tray if isinstance(w, Mapping) and w.get("wounded"))
            out[base + r + len(EVOLUTIONS) + n + 2] = scale(wounded, 6)
