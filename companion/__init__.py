"""The table companion: a live, shared companion for board games played at a real table."""

__version__ = "0.1.0"
