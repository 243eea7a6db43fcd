// Edit-storm benchmark (issue 14's check): on every example in examples/, over the built server (dist/server.js;
// `npm run build` first), 2,000 random edits with saves among them and hover, CodeLens and code-action requests
// interleaved: the storm of bench/edit-script.ts, which test/lsp/edit-storm.test.ts replays (300 edits) for
// correctness without timing. Per example: request latencies (target: none over 1 s), whether the diagnostics after
// a final save equal a fresh server's on the final text, and crashes and internal errors seen. Sent three ways:
// `burst`, everything without waiting for an answer (a request also waits for every edit sent before it); `paced`, an
// editor that waits for each group of requests before typing on; both as VS Code, which resolves code actions lazily
// (codeAction/resolve). `eager` is `paced` from a client without codeAction/resolve, which gets pair generation as a
// command (run when chosen) and the other quick fixes' edits at once. `npx tsx bench/edit-storm.ts` runs
// it alone; EDIT_STORM_EXAMPLES=a.rs,b.rs limits it to some examples.

import { copyFileSync, existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { isDeepStrictEqual } from 'node:util';
import { INTERNAL_ERROR_LOG, editStorm, playStorm } from './edit-script';
import type { StormRequest } from './edit-script';
import { percentile, startServer } from './lsp';
import type { BenchServer } from './lsp';
import { runAlone } from './run-alone';

const EDITS = 2_000;
const SAVE_EVERY = 15;
const ASK_EVERY = 4;
const TARGET_MAX_MS = 1_000;
const MODES = ['burst', 'paced', 'eager'] as const;
type Mode = (typeof MODES)[number];
/** VS Code's code-action capabilities (what the extension's users run). */
const LAZY_CODE_ACTIONS = {
  codeAction: {
    resolveSupport: { properties: ['edit'] },
    dataSupport: true,
    disabledSupport: true,
    isPreferredSupport: true,
    codeActionLiteralSupport: { codeActionKind: { valueSet: ['quickfix', 'source'] } },
  },
};

export async function runEditStormBench(): Promise<string[]> {
  const serverPath = resolve(__dirname, '..', process.env['LSP_BENCH_SERVER'] ?? join('dist', 'server.js'));
  if (!existsSync(serverPath)) return ['Edit storm', `  skipped: ${serverPath} is missing (run npm run build)`];
  const examples = join(__dirname, '..', 'examples');
  const folder = mkdtempSync(join(tmpdir(), 'spec-harness-storm-bench-'));
  for (const name of readdirSync(examples)) copyFileSync(join(examples, name), join(folder, name));
  const lines = [
    `Edit storm (${serverPath.split(/[\\/]/).slice(-2).join('/')} over stdio; per example ${EDITS} random edits, a save every ` +
      `${SAVE_EVERY}, hover + CodeLens + code action every ${ASK_EVERY}; target: no request over ${TARGET_MAX_MS} ms, ` +
      `final diagnostics = a fresh open's)`,
  ];
  try {
    const only = process.env['EDIT_STORM_EXAMPLES']?.split(',');
    const sources = readdirSync(folder)
      .filter((name) => name.endsWith('.rs') && (only === undefined || only.includes(name)))
      .sort();
    for (const name of sources) {
      for (const mode of MODES) lines.push(formatted(name, mode, await stormExample(serverPath, folder, name, mode)));
    }
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
  return lines;
}

interface Latency {
  readonly method: StormRequest['method'];
  readonly ms: number;
}

interface StormOutcome {
  readonly latencies: readonly Latency[];
  /** Null when there were no final diagnostics to compare (the server crashed). */
  readonly sameAsFresh: boolean | null;
  readonly crash: string | null;
  readonly internalErrors: readonly string[];
}

async function stormExample(serverPath: string, folder: string, name: string, mode: Mode): Promise<StormOutcome> {
  const uri = pathToFileURL(join(folder, name)).toString();
  const text = readFileSync(join(folder, name), 'utf8');
  const storm = editStorm(text, { seed: name.length * 7919, edits: EDITS, saveEvery: SAVE_EVERY, askEvery: ASK_EVERY });
  const server = await startServer(serverPath, pathToFileURL(folder).toString(), mode === 'eager' ? {} : LAZY_CODE_ACTIONS);
  const closed = closedConnection(server);
  const latencies: Latency[] = [];
  const answers: Promise<unknown>[] = [];
  const timed = (request: StormRequest): Promise<unknown> => {
    const sentAt = performance.now();
    return server.connection.sendRequest(request.method, request.params).then((answer) => {
      latencies.push({ method: request.method, ms: performance.now() - sentAt });
      return answer;
    });
  };
  let final: unknown[] | null = null;
  let crash: string | null = null;
  try {
    await Promise.race([open(server, uri, text), closed]);
    const finalVersion = await Promise.race([
      playStorm(server.connection, uri, 1, storm, (requests) => {
        const sent = requests.map(timed);
        answers.push(...sent);
        // A burst waits for no answer, but turns the client's event loop between steps as an editor does between
        // keystrokes: a loop that never yields would read no answer before its last send, timing itself.
        return mode === 'burst' ? new Promise((resolveTurn) => setImmediate(resolveTurn)) : Promise.race([Promise.all(sent), closed]);
      }),
      closed,
    ]);
    const published = server.nextDiagnostics(uri, finalVersion);
    void server.connection.sendNotification('textDocument/didSave', { textDocument: { uri } });
    await Promise.race([Promise.all(answers), closed]);
    final = await Promise.race([published, closed]);
  } catch (error) {
    crash = error instanceof Error ? error.message : String(error);
  }
  const internalErrors = server.logs.filter((line) => INTERNAL_ERROR_LOG.test(line));
  if (crash === null) await server.stop();
  const sameAsFresh = final === null ? null : isDeepStrictEqual(final, await freshDiagnostics(serverPath, folder, uri, storm.finalText));
  return { latencies, sameAsFresh, crash, internalErrors };
}

/** Opens the document and waits for its first diagnostics (the storm starts on a scored file). */
async function open(server: BenchServer, uri: string, text: string): Promise<void> {
  const opened = server.nextDiagnostics(uri, 1);
  void server.connection.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'rust', version: 1, text } });
  await opened;
}

/** Rejects when the server's connection closes (it crashed): every wait races it, so a crash ends the storm. */
function closedConnection(server: BenchServer): Promise<never> {
  const closed = new Promise<never>((_, reject) => {
    server.connection.onClose(() => reject(new Error('the server closed the connection (crashed)')));
  });
  closed.catch(() => undefined);
  return closed;
}

/** The diagnostics a fresh server publishes on opening `text`. */
async function freshDiagnostics(serverPath: string, folder: string, uri: string, text: string): Promise<unknown[]> {
  const server = await startServer(serverPath, pathToFileURL(folder).toString());
  try {
    const published = server.nextDiagnostics(uri, 1);
    void server.connection.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'rust', version: 1, text } });
    return await published;
  } finally {
    await server.stop();
  }
}

function formatted(name: string, mode: Mode, outcome: StormOutcome): string {
  const all = outcome.latencies.map((latency) => latency.ms);
  const max = Math.max(...all);
  const same = outcome.sameAsFresh === null ? 'n/a' : outcome.sameAsFresh ? 'yes' : 'NO';
  const byMethod = (['textDocument/hover', 'textDocument/codeLens', 'textDocument/codeAction'] as const).map((method) => {
    const samples = outcome.latencies.filter((latency) => latency.method === method).map((latency) => latency.ms);
    return `${method.replace('textDocument/', '')} ${Math.max(...samples).toFixed(0)}`;
  });
  const problems = [
    ...(outcome.crash === null ? [] : [`CRASH: ${outcome.crash}`]),
    ...outcome.internalErrors.map((line) => `internal error: ${line.trim().split('\n')[0] ?? ''}`),
  ];
  return (
    `  ${name.padEnd(16)} ${mode.padEnd(5)}  ${all.length} requests: max ${max.toFixed(1)} ms (${max <= TARGET_MAX_MS ? 'met' : 'MISSED'}; ` +
    `${byMethod.join(', ')}), p99 ${percentile(all, 0.99).toFixed(1)} ms; final diagnostics = fresh open: ${same}; ` +
    `crashes ${outcome.crash === null ? 0 : 1}, internal errors ${outcome.internalErrors.length}` +
    problems.map((problem) => `\n    ${problem}`).join('')
  );
}

if (require.main === module) runAlone(runEditStormBench);
