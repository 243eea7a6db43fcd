// The CLI's window on the world, passed in so commands can be tested in-process.

import { isMainThread, resourceLimits } from 'node:worker_threads';
import { internalErrorsFrom, stackAllowanceFor } from '../eval';
import type { InternalErrors, StackAllowance } from '../eval';
import type { PairsWriteHooks } from '../host';

export interface CliIo {
  stdout(text: string): void;
  stderr(text: string): void;
  readonly cwd: string;
  /** The JS stack this thread has, for the evaluator's recursion limits (absent: `default`). */
  readonly stackAllowance?: StackAllowance;
  /** What an evaluator or scorer bug becomes (hostInternalErrors; absent: `unsupported`). */
  readonly internalErrors?: InternalErrors;
  /** All of standard input (at most `maxBytes`; more is an error), for commands that read a hook's JSON. */
  readonly readStdin?: (maxBytes: number) => Promise<string>;
  /** Tests only: what happens between writing a pairs file's temporary copy and replacing the file. */
  readonly pairsWriteHooks?: PairsWriteHooks;
  /** The bundled CLI, which `--jobs` starts its workers from (file-pool.ts); absent, files are done on this thread. */
  readonly workerScript?: string;
}

export function nodeIo(): CliIo {
  return {
    stdout: (text) => process.stdout.write(text),
    stderr: (text) => process.stderr.write(text),
    cwd: process.cwd(),
    stackAllowance: hostStackAllowance(),
    internalErrors: hostInternalErrors(),
    readStdin: readProcessStdin,
    ...bundledScript(),
  };
}

/** This file's bundle (dist/cli.js), when it runs from one: a worker can start only from JavaScript, not from our
 *  TypeScript sources (tsx, vitest). */
function bundledScript(): { readonly workerScript?: string } {
  return __filename.endsWith('.js') ? { workerScript: __filename } : {};
}

async function readProcessStdin(maxBytes: number): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of process.stdin) {
    const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk));
    size += buffer.length;
    if (size > maxBytes) throw new Error(`standard input is larger than ${maxBytes} bytes`);
    chunks.push(buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** The bin runs the CLI in a worker with a big stack (bin/spec-harness.js); the main thread has Node's own. */
export function hostStackAllowance(): StackAllowance {
  return isMainThread ? 'default' : stackAllowanceFor(resourceLimits.stackSizeMb);
}

/** SPEC_HARNESS_INTERNAL_ERRORS=throw (the test suites set it) lets a bug propagate instead of becoming an
 *  `unsupported` report. */
export function hostInternalErrors(): InternalErrors {
  return internalErrorsFrom(process.env['SPEC_HARNESS_INTERNAL_ERRORS']);
}

/** An in-memory CliIo for tests: collects what a command prints. */
export function captureIo(cwd: string): CliIo & { readonly out: () => string; readonly err: () => string } {
  let out = '';
  let err = '';
  return {
    stdout: (text) => {
      out += text;
    },
    stderr: (text) => {
      err += text;
    },
    cwd,
    internalErrors: hostInternalErrors(),
    out: () => out,
    err: () => err,
  };
}
