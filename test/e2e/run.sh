#!/bin/bash
# `npm run test:e2e`: the packaged extension in real clients, offline.
#   1. Neovim 0.7 (headless) as a third-party LSP client over stdio: `node dist/server.js --stdio` and
#      `spec-harness lsp --stdio`, printing our diagnostics.
#   2. VS Code's own TextMate engine (from code-server) on the injection grammars.
#   3. A real VS Code workbench (code-server 4.100.3 + Debian chromium via playwright-core) with the .vsix installed:
#      opens the fixture, reads the CodeLens texts and the Problems panel back, saves a screenshot.
#   4. VS Code's extension host (extension loaded from this checkout): test/e2e/vscode/ext-tests.js (diagnostics,
#      CodeLens, hover, report view, Test Explorer items, the language model tool, the Generate-pairs action).
#   Also: Chromium opens the self-contained HTML mutation report (test/e2e/html-report.js) and the editor's mutation
#   report view page under its Content-Security-Policy (test/e2e/mutation-view.ts).
# Tools come from scripts/e2e-setup.sh (idempotent). E2E_SKIP_VSCODE=1 runs only the Neovim part.
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
cd "$ROOT"
E2E=${E2E_HOME:-$ROOT/tmp/e2e}
scripts/e2e-setup.sh "$E2E"
# shellcheck disable=SC1091
source "$E2E/env.sh"
# E2E_NO_BUILD=1 packages the bundles already in dist/ (built some other way) instead of rebuilding them.
if [ "${E2E_NO_BUILD:-}" = 1 ]; then node scripts/package-vsix.mjs >/dev/null; else npm run --silent package >/dev/null; fi

mkdir -p "$E2E/runs"
WORK=$(mktemp -d "$E2E/runs/run.XXXXXX")
cleanup() {
  if [ -f "$WORK/cs/pid" ]; then kill -- "-$(cat "$WORK/cs/pid")" 2>/dev/null || true; fi
  rm -rf "$WORK"
}
trap cleanup EXIT
mkdir -p "$WORK/ws" "$WORK/tmp"
cp test/fixtures/lsp/arith.rs test/fixtures/lsp/arith.pairs.json "$WORK/ws/"
export TMPDIR="$WORK/tmp"

expect_line() { # expect_line OUTPUT NEEDLE: fails the run, printing OUTPUT, when NEEDLE is missing
  if ! grep -qF -- "$2" <<<"$1"; then echo "FAIL: expected a line containing: $2"; echo "$1"; exit 1; fi
}

echo "== Neovim: node dist/server.js --stdio"
out=$(LSP_CMD="node $ROOT/dist/server.js --stdio" nvim --headless --clean -c "luafile test/e2e/lsp-diagnostics.lua" "$WORK/ws/arith.rs" 2>&1)
echo "$out"
expect_line "$out" 'DIAG arith.rs:11:9 severity=2 source=spec-harness message=accepts double(3) = '
expect_line "$out" 'DIAG arith.rs:21:9 severity=1 source=spec-harness message=rejects the correct output inc(1) = 2'
expect_line "$out" 'DIAG arith.rs:29:9 severity=2 source=spec-harness message=rejects the valid input identity(-1)'
expect_line "$out" 'DIAG arith.rs:37:4 severity=3 source=spec-harness message=no pairs for `square`: the quick fix generates up to 20 inputs inside the `requires` and writes them to arith.pairs.json, keeping existing entries (or run `spec-harness pairs`)'

echo "== Neovim: spec-harness lsp --stdio"
out=$(LSP_CMD="node $ROOT/bin/spec-harness.js lsp --stdio" nvim --headless --clean -c "luafile test/e2e/lsp-diagnostics.lua" "$WORK/ws/arith.rs" 2>&1)
echo "$out"
expect_line "$out" 'message=accepts double(3) = '

if [ "${E2E_SKIP_VSCODE:-}" = 1 ]; then echo "e2e: Neovim passed (VS Code skipped)"; exit 0; fi

echo "== Chromium: the HTML mutation report (check --html) renders offline from file://"
node bin/spec-harness.js check examples --html "$WORK/report.html" >/dev/null
NODE_PATH="$PLAYWRIGHT_NODE_PATH" node test/e2e/html-report.js "$WORK/report.html" change_case.rs

echo "== Chromium: the mutation report view's page (CSP, the bundled viewer, a click on a mutant posts its id)"
node bin/spec-harness.js check examples --format mutation-report --output "$WORK/mutation-report.json"
NODE_PATH="$PLAYWRIGHT_NODE_PATH" node_modules/.bin/tsx test/e2e/mutation-view.ts "$WORK/mutation-report.json" change_case.rs

echo "== VS Code's TextMate engine: the Verus injection grammar inside verus! only"
node test/e2e/grammar-check.js "$CS"

echo "== VS Code (code-server) with the .vsix installed"
PORT=$(node -e "const s=require('net').createServer().listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})")
test/e2e/seed-settings.sh "$WORK/cs/ud"
XDG_CONFIG_HOME="$WORK/cs/xdg/config" XDG_DATA_HOME="$WORK/cs/xdg/data" XDG_CACHE_HOME="$WORK/cs/xdg/cache" \
  "$CSBIN" --user-data-dir "$WORK/cs/ud" --extensions-dir "$WORK/cs/ext" --install-extension "$ROOT/spec-harness-verus.vsix" >/dev/null 2>&1
test/e2e/start-cs.sh "$CSBIN" "$PORT" "$WORK/cs"
SHOT=$E2E/vscode-codelens.png
out=$(PROBLEM_TEXT='wrong outputs slip through' NODE_PATH="$PLAYWRIGHT_NODE_PATH" node test/e2e/drive.js "http://127.0.0.1:$PORT" "$WORK/ws" arith.rs 'wrong outputs accepted' "$SHOT" 2>&1) || { echo "$out"; tail -20 "$WORK/cs/cs.log"; exit 1; }
echo "$out"
expect_line "$out" 'Post 1.00 / 0.13 · Pre 1.00 / 1.00 · 3 pairs'
expect_line "$out" 'Generate pairs'
kill -- "-$(cat "$WORK/cs/pid")"; rm -f "$WORK/cs/pid"

echo "== VS Code extension host: commands, hover, report view and the Generate-pairs action through VS Code's APIs"
export SPEC_HARNESS_E2E_RESULT="$WORK/ext-result.json"
rm -rf "$WORK/ws" && mkdir -p "$WORK/ws" && cp test/fixtures/lsp/arith.rs test/fixtures/lsp/arith.pairs.json "$WORK/ws/"
test/e2e/seed-settings.sh "$WORK/cs2/ud"
test/e2e/start-cs.sh "$CSBIN" "$PORT" "$WORK/cs2"
cp "$WORK/cs2/pid" "$WORK/cs/pid" # so the exit trap stops this one too
NODE_PATH="$PLAYWRIGHT_NODE_PATH" node test/e2e/run-ext-tests.js "http://127.0.0.1:$PORT" "$WORK/ws" "$ROOT" "$ROOT/test/e2e/vscode/ext-tests.js" "$SPEC_HARNESS_E2E_RESULT" \
  || { tail -20 "$WORK/cs2/cs.log"; exit 1; }
echo "e2e passed; screenshot: $SHOT"
