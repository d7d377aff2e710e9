#!/usr/bin/env bash
# Builds the Python package sngsim into build/python (after installing what
# is missing, as scripts/build.sh) and says how to use it. Offline, with
# Debian's /usr/bin/python3, numpy and pandas: nothing comes from PyPI.
#   scripts/python.sh
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/build.sh sngsim sngsim_python
python_dir="$(pwd)/build/python"
PYTHONPATH="$python_dir" /usr/bin/python3 -c "import sngsim; print('sngsim', sngsim.version, 'built in $python_dir')"
cat <<MESSAGE
Use it with Debian's Python:
  PYTHONPATH=$python_dir /usr/bin/python3 -c 'import sngsim; print(sngsim.run("configs/quickstart.yaml", tournaments=500).to_pandas().players)'
or add $python_dir to sys.path (a notebook: sys.path.insert(0, "$python_dir")). docs/python.md has the API.
MESSAGE
