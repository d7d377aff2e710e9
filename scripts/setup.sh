#!/usr/bin/env bash
# Installs the Debian packages sngsim builds with, if any is missing.
# Safe to run again: it does nothing when everything is present.
set -euo pipefail

packages=(cmake g++ make git libcli11-dev libtbb-dev libyaml-cpp-dev catch2 libtomlplusplus-dev nlohmann-json3-dev libboost-dev libopenmpi-dev openmpi-bin clang libclang-rt-14-dev python3 python3-matplotlib)
missing=()
# The docs tests and scripts/report.py check summary.json against its schema.
packages+=(python3-jsonschema)
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
