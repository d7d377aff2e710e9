#!/bin/sh
# `pip install ./python` works offline: into a fresh venv that sees Debian's
# setuptools and wheel (python3-setuptools, python3-wheel), with no index
# and no build isolation, then the kit imports from the venv.
# Usage: pip_install_offline.sh SOURCE_DIR
set -eu
src=$1
python=python3
[ -x /usr/bin/python3 ] && python=/usr/bin/python3
if ! "$python" -m venv --help >/dev/null 2>&1 || ! "$python" -m pip --version >/dev/null 2>&1; then
  echo "SKIP: pip or venv is missing (scripts/setup.sh installs python3-pip and python3-venv)"
  exit 0
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# A copy: building writes build/ and *.egg-info beside the sources.
cp -r "$src/python" "$work/src"
# Without its own pip (seeding one costs most of the time): the system's
# pip installs into the venv.
"$python" -m venv --without-pip --system-site-packages "$work/venv"
"$python" -m pip --python "$work/venv/bin/python" install --quiet --no-index --no-build-isolation "$work/src"
cd /
"$work/venv/bin/python" -c "
import sngsim_bot, sngsim_bot.results
assert sngsim_bot.__file__.startswith('$work/venv'), sngsim_bot.__file__
print('installed', sngsim_bot.__file__)"
