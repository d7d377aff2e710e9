#!/bin/sh
# The sngsim Python package's pytest suite (tests/python_package), as ctest
# runs it: skipped (exit 77), saying why, when Debian's Python lacks pytest,
# numpy or pandas, or the build has no module (pybind11-dev missing).
#   tests/python_package/run_pytest.sh SNGSIM_BINARY BUILD_PYTHON_DIR SOURCE_DIR [pytest args]
binary=$1 python_dir=$2 source_dir=$3
shift 3
python=/usr/bin/python3
if ! "$python" -c "import pytest, numpy, pandas" 2>/dev/null; then
  echo "skipped: $python lacks pytest, numpy or pandas (scripts/setup.sh installs python3-pytest, python3-numpy, python3-pandas)"
  exit 77
fi
if ! ls "$python_dir"/sngsim/_core*.so >/dev/null 2>&1; then
  echo "skipped: no sngsim module in $python_dir (the build found no pybind11: scripts/setup.sh installs pybind11-dev)"
  exit 77
fi
export PYTHONPATH="$python_dir" SNGSIM_BINARY="$binary" SNGSIM_SOURCE_DIR="$source_dir"
exec "$python" -m pytest -q -p no:cacheprovider "$source_dir/tests/python_package" "$@"
