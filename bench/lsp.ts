// Language-server benchmark: the built server (dist/server.js; `npm run build` first) over stdio on a generated
// 2,000-line Verus file with 100 scored functions and its pairs file. Measures save-to-diagnostics latency for
// one-function contract edits, and hover/CodeLens latency while a whole-file scoring run is in progress; then the
// request thread's time per keystroke in a 50 KB file, and a 1 MB file's first diagnostics and hovers meanwhile.
// Numbers, not assertions: targets are printed next to them. `npx tsx bench/lsp.ts` runs it alone.

import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { StreamMessageReader, StreamMessageWriter, createMessageConnection } from 'vscode-jsonrpc/node';
import type { MessageConnection } from 'vscode-jsonrpc/node';
import { runAlone } from './run-alone';

const FUNCTIONS = 100;
const LINES_PER_FUNCTION = 20;
const SAVES = 20;
/** Saves before the measured ones: the worker's first one-function runs include JIT warm-up. */
const WARMUP_SAVES = 2;
const BUSY_ROUNDS = 3;
const TARGET_SAVE_P95_MS = 50;
const TARGET_REQUEST_MS = 10;
/** Functions for a 50 KB file (about 340 bytes each) and a 1 MB one. */
const KEYSTROKE_FUNCTIONS = 150;
const KEYSTROKES = 300;
const TARGET_KEYSTROKE_MS = 5;
const BIG_FUNCTIONS = 3_000;
const TARGET_BIG_FIRST_MS = 3_000;
const TARGET_BIG_HOVER_MS = 50;
const HOVER_PAUSE_MS = 20;
/** The literal each function's requires carries; a save edits one function's copy (a one-function contract edit). */
const BOUND = 100_000;

export async function runLspBench(): Promise<string[]> {
  // LSP_BENCH_SERVER names another bundle (e.g. one built from a work-in-progress tree).
  const serverPath = resolve(__dirname, '..', process.env['LSP_BENCH_SERVER'] ?? join('dist', 'server.js'));
  if (!existsSync(serverPath)) return ['Language server', `  skipped: ${serverPath} is missing (run npm run build)`];
  const folder = mkdtempSync(join(tmpdir(), 'spec-harness-lsp-bench-'));
  const { text, uri, server } = await serveGenerated(serverPath, folder, 'bench', FUNCTIONS);
  try {
    let version = 1;
    const openedAt = performance.now();
    const opened = server.nextDiagnostics(uri, version);
    const idle = server.nextIdle(uri);
    void server.connection.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'rust', version, text } });
    const first = await opened;
    // The first diagnostics are the first chunk's: the saves start once the whole file is scored.
    await idle;
    const openMs = performance.now() - openedAt;

    // Saves: each edits one function's requires (so exactly one function is re-scored) and saves.
    let current = text;
    const saveSamples: number[] = [];
    for (let save = -WARMUP_SAVES; save < SAVES; save++) {
      current = toggleBound(current, ((save + FUNCTIONS) * 37) % FUNCTIONS);
      version += 1;
      const saveMs = await timedSave(server, uri, version, current);
      if (save >= 0) saveSamples.push(saveMs);
    }
    const cacheLine = server.logs.filter((line) => line.startsWith('scored ')).at(-1) ?? '';
    // Saves that edit a spec fn only f0 reaches: the memo key holds the items each function reaches, so one function runs.
    const specSamples: number[] = [];
    const specLogsFrom = server.logs.length;
    for (let save = 0; save < SAVES; save++) {
      current = current.replace(
        /(spec fn bench_one\(\) -> int \{ )(\d+)/,
        (_, head: string, n: string) => `${head}${Number(n) === BOUND ? BOUND + 1 : BOUND}`,
      );
      specSamples.push(await timedSave(server, uri, ++version, current));
    }
    const specEvaluated = new Set(server.logs.slice(specLogsFrom).flatMap((line) => /^scored \S+: (\d+) of/.exec(line)?.[1] ?? []));

    // Busy: a new `use` (reached by no name, so every function depends on it) makes every function stale; hover and
    // CodeLens are asked while that run is going.
    const hoverSamples: number[] = [];
    const lensSamples: number[] = [];
    let lastRunMs = 0;
    for (let round = 0; round < BUSY_ROUNDS; round++) {
      current = current.replace(/^use vstd::prelude::\*;.*$/m, `use vstd::prelude::*; use vstd::seq as round${round};`);
      version += 1;
      void server.connection.sendNotification('textDocument/didChange', {
        textDocument: { uri, version },
        contentChanges: [{ text: current }],
      });
      await server.connection.sendRequest('textDocument/hover', { textDocument: { uri }, position: { line: 0, character: 0 } });
      const published = server.nextDiagnostics(uri, version);
      let done = false;
      void published.then(() => {
        done = true;
      });
      const startedAt = performance.now();
      void server.connection.sendNotification('textDocument/didSave', { textDocument: { uri } });
      let idx = 0;
      while (!done) {
        const line = 3 + LINES_PER_FUNCTION * (idx % FUNCTIONS) + 1;
        const t0 = performance.now();
        await server.connection.sendRequest('textDocument/hover', { textDocument: { uri }, position: { line, character: 5 } });
        const t1 = performance.now();
        await server.connection.sendRequest('textDocument/codeLens', { textDocument: { uri } });
        const t2 = performance.now();
        if (!done) {
          hoverSamples.push(t1 - t0);
          lensSamples.push(t2 - t1);
        }
        idx++;
      }
      await published;
      lastRunMs = performance.now() - startedAt;
    }
    const errors = server.logs.filter((line) => /\bbug\b|failed/.test(line));
    const lines: string[] = [
      `Language server (${serverPath.split(/[\\/]/).slice(-2).join('/')} over stdio; ${FUNCTIONS} functions, ${text.split('\n').length} lines, ${first.length} diagnostics in the first chunk)`,
      `  open to first diagnostics   ${openMs.toFixed(0)} ms (the first chunk of functions)`,
      `  save to diagnostics         median ${median(saveSamples).toFixed(1)} ms, p95 ${p95(saveSamples).toFixed(1)} ms over ${SAVES} one-function edits after ${WARMUP_SAVES} warm-up ` +
        `(target p95 <= ${TARGET_SAVE_P95_MS} ms: ${p95(saveSamples) <= TARGET_SAVE_P95_MS ? 'met' : 'MISSED'})`,
      `    last run: ${cacheLine.replace(/^scored \S+: /, '')}`,
      `  save editing a spec fn      median ${median(specSamples).toFixed(1)} ms, p95 ${p95(specSamples).toFixed(1)} ms over ${SAVES} edits of a spec fn one ` +
        `function reaches; functions evaluated per run: ${[...specEvaluated].join(', ')} of ${FUNCTIONS}`,
      `  hover while scoring         median ${median(hoverSamples).toFixed(2)} ms, p95 ${p95(hoverSamples).toFixed(2)} ms over ${hoverSamples.length} requests ` +
        `(target <= ${TARGET_REQUEST_MS} ms: ${p95(hoverSamples) <= TARGET_REQUEST_MS ? 'met' : 'MISSED'})`,
      `  CodeLens while scoring      median ${median(lensSamples).toFixed(2)} ms, p95 ${p95(lensSamples).toFixed(2)} ms over ${lensSamples.length} requests ` +
        `(target <= ${TARGET_REQUEST_MS} ms: ${p95(lensSamples) <= TARGET_REQUEST_MS ? 'met' : 'MISSED'})`,
      `    whole-file run while asked: ${lastRunMs.toFixed(0)} ms`,
    ];
    if (errors.length > 0) lines.push(`  server errors: ${errors.join(' | ')}`);
    lines.push(...(await keystrokeBench(serverPath, folder)), ...(await bigFileBench(serverPath, folder)));
    return lines;
  } finally {
    await server.stop();
    rmSync(folder, { recursive: true, force: true });
  }
}

/** Keystrokes into a 50 KB file with run = onSave: each is one incremental didChange; a hover answered after the
 *  last one means the request thread has handled them all. The wall time per keystroke bounds its CPU time. */
async function keystrokeBench(serverPath: string, folder: string): Promise<string[]> {
  const { text, uri, server } = await serveGenerated(serverPath, folder, 'typing', KEYSTROKE_FUNCTIONS);
  try {
    const opened = server.nextDiagnostics(uri, 1);
    void server.connection.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'rust', version: 1, text } });
    await opened;
    const line = 3 + LINES_PER_FUNCTION * 70 + 10; // inside a body in the middle of the file
    const samples: number[] = [];
    for (let round = 0; round < 3; round++) {
      const startedAt = performance.now();
      for (let key = 0; key < KEYSTROKES; key++) {
        const version = 2 + round * KEYSTROKES + key;
        const character = 4 + key;
        void server.connection.sendNotification('textDocument/didChange', {
          textDocument: { uri, version },
          contentChanges: [{ range: { start: { line, character }, end: { line, character } }, text: 'x' }],
        });
      }
      await server.connection.sendRequest('textDocument/hover', { textDocument: { uri }, position: { line: 0, character: 0 } });
      samples.push((performance.now() - startedAt) / KEYSTROKES);
    }
    const perKey = median(samples);
    return [
      `  keystroke, ${(text.length / 1024).toFixed(0)} KB file       ${perKey.toFixed(3)} ms wall per keystroke on the request thread (median of 3 bursts of ${KEYSTROKES}; ` +
        `an upper bound of its CPU) (target <= ${TARGET_KEYSTROKE_MS} ms: ${perKey <= TARGET_KEYSTROKE_MS ? 'met' : 'MISSED'})`,
    ];
  } finally {
    await server.stop();
  }
}

/** A 1 MB file: open to first diagnostics (the first chunk of a whole-file cold run) and to the whole file's, with
 *  hovers asked all the while at a steady pace (one every HOVER_PAUSE_MS: a flood of back-to-back requests would
 *  measure the bench's own load on two cores rather than the server). */
async function bigFileBench(serverPath: string, folder: string): Promise<string[]> {
  const { text, uri, server } = await serveGenerated(serverPath, folder, 'big', BIG_FUNCTIONS);
  try {
    const hoverSamples: number[] = [];
    let done = false;
    let firstMs = Number.NaN;
    const openedAt = performance.now();
    const whole = server.nextIdle(uri).then(() => {
      done = true;
    });
    const first = server.nextDiagnostics(uri, 1).then((diagnostics) => {
      firstMs = performance.now() - openedAt;
      return diagnostics.length;
    });
    void server.connection.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'rust', version: 1, text } });
    for (let idx = 0; !done; idx++) {
      const line = 3 + LINES_PER_FUNCTION * (idx % BIG_FUNCTIONS) + 1;
      const t0 = performance.now();
      await server.connection.sendRequest('textDocument/hover', { textDocument: { uri }, position: { line, character: 5 } });
      if (!done) hoverSamples.push(performance.now() - t0);
      await new Promise((resolvePause) => setTimeout(resolvePause, HOVER_PAUSE_MS));
    }
    await whole;
    const wholeMs = performance.now() - openedAt;
    const firstCount = await first;
    return [
      `  ${(text.length / 1024 / 1024).toFixed(2)} MB file (${BIG_FUNCTIONS} functions): first diagnostics ${firstMs.toFixed(0)} ms ` +
        `(${firstCount} diagnostics; target <= ${TARGET_BIG_FIRST_MS} ms: ${firstMs <= TARGET_BIG_FIRST_MS ? 'met' : 'MISSED'}), ` +
        `whole file ${wholeMs.toFixed(0)} ms`,
      `    hover while scoring        median ${median(hoverSamples).toFixed(2)} ms, p95 ${p95(hoverSamples).toFixed(2)} ms over ${hoverSamples.length} requests ` +
        `(target <= ${TARGET_BIG_HOVER_MS} ms: ${p95(hoverSamples) <= TARGET_BIG_HOVER_MS ? 'met' : 'MISSED'})`,
    ];
  } finally {
    await server.stop();
  }
}

export interface BenchServer {
  readonly connection: MessageConnection;
  readonly logs: string[];
  /** Resolves with the diagnostics published for `uri` at `version`. */
  nextDiagnostics(uri: string, version: number): Promise<unknown[]>;
  /** Resolves when the server next says `uri` is idle (its run, all chunks of it, has ended). */
  nextIdle(uri: string): Promise<void>;
  stop(): Promise<void>;
}

/** `textDocument` is the client's textDocument capabilities (none by default). */
export async function startServer(serverPath: string, rootUri: string, textDocument: object = {}): Promise<BenchServer> {
  const child = spawn(process.execPath, [...(process.env['LSP_BENCH_NODE_ARGS'] ?? '').split(' ').filter(Boolean), serverPath, '--stdio'], {
    stdio: 'pipe',
  });
  const connection = createMessageConnection(new StreamMessageReader(child.stdout), new StreamMessageWriter(child.stdin));
  const logs: string[] = [];
  const waiters: { uri: string; version: number; resolve: (diagnostics: unknown[]) => void }[] = [];
  const idleWaiters: { uri: string; resolve: () => void }[] = [];
  connection.onNotification('specHarness/status', (params: { uri: string; state: string }) => {
    if (params.state !== 'idle') return;
    for (const waiter of idleWaiters.filter((candidate) => candidate.uri === params.uri)) {
      idleWaiters.splice(idleWaiters.indexOf(waiter), 1);
      waiter.resolve();
    }
  });
  child.stderr.on('data', (chunk: Buffer) => logs.push(chunk.toString()));
  connection.onRequest('workspace/configuration', () => [{ run: 'onSave' }]);
  connection.onRequest('window/workDoneProgress/create', () => null);
  connection.onRequest('client/registerCapability', () => null);
  connection.onRequest('workspace/codeLens/refresh', () => null);
  connection.onNotification('window/logMessage', (params: { message: string }) => logs.push(params.message));
  connection.onNotification('window/showMessage', (params: { message: string }) => logs.push(`showMessage: ${params.message}`));
  connection.onNotification('textDocument/publishDiagnostics', (params: { uri: string; version?: number; diagnostics: unknown[] }) => {
    for (const waiter of [...waiters]) {
      if (waiter.uri === params.uri && waiter.version === params.version) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve(params.diagnostics);
      }
    }
  });
  connection.listen();
  await connection.sendRequest('initialize', {
    processId: process.pid,
    rootUri,
    workspaceFolders: [{ uri: rootUri, name: 'bench' }],
    initializationOptions: { trusted: true },
    capabilities: {
      textDocument,
      window: { workDoneProgress: true },
      workspace: { configuration: true, applyEdit: true, codeLens: { refreshSupport: true } },
    },
  });
  void connection.sendNotification('initialized', {});
  return {
    connection,
    logs,
    nextDiagnostics: (uri, version) => new Promise((resolveWaiter) => waiters.push({ uri, version, resolve: resolveWaiter })),
    nextIdle: (uri) => new Promise((resolveWaiter) => idleWaiters.push({ uri, resolve: resolveWaiter })),
    stop: async () => {
      const exited = new Promise<void>((resolveExit) => child.on('exit', () => resolveExit()));
      await connection.sendRequest('shutdown');
      void connection.sendNotification('exit');
      await exited;
      connection.dispose();
    },
  };
}

/** Edits the text as typed, then saves: milliseconds from the save to the version's diagnostics. Typing and saving are
 *  apart in time: the change is handled (answered requests come after it) before the save. */
async function timedSave(server: BenchServer, uri: string, version: number, text: string): Promise<number> {
  void server.connection.sendNotification('textDocument/didChange', { textDocument: { uri, version }, contentChanges: [{ text }] });
  await server.connection.sendRequest('textDocument/hover', { textDocument: { uri }, position: { line: 0, character: 0 } });
  const published = server.nextDiagnostics(uri, version);
  const savedAt = performance.now();
  void server.connection.sendNotification('textDocument/didSave', { textDocument: { uri } });
  await published;
  return performance.now() - savedAt;
}

/** Edits function `index`'s requires bound (BOUND <-> BOUND + 1): its contract text changes, nothing else does. */
function toggleBound(text: string, index: number): string {
  const pattern = new RegExp(`(fn f${index}\\([^]*?requires[^]*?)(${BOUND}|${BOUND + 1})\\b`);
  return text.replace(pattern, (_, head: string, bound: string) => `${head}${bound === String(BOUND) ? BOUND + 1 : BOUND}`);
}

/** A generated file of `count` functions and its pairs file written into `folder` as `<name>.rs`, and a server
 *  started on the folder (the file not yet opened). */
async function serveGenerated(
  serverPath: string,
  folder: string,
  name: string,
  count: number,
): Promise<{ text: string; uri: string; server: BenchServer }> {
  const { text, pairsText } = generatedFile(count);
  writeFileSync(join(folder, `${name}.rs`), text);
  writeFileSync(join(folder, `${name}.pairs.json`), pairsText);
  const server = await startServer(serverPath, pathToFileURL(folder).toString());
  return { text, uri: pathToFileURL(join(folder, `${name}.rs`)).toString(), server };
}

/** `count` functions of exactly LINES_PER_FUNCTION lines each, in four shapes, with ten pairs and invalid inputs each. */
export function generatedFile(count: number): { text: string; pairsText: string } {
  // `bench_one` shares bench_bound's line (every function stays where the hover positions expect it) and f0 calls it.
  const header = ['use vstd::prelude::*;', 'verus! {', `spec fn bench_bound() -> int { ${BOUND} } spec fn bench_one() -> int { ${BOUND} }`];
  const parts: string[] = [];
  const functions: Record<string, unknown> = {};
  for (let i = 0; i < count; i++) {
    const shape = SHAPES[i % SHAPES.length];
    if (shape === undefined) continue;
    const lines = shape.source(`f${i}`).map((line) => (i === 0 ? line.replace('bench_bound()', 'bench_one()') : line));
    while (lines.length < LINES_PER_FUNCTION) lines.push('');
    parts.push(...lines.slice(0, LINES_PER_FUNCTION));
    functions[`f${i}`] = shape.entry(i);
  }
  const text = [...header, ...parts, '} // verus!', ''].join('\n');
  return { text, pairsText: `${JSON.stringify({ version: 1, functions }, null, 2)}\n` };
}

interface Shape {
  source(name: string): string[];
  entry(seed: number): unknown;
}

const range = (length: number): number[] => Array.from({ length }, (_, k) => k);

const SHAPES: readonly Shape[] = [
  {
    source: (name) => [
      `/// Clamps x into [lo, hi].`,
      `fn ${name}(x: i32, lo: i32, hi: i32) -> (r: i32)`,
      `    requires`,
      `        lo <= hi,`,
      `        x < ${BOUND},`,
      `        x <= bench_bound(),`,
      `    ensures`,
      `        lo <= r && r <= hi,`,
      `        lo <= x && x <= hi ==> r == x,`,
      `{`,
      `    if x < lo {`,
      `        lo`,
      `    } else if x > hi {`,
      `        hi`,
      `    } else {`,
      `        x`,
      `    }`,
      `}`,
    ],
    entry: (seed) => ({
      pairs: range(10).map((k) => {
        const x = ((k * 29 + seed) % 60) - 30;
        return { input: { x, lo: -10, hi: 10 }, output: Math.min(10, Math.max(-10, x)) };
      }),
      invalid: [{ input: { x: 0, lo: 5, hi: -5 }, reason: 'lo > hi' }],
    }),
  },
  {
    source: (name) => [
      `/// The absolute value; the ensures is weak on purpose (r >= 0 alone would let wrong outputs through).`,
      `fn ${name}(x: i32) -> (r: i32)`,
      `    requires`,
      `        x != i32::MIN,`,
      `        x < ${BOUND},`,
      `        x <= bench_bound(),`,
      `    ensures`,
      `        r >= 0,`,
      `        r == x || r == -x,`,
      `{`,
      `    if x < 0 {`,
      `        -x`,
      `    } else {`,
      `        x`,
      `    }`,
      `}`,
    ],
    entry: (seed) => ({
      pairs: range(10).map((k) => {
        const x = k * 37 - 170 + seed;
        return { input: { x }, output: Math.abs(x) };
      }),
      invalid: [{ input: { x: -2147483648 }, reason: 'attempt to negate with overflow' }],
    }),
  },
  {
    source: (name) => [
      `/// The largest element of a non-empty vector.`,
      `fn ${name}(v: &Vec<i32>) -> (r: i32)`,
      `    requires`,
      `        v.len() > 0,`,
      `        v.len() < ${BOUND},`,
      `    ensures`,
      `        forall|k: int| 0 <= k < v.len() ==> v[k] <= r,`,
      `        exists|k: int| 0 <= k < v.len() && v[k] == r,`,
      `{`,
      `    let mut best = v[0];`,
      `    let mut i: usize = 1;`,
      `    while i < v.len()`,
      `        invariant 1 <= i <= v.len(),`,
      `        decreases v.len() - i,`,
      `    {`,
      `        if v[i] > best { best = v[i]; }`,
      `        i = i + 1;`,
      `    }`,
      `    best`,
      `}`,
    ],
    entry: (seed) => ({
      pairs: range(10).map((k) => {
        const v = range(1 + (k % 5)).map((j) => ((j * 17 + k * 7 + seed) % 50) - 25);
        return { input: { v }, output: Math.max(...v) };
      }),
      invalid: [{ input: { v: [] }, reason: 'empty vector' }],
    }),
  },
  {
    source: (name) => [
      `/// Adds two bytes without overflow.`,
      `fn ${name}(a: u8, b: u8) -> (r: u16)`,
      `    requires`,
      `        a < 200,`,
      `        (b as int) < ${BOUND},`,
      `    ensures`,
      `        r == a + b,`,
      `{`,
      `    a as u16 + b as u16`,
      `}`,
    ],
    entry: (seed) => ({
      pairs: range(10).map((k) => {
        const a = (k * 19 + seed) % 200;
        const b = (k * 23 + seed * 3) % 256;
        return { input: { a, b }, output: a + b };
      }),
      invalid: [{ input: { a: 250, b: 1 }, reason: 'a out of range' }],
    }),
  },
];

function median(samples: readonly number[]): number {
  return percentile(samples, 0.5);
}

function p95(samples: readonly number[]): number {
  return percentile(samples, 0.95);
}

export function percentile(samples: readonly number[], fraction: number): number {
  if (samples.length === 0) return Number.NaN;
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(fraction * sorted.length))] ?? Number.NaN;
}

if (require.main === module) runAlone(runLspBench);
