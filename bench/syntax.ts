// Syntax benchmark: tree-sitter parse alone vs. the whole parseSourceFile on a ~5,000-line Verus text built by
// repeating the syntax fixtures. Prints ms per 1,000 lines (median of several runs) and their ratio (target <= 2).
// The two are timed in alternation and the ratio is the median of per-round ratios, so load from other processes on
// a shared machine hits both sides of each ratio alike.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseSourceFile } from '../server/src/syntax';
import { parseTreeOnly } from '../server/src/syntax/lexer';
import { runAlone } from './run-alone';

const TARGET_LINES = 5_000;
const RUNS = 15;

export async function runSyntaxBench(): Promise<string[]> {
  const text = buildCorpus();
  const lines = text.split('\n').length;
  // Warm up the grammar and the JIT before timing.
  parseTreeOnly(text);
  parseSourceFile(text);
  const treeTimes: number[] = [];
  const fullTimes: number[] = [];
  const ratios: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    const treeMs = timeOnce(() => parseTreeOnly(text));
    const fullMs = timeOnce(() => parseSourceFile(text));
    treeTimes.push(treeMs);
    fullTimes.push(fullMs);
    ratios.push(fullMs / treeMs);
  }
  const perThousand = (ms: number): string => ((ms * 1000) / lines).toFixed(1);
  return [
    `syntax: ${lines} lines, median of ${RUNS} alternating runs`,
    `  tree-sitter parse only: ${perThousand(median(treeTimes))} ms / 1,000 lines`,
    `  parseSourceFile:        ${perThousand(median(fullTimes))} ms / 1,000 lines`,
    `  ratio: ${median(ratios).toFixed(2)}x (median of per-run ratios; target <= 2x)`,
  ];
}

function buildCorpus(): string {
  const dir = join(__dirname, '..', 'test', 'fixtures', 'syntax');
  const fixtures = readdirSync(dir)
    .filter((name) => name.endsWith('.rs'))
    .sort()
    .map((name) => readFileSync(join(dir, name), 'utf8'));
  const parts: string[] = [];
  let lineCount = 0;
  for (let idx = 0; lineCount < TARGET_LINES; idx++) {
    const fixture = fixtures[idx % fixtures.length] ?? '';
    parts.push(fixture);
    lineCount += fixture.split('\n').length;
  }
  return parts.join('\n');
}

function timeOnce(work: () => void): number {
  const start = performance.now();
  work();
  return performance.now() - start;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

if (require.main === module) runAlone(runSyntaxBench);
