#!/usr/bin/env bash
# Rebuild, from the compressed results kept in results/ (Parquet, zstd), the tables that
# docs/benchmarks.md quotes, and the charts and tables of `hellas report` into ${OUT:-report}/.
# Needs the reports extra (pandas, pyarrow, matplotlib): ./check installs it.
set -euo pipefail
cd "$(dirname "$0")/.."
py=.venv/bin/python
out="${OUT:-report}"
echo "== Legends: honest search / clairvoyant lookahead, every cell (Precision-targeted sweeps)"
"$py" scripts/winrate_tables.py results/legends-search.parquet \
  --ratio ismcts:200 clairvoyant-lookahead:8
echo "== Legends: what a belief over partners' hands could gain (paired deals)"
"$py" scripts/winrate_tables.py results/legends-search.parquet \
  results/legends-references.parquet --paired --ratio ismcts:200 clairvoyant:200
for f in results/legends-search.parquet results/lords-lookahead.csv \
  results/lords-lookahead-seed8.csv results/lords-lookahead-board-value.csv; do
  name="$(basename "${f%.*}")"
  echo "== hellas report $f -> $out/$name"
  .venv/bin/hellas report "$f" --out "$out/$name"
done
