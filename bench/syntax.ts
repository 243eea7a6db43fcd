// Syntax benchmark: tree-sitter parse alone vs. the whole parseSourceFile on a ~5,000-line Verus text built by
// repeating the syntax fixtures. Prints ms per 1,000 lines (median of several runs) and their ratio (target <= 2).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseSourceFile } from '../server/src/syntax';
import { parseTreeOnly } from '../server/src/syntax/lexer';

const TARGET_LINES = 5_000;
const RUNS = 7;

export async function runSyntaxBench(): Promise<string[]> {
  const text = buildCorpus();
  const lines = text.split('\n').length;
  // Warm up the grammar and the JIT before timing.
  parseTreeOnly(text);
  parseSourceFile(text);
  const treeMs = median(timeRuns(() => parseTreeOnly(text)));
  const fullMs = median(timeRuns(() => parseSourceFile(text)));
  const perThousand = (ms: number): string => ((ms * 1000) / lines).toFixed(1);
  return [
    `syntax: ${lines} lines, median of ${RUNS} runs`,
    `  tree-sitter parse only: ${perThousand(treeMs)} ms / 1,000 lines`,
    `  parseSourceFile:        ${perThousand(fullMs)} ms / 1,000 lines`,
    `  ratio: ${(fullMs / treeMs).toFixed(2)}x (target <= 2x)`,
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

function timeRuns(work: () => void): number[] {
  const times: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    const start = performance.now();
    work();
    times.push(performance.now() - start);
  }
  return times;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

if (require.main === module) {
  void runSyntaxBench().then((lines) => {
    for (const line of lines) console.log(line);
  });
}
