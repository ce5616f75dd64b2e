// Fantasy Realms' lobby pickers (declared in its metadata, web.pickers): the endgame decisions.

import { describedSelect } from "/static/js/pickers.js";

/** A field made for this Realms option, or null for the generic one. */
export function field(opt) {
  if (opt.name === "endgame" && opt.choices) {
    return describedSelect(opt, "Endgame decisions", {
      auto: "When the game ends, the solver makes every end-of-game choice for each player in their best interest.",
      manual: "When the game ends, each player makes their own end-of-game choices (for cards that let you pick).",
    });
  }
  return null;
}
