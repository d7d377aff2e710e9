#!/usr/bin/env bash
# Installs the Debian packages sngsim builds with, if any is missing.
# Safe to run again: it does nothing when everything is present.
set -euo pipefail

packages=(cmake g++ make git libcli11-dev libtbb-dev libyaml-cpp-dev catch2 libtomlplusplus-dev nlohmann-json3-dev libboost-dev libopenmpi-dev openmpi-bin clang libclang-rt-14-dev python3 python3-matplotlib python3-jsonschema python3-mypy python3-pip python3-setuptools python3-wheel python3-venv)
# The Python package sngsim (docs/python.md): pybind11 and Python's headers
# to build it, numpy, pandas and pytest for it and its tests.
packages+=(python3-dev pybind11-dev python3-pybind11 python3-numpy python3-pandas python3-pytest)
# The browser tests (tests/browser/): Debian's chromium, and Node with npm to
# install playwright-core, which drives it. A Node that brings its own npm
# (not Debian's packaging) is kept as it is.
packages+=(chromium)
# The C++ layout check (tests/format/check_format.sh, .clang-format).
packages+=(clang-format)
# The learning environments (python/src/env_*.cpp, docs/environment.md):
# pybind11, numpy and pytest; PettingZoo's and Gymnasium's own tests
# (tests/python/env_pytest.sh) also import cloudpickle and typing_extensions.
packages+=(pybind11-dev python3-pybind11 python3-numpy python3-pytest python3-cloudpickle python3-typing-extensions)
command -v npm >/dev/null 2>&1 || packages+=(nodejs npm)
missing=()
for pkg in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed" || missing+=("$pkg")
done
[ ${#missing[@]} -eq 0 ] && exit 0

echo "sngsim setup: installing ${missing[*]}" >&2
sudo=""
[ "$(id -u)" -ne 0 ] && sudo="sudo"
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq
$sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >&2
