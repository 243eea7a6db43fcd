#!/usr/bin/env bash
# Runs the README's GitHub Actions commands on examples/ and validates what they write, so the documented CI
# example cannot rot. As the workflow does, it installs the package globally first: the tarball `npm pack` makes,
# into a throwaway prefix, with its runtime dependencies put in npm's cache beforehand (a global install resolves
# versions from registry metadata, which `npm ci` does not cache), then `spec-harness` from PATH. The examples include deliberately weak contracts: the gate must fail (exit 1) on them, and
# the ratchet against their own baseline must pass (exit 0). Reports go to ${OUT:-tmp/ci-reports}.
set -euo pipefail
cd "$(dirname "$0")/.."
OUT="${OUT:-tmp/ci-reports}"
mkdir -p "$OUT"
rm -f "$OUT/step-summary.md"
GLOBAL="$OUT/global"
rm -rf "$GLOBAL" && mkdir -p "$GLOBAL"
tarball="$(npm pack --silent --pack-destination "$GLOBAL" | tail -1)"
# shellcheck disable=SC2046  # one name@version per word
npm cache add $(node -e '
  const lock = require("./package-lock.json");
  for (const [path, entry] of Object.entries(lock.packages))
    if (path !== "" && !entry.dev) console.log(`${path.replace(/^.*node_modules\//, "")}@${entry.version}`);
') >/dev/null
npm install --global --prefix "$GLOBAL" --offline --no-audit --no-fund "$GLOBAL/$tarball" >"$GLOBAL/install.log" 2>&1 \
  || { tail -20 "$GLOBAL/install.log" >&2; echo "ci-reports: npm install --global $tarball failed" >&2; exit 1; }
cli() { PATH="$GLOBAL/bin:$PATH" spec-harness "$@"; }
[ "$(cli --version)" = "$(node -p 'require("./package.json").version')" ] || { echo "ci-reports: --version differs from package.json" >&2; exit 1; }

expect_exit() {
  local want="$1"; shift
  local got=0
  "$@" || got=$?
  if [ "$got" != "$want" ]; then echo "ci-reports: '$*' exited $got, expected $want" >&2; exit 1; fi
}

# The gate with annotations and a job summary (README: "Check contracts").
GITHUB_STEP_SUMMARY="$OUT/step-summary.md" expect_exit 1 cli check examples --gate post=0.75 --format github --output "$OUT/github.txt"
# The reports (README: "Reports"): SARIF for code scanning, the HTML viewer, the mutation report, JUnit.
expect_exit 0 cli check examples --format sarif --output "$OUT/spec-harness.sarif" --html "$OUT/spec-harness.html"
expect_exit 0 cli check examples --format mutation-report --output "$OUT/mutation-report.json"
expect_exit 1 cli check examples --gate post=0.75 --format junit --output "$OUT/junit.xml"
# The ratchet (README: "Only fail on what got worse"): against its own baseline nothing got worse.
expect_exit 0 cli check examples --format json --output "$OUT/report.json" --save-baseline "$OUT/baseline.json"
expect_exit 0 cli check examples --gate post=0.75 --baseline "$OUT/baseline.json" --format github --output "$OUT/ratchet.txt"

npx tsx scripts/validate-reports.ts "$OUT"
