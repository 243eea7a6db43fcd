// Engine benchmark: what the score worker pays per document version for a one-function edit in a 1 MB file (the
// generated 3,000-function file of bench/lsp.ts, with 100 of its functions moved into an `impl` in the middle).
// For four edits (one character and one line, each inside a free fn and inside an impl method; each one changes the
// text's length) it takes the CPU time of the engine's syntax state for the new version (`nextDocumentSyntax`:
// parse, model, line index) against a fresh `parseSourceFile` + `buildFileModel` of the same text (the peer), and
// prints median/p95 and the ratio of the medians. Then the whole engine run (`EngineSession.score` with the
// embedded scorer, one function stale). Numbers, not assertions. `npx tsx bench/engine.ts` runs it alone.

import { EngineSession } from '../server/src/engine';
import type { ScoreDocument } from '../server/src/engine';
import { nextDocumentSyntax } from '../server/src/engine/document-syntax';
import type { DocumentSyntax } from '../server/src/engine/document-syntax';
import { DEFAULT_CHECK_OPTIONS, checkFileSync } from '../server/src/harness';
import { buildFileModel } from '../server/src/model';
import { parseSourceFile } from '../server/src/syntax';
import { generatedFile } from './lsp';
import { runAlone } from './run-alone';

const FUNCTIONS = 3_000;
const LINES_PER_FUNCTION = 20;
const HEADER_LINES = 3;
/** The impl holds functions IMPL_FIRST .. IMPL_FIRST + IMPL_SIZE - 1. */
const IMPL_FIRST = 1_400;
const IMPL_SIZE = 100;
const FREE_TARGET = 1_000;
const METHOD_TARGET = 1_450;
const WARMUP = 4;
const ROUNDS = 20;
const FRESH_ROUNDS = 5;
const ENGINE_ROUNDS = 6;

export function runEngineBench(): Promise<string[]> {
  const text = benchText();
  const lines = [`engine: syntax state per version, ${(text.length / 1e6).toFixed(2)} MB file, ${FUNCTIONS} functions`];
  for (const scenario of SCENARIOS) lines.push(syntaxLine(scenario, text));
  return engineLines(text).then((engine) => [...lines, ...engine]);
}

interface Scenario {
  readonly label: string;
  /** The edit for round `round`: even rounds add, odd rounds take it back, so the text does not drift. */
  edit(text: string, round: number): string;
}

const SCENARIOS: readonly Scenario[] = [
  { label: 'fn, one character', edit: (text, round) => editCharacter(text, FREE_TARGET, round) },
  { label: 'fn, one line', edit: (text, round) => editLine(text, FREE_TARGET, round) },
  { label: 'impl method, one character', edit: (text, round) => editCharacter(text, METHOD_TARGET, round) },
  { label: 'impl method, one line', edit: (text, round) => editLine(text, METHOD_TARGET, round) },
];

function syntaxLine(scenario: Scenario, start: string): string {
  let text = start;
  let state: DocumentSyntax = nextDocumentSyntax(text, undefined);
  const incremental: number[] = [];
  for (let round = -WARMUP; round < ROUNDS; round++) {
    text = scenario.edit(text, round);
    const previous = state;
    const ms = cpuMs(() => (state = nextDocumentSyntax(text, previous)));
    if (round >= 0) incremental.push(ms);
  }
  // The peer runs after, not in alternation: its garbage would be collected during the next incremental round.
  const fresh: number[] = [];
  for (let round = 0; round < FRESH_ROUNDS; round++) fresh.push(cpuMs(() => buildFileModel(parseSourceFile(text))));
  return (
    `  ${scenario.label.padEnd(28)} ${stats(incremental)} (re-parsed: ${state.parse.reparsed}); ` +
    `fresh parse + model ${stats(fresh)}; ratio of medians ${(median(incremental) / median(fresh)).toFixed(3)}x`
  );
}

/** The whole engine run per version: the new syntax state, memo keys, one function scored, the report assembled. */
async function engineLines(start: string): Promise<string[]> {
  const session = new EngineSession();
  const document: ScoreDocument = { uri: 'file:///bench.rs', path: 'bench.rs', text: start, pairsPath: null, pairsText: null };
  const scorer = (input: Parameters<typeof checkFileSync>[0], options: Parameters<typeof checkFileSync>[1]) =>
    Promise.resolve(checkFileSync(input, options));
  await session.score(document, DEFAULT_CHECK_OPTIONS, 'embedded', scorer);
  const lines: string[] = [`engine: EngineSession.score per version (embedded scorer, no pairs file), ${ENGINE_ROUNDS} rounds`];
  for (const scenario of [SCENARIOS[1], SCENARIOS[3]]) {
    if (scenario === undefined) continue;
    let text = start;
    const samples: number[] = [];
    for (let round = -2; round < ENGINE_ROUNDS; round++) {
      text = scenario.edit(text, round);
      const before = process.cpuUsage();
      await session.score({ ...document, text }, DEFAULT_CHECK_OPTIONS, 'embedded', scorer);
      const used = process.cpuUsage(before);
      if (round >= 0) samples.push((used.user + used.system) / 1000);
    }
    lines.push(`  ${scenario.label.padEnd(28)} ${stats(samples)}`);
  }
  return lines;
}

/** The generated file with functions IMPL_FIRST.. wrapped in `impl Bench { }` (after a `struct Bench;`). */
function benchText(): string {
  const lines = generatedFile(FUNCTIONS).text.split('\n');
  const implStart = HEADER_LINES + IMPL_FIRST * LINES_PER_FUNCTION;
  const implEnd = implStart + IMPL_SIZE * LINES_PER_FUNCTION;
  return [
    ...lines.slice(0, implStart),
    'struct Bench;',
    'impl Bench {',
    ...lines.slice(implStart, implEnd),
    '}',
    ...lines.slice(implEnd),
  ].join('\n');
}

/** Types a digit after (or deletes it from) the first `requires` clause of function `index`. */
function editCharacter(text: string, index: number, round: number): string {
  const at = requiresAt(text, index);
  const lineEnd = text.indexOf(',', at);
  return isEven(round) ? `${text.slice(0, lineEnd)}7${text.slice(lineEnd)}` : `${text.slice(0, lineEnd - 1)}${text.slice(lineEnd)}`;
}

/** Adds (or removes) a requires clause line to function `index`. */
function editLine(text: string, index: number, round: number): string {
  const at = requiresAt(text, index);
  const lineEnd = text.indexOf('\n', at) + 1;
  const clause = '        x <= 7,\n';
  return isEven(round)
    ? `${text.slice(0, lineEnd)}${clause}${text.slice(lineEnd)}`
    : `${text.slice(0, lineEnd)}${text.slice(lineEnd + clause.length)}`;
}

function requiresAt(text: string, index: number): number {
  const fnAt = text.indexOf(`fn f${index}(`);
  if (fnAt < 0) throw new Error(`bench text has no fn f${index}`);
  return text.indexOf('requires', fnAt);
}

const isEven = (round: number): boolean => ((round % 2) + 2) % 2 === 0;

/** CPU time of the process (every thread: the parse's garbage collection included), so other processes on a
 *  shared machine do not count. */
function cpuMs(work: () => unknown): number {
  const before = process.cpuUsage();
  work();
  const used = process.cpuUsage(before);
  return (used.user + used.system) / 1000;
}

function stats(samples: readonly number[]): string {
  return `median ${median(samples).toFixed(1)} ms, p95 ${percentile(samples, 0.95).toFixed(1)} ms`;
}

function median(samples: readonly number[]): number {
  return percentile(samples, 0.5);
}

function percentile(samples: readonly number[], fraction: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(fraction * sorted.length))] ?? 0;
}

if (require.main === module) runAlone(runEngineBench);
