"""Batch simulation: sweeps of many games, local or Ray backends, result tables and reports.

``sweep`` expands a sweep into tasks with stable seeds; ``play`` plays one task; ``backends`` map
it over a local process pool or a Ray cluster; ``results`` writes and resumes CSV/Parquet tables;
``report`` turns a table into win-rate tables with 95% intervals and PNG charts; ``bench``
measures the engine.
"""
