"""Lets the examples run from a checkout without `pip install ./python`."""
import os
import sys

try:
    import sngsim_bot  # noqa: F401  (installed)
except ImportError:
    sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
