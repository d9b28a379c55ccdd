"""The engine: plain data and pure functions. No Flask, no I/O."""
