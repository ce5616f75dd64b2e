// The lobby's footer line: which engine this server runs (compiled or plain Python) and, while a
// compiled engine is being built in the background, that it will be used after the next start.
// The words come from the server (/api/engine, hellas.core.compiled.engine_note).
import { api } from "./util.js";

async function showEngine() {
  const line = document.getElementById("engine-line");
  if (!line) return;
  try {
    const engine = await api("/api/engine");
    line.textContent = engine.line;
    line.hidden = false;
  } catch {
    // a server that cannot say (or cannot be reached): no line rather than an error
  }
}

showEngine();
