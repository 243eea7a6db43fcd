// `npm run bench`: the front end (bench/syntax.ts), scoring (bench/scoring.ts), wrong outputs of one typical function
// (bench/wrong-outputs.ts), generation for functions with shaped inputs and for systems code (bench/shaped-inputs.ts),
// suggested ensures clauses (bench/suggest.ts), the solver (bench/solver.ts, from source: Z3's own time dominates), the
// language server (bench/lsp.ts), the editor engine's per-version cost in a 1 MB file (bench/engine.ts) and the edit
// storm (bench/edit-storm.ts).
// Numbers, not assertions: targets are printed next to the measurements. The scoring benchmark runs on an esbuild
// bundle built like dist/ (what users run): under tsx every cross-module call goes through an export getter and
// every closure is renamed at creation, which roughly doubles the cost. BENCH_SOURCE=1 runs it from source instead.

import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'esbuild';
import { runCorpusBench } from './corpus';
import { runEditStormBench } from './edit-storm';
import { runEngineBench } from './engine';
import { runLspBench } from './lsp';
import { runScoringBench } from './scoring';
import { runShapedInputsBench, runSystemsGenerationBench } from './shaped-inputs';
import { runSolverBench } from './solver';
import { runSuggestBench } from './suggest';
import { runSyntaxBench } from './syntax';
import { runWrongOutputsBench } from './wrong-outputs';

const ROOT = join(__dirname, '..');

async function main(): Promise<void> {
  const [only, ...rest] = process.argv.slice(2);
  if (only === 'corpus') {
    process.stdout.write(`${(await runCorpusBench(rest)).join('\n')}\n`);
    return;
  }
  const sections: string[][] = [
    await runSyntaxBench(),
    await scoringSection(),
    await runWrongOutputsBench(ROOT),
    await runShapedInputsBench(ROOT),
    await runSystemsGenerationBench(ROOT),
    await runSuggestBench(ROOT),
    await runSolverBench(ROOT),
    await runLspBench(),
    await runEditStormBench(),
    await runEngineBench(),
  ];
  process.stdout.write(`${sections.map((lines) => lines.join('\n')).join('\n\n')}\n`);
}

async function scoringSection(): Promise<string[]> {
  if (process.env['BENCH_SOURCE'] === '1') return ['(from source, under tsx)', ...(await runScoringBench(ROOT))];
  const run = await bundledScoringBench();
  return ['(esbuild bundle, as shipped in dist/)', ...(await run(ROOT))];
}

/** Bundles bench/scoring.ts with the settings of scripts/build.mjs; the output lives under node_modules so the
 *  external native modules (tree-sitter) resolve from it. */
async function bundledScoringBench(): Promise<(root: string) => Promise<string[]>> {
  const outdir = join(ROOT, 'node_modules', '.cache', 'spec-harness-bench');
  mkdirSync(outdir, { recursive: true });
  const outfile = join(outdir, 'scoring.cjs');
  await build({
    entryPoints: [join(__dirname, 'scoring.ts')],
    outfile,
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'cjs',
    external: ['tree-sitter', 'tree-sitter-rust', 'vscode'],
    mainFields: ['module', 'main'],
    logLevel: 'warning',
  });
  const loaded: unknown = await import(outfile);
  const run = findExport(loaded, 'runScoringBench');
  if (run === undefined) throw new Error(`${outfile} has no runScoringBench`);
  return run as (root: string) => Promise<string[]>;
}

/** A named function export of a loaded module (CommonJS bundles may nest it under `default`). */
function findExport(loaded: unknown, name: string): unknown {
  for (const candidate of [loaded, (loaded as { default?: unknown } | null)?.default]) {
    if (typeof candidate === 'object' && candidate !== null && name in candidate) {
      const value = (candidate as Record<string, unknown>)[name];
      if (typeof value === 'function') return value;
    }
  }
  return undefined;
}

main().catch((error: unknown) => {
  process.stderr.write(`bench failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exitCode = 1;
});
