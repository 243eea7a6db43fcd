#!/usr/bin/env node
// The `spec-harness` command: runs the bundled CLI (built by `npm run build`, and by `npm pack` before it packs) in a worker thread
// with a 256 MB stack, so recursive spec fns evaluate thousands of calls deep (the CLI reads the worker's
// stackSizeMb and gives the evaluator its `large` allowance). `lsp` and `mcp` stay on the main thread: they speak
// a protocol over this process's own stdio. `gate` reads a hook's JSON on stdin, which is piped into its worker.
const { existsSync } = require('node:fs');
const { join } = require('node:path');
const { Worker, isMainThread, workerData } = require('node:worker_threads');

/** Must equal LARGE_STACK_SIZE_MB in server/src/eval/spec/spec-context.ts (a test checks it). */
const STACK_SIZE_MB = 256;

// __dirname is the real bin/ folder even when npm links this file into a PATH folder, so the bundle is found
// wherever npm put the package (local, global, npx's cache).
const BUNDLE = join(__dirname, '..', 'dist', 'cli.js');

if (!existsSync(BUNDLE)) {
  process.stderr.write(`spec-harness: the bundle ${BUNDLE} is missing; in a checkout, run \`npm run build\` first\n`);
  process.exitCode = 2;
} else if (!isMainThread) {
  require(BUNDLE).main(workerData.argv);
} else {
  const argv = process.argv.slice(2);
  if (argv[0] === 'lsp' || argv[0] === 'mcp') {
    require(BUNDLE).main(argv);
  } else {
    // A reader that stops early (`| head`) closes the pipe: end as a killed pipe writer does (128 + SIGPIPE), not
    // with a stack trace, and never with 0, since the answer was not all written.
    process.stdout.on('error', (error) => {
      if (error.code !== 'EPIPE') throw error;
      process.exit(141);
    });
    // The worker's stdout/stderr are piped through this thread; its exit code is the CLI's (process.exitCode).
    const readsStdin = argv[0] === 'gate';
    const worker = new Worker(__filename, { workerData: { argv }, stdin: readsStdin, resourceLimits: { stackSizeMb: STACK_SIZE_MB } });
    if (readsStdin && worker.stdin !== null) process.stdin.pipe(worker.stdin);
    worker.on('error', (error) => {
      process.stderr.write(`spec-harness: internal error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
      process.exitCode = 2;
    });
    worker.on('exit', (code) => {
      if (process.exitCode === undefined || process.exitCode === 0) process.exitCode = code;
    });
  }
}
