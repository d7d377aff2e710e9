"""sngsim in Python: the simulator's library through pybind11.

Built into the build tree by CMake (build/python/sngsim); put build/python
on PYTHONPATH. The learning environments are in sngsim.env
(docs/environment.md).
"""
