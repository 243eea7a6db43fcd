// `npm run bench`: prints the scoring benchmark and, when bench/syntax.ts is present, the front-end benchmark.
// Numbers, not assertions: targets are printed next to the measurements.

import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { runScoringBench } from './scoring';

async function main(): Promise<void> {
  const sections: string[][] = [];
  const syntax = await loadSyntaxBench();
  if (syntax !== undefined) sections.push(await syntax());
  sections.push(await runScoringBench());
  process.stdout.write(`${sections.map((lines) => lines.join('\n')).join('\n\n')}\n`);
}

type Bench = () => Promise<string[]> | string[];

/** bench/syntax.ts (E1) is optional: loaded by path so this file does not depend on it being there. */
async function loadSyntaxBench(): Promise<Bench | undefined> {
  const path = join(__dirname, 'syntax.ts');
  if (!existsSync(path)) return undefined;
  const loaded: unknown = await import(path);
  if (typeof loaded !== 'object' || loaded === null || !('runSyntaxBench' in loaded)) return undefined;
  const bench = (loaded as { runSyntaxBench: unknown }).runSyntaxBench;
  return typeof bench === 'function' ? (bench as Bench) : undefined;
}

main().catch((error: unknown) => {
  process.stderr.write(`bench failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exitCode = 1;
});
