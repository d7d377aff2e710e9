#!/bin/sh
# The Python kit type-checks under `mypy --strict` (it ships py.typed, so a
# user's mypy reads its hints). Skipped (77), saying why, without mypy:
# Debian's python3-mypy, which scripts/setup.sh installs.
# Usage: mypy_strict.sh SOURCE_DIR
source_dir=$1
for python in /usr/bin/python3 python3; do
  if "$python" -m mypy --version >/dev/null 2>&1; then
    cd "$source_dir/python" && exec "$python" -m mypy --strict --no-incremental sngsim_bot
  fi
done
echo "skipped: no mypy (apt-get install python3-mypy)"
exit 77
