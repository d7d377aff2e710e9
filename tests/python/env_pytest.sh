#!/bin/sh
# Runs pytest files of python/tests/env against the module built into
# BUILD_DIR/python. Exit 77 (ctest: skipped), saying why, when numpy,
# pytest or the module is missing, or, with --yardsticks, when PettingZoo's
# and Gymnasium's sources are not in the yardsticks folder
# ($SNGSIM_YARDSTICKS, else ../shared/yardsticks beside the checkout; never
# copied into the project).
# Usage: env_pytest.sh [--yardsticks] BUILD_DIR SOURCE_DIR TEST_FILE...
set -eu
yardsticks=no
if [ "$1" = "--yardsticks" ]; then yardsticks=yes; shift; fi
build=$1 src=$2
shift 2
python=python3
[ -x /usr/bin/python3 ] && python=/usr/bin/python3
for module in numpy pytest; do
  if ! "$python" -c "import $module" 2>/dev/null; then
    echo "SKIP: $python has no $module (scripts/setup.sh installs python3-$module)"
    exit 77
  fi
done
if ! ls "$build"/python/sngsim/_env*.so >/dev/null 2>&1; then
  echo "SKIP: $build/python/sngsim/_env is not built (pybind11-dev and python3-pybind11 missing at configure time)"
  exit 77
fi
path="$build/python"
if [ $yardsticks = yes ]; then
  dir=${SNGSIM_YARDSTICKS:-$(cd "$src/.." && pwd)/shared/yardsticks}
  for package in pettingzoo gymnasium; do
    if [ ! -d "$dir/$package/$package" ]; then
      echo "SKIP: $dir/$package/$package is absent (PettingZoo's and Gymnasium's sources; set SNGSIM_YARDSTICKS)"
      exit 77
    fi
  done
  path="$path:$dir/pettingzoo:$dir/gymnasium"
fi
cd "$src"
PYTHONPATH="$path" exec "$python" -m pytest -q -p no:cacheprovider "$@"
