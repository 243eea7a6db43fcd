#!/usr/bin/env node
// The `spec-harness` command: runs the bundled CLI (built by `npm install` / `npm run build`).
require('../dist/cli.js').main(process.argv.slice(2));
