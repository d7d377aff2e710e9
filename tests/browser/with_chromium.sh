#!/bin/sh
# Runs a browser test: `with_chromium.sh NODE_DIR COMMAND...`.
# Exits 77, which ctest counts as a skip (SKIP_RETURN_CODE), saying why, when
# Debian's chromium (or, for the Node tests, node and npm) is missing:
# scripts/setup.sh installs them. With NODE_DIR not "-", first installs
# playwright-core from tests/browser/package-lock.json into NODE_DIR with
# `npm ci` (again only when the lock file changed), and runs COMMAND with
# NODE_PATH pointing there.
set -eu
node_dir=$1
shift
here=$(cd "$(dirname "$0")" && pwd)
if [ ! -x /usr/bin/chromium ]; then
  echo "SKIPPED: /usr/bin/chromium is missing (Debian package chromium; scripts/setup.sh installs it)"
  exit 77
fi
if [ "$node_dir" != "-" ]; then
  if ! command -v node >/dev/null 2>&1 || ! command -v npm >/dev/null 2>&1; then
    echo "SKIPPED: node and npm are missing (Debian packages nodejs and npm; scripts/setup.sh installs them)"
    exit 77
  fi
  mkdir -p "$node_dir"
  if ! cmp -s "$here/package-lock.json" "$node_dir/package-lock.json" || [ ! -d "$node_dir/node_modules/playwright-core" ]; then
    cp "$here/package.json" "$here/package-lock.json" "$node_dir/"
    (cd "$node_dir" && npm ci --no-audit --no-fund --loglevel=error)
  fi
  NODE_PATH="$node_dir/node_modules"
  export NODE_PATH
fi
exec "$@"
