// `npm run bench`: the front end (bench/syntax.ts), scoring (bench/scoring.ts), wrong outputs of one typical function
// (bench/wrong-outputs.ts), generation for functions with shaped inputs and for systems code (bench/shaped-inputs.ts),
// suggested ensures clauses (bench/suggest.ts), the solver (bench/solver.ts, from source: Z3's own time dominates), the
// language server (bench/lsp.ts), the editor engine's per-version cost in a 1 MB file (bench/engine.ts) and the edit
// storm (bench/edit-storm.ts).
// Numbers, not assertions: targets are printed next to the measurements. The scoring benchmark runs on an esbuild
// bundle built like dist/ (what users run): under tsx every cross-module call goes through an export getter and
// every closure is renamed at creation, which roughly doubles the cost. The wrong-outputs benchmark runs on such a
// bundle too. BENCH_SOURCE=1 runs both from source instead. `npm run bench -- SECTION...` runs only those sections
// (`SECTIONS`).

import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'esbuild';
import { runCorpusBench } from './corpus';
import { runEditStormBench } from './edit-storm';
import { runEngineBench } from './engine';
import { runLspBench } from './lsp';
import { runShapedInputsBench, runSystemsGenerationBench } from './shaped-inputs';
import { runSolverBench } from './solver';
import { runSuggestBench } from './suggest';
import { runSyntaxBench } from './syntax';

const ROOT = join(__dirname, '..');

/** Sections in the order `npm run bench` prints them; `npm run bench -- scoring wrong-outputs` runs only those. */
const SECTIONS: Readonly<Record<string, () => Promise<string[]>>> = {
  syntax: runSyntaxBench,
  scoring: () => bundledSection('scoring.ts', 'runScoringBench'),
  'wrong-outputs': () => bundledSection('wrong-outputs.ts', 'runWrongOutputsBench'),
  'shaped-inputs': () => runShapedInputsBench(ROOT),
  systems: () => runSystemsGenerationBench(ROOT),
  suggest: () => runSuggestBench(ROOT),
  solver: () => runSolverBench(ROOT),
  lsp: runLspBench,
  'edit-storm': runEditStormBench,
  engine: runEngineBench,
};

async function main(): Promise<void> {
  const [only, ...rest] = process.argv.slice(2);
  if (only === 'corpus') {
    process.stdout.write(`${(await runCorpusBench(rest)).join('\n')}\n`);
    return;
  }
  const names = only === undefined ? Object.keys(SECTIONS) : [only, ...rest];
  const unknown = names.filter((name) => SECTIONS[name] === undefined);
  if (unknown.length > 0)
    throw new Error(`unknown section(s) ${unknown.join(', ')}; sections: corpus, ${Object.keys(SECTIONS).join(', ')}`);
  const sections: string[][] = [];
  for (const name of names) sections.push(await (SECTIONS[name] as () => Promise<string[]>)());
  process.stdout.write(`${sections.map((lines) => lines.join('\n')).join('\n\n')}\n`);
}

/** A bench file's lines, run from an esbuild bundle built like dist/ (what users run), or from source under tsx with
 *  BENCH_SOURCE=1. */
async function bundledSection(file: string, exportName: string): Promise<string[]> {
  if (process.env['BENCH_SOURCE'] === '1') {
    const loaded: unknown = await import(join(__dirname, file));
    return ['(from source, under tsx)', ...(await exportedBench(loaded, exportName, file)(ROOT))];
  }
  const outfile = await bundle(file);
  return ['(esbuild bundle, as shipped in dist/)', ...(await exportedBench(await import(outfile), exportName, outfile)(ROOT))];
}

/** Bundles a bench file with the settings of scripts/build.mjs; the output lives under node_modules so the external
 *  native modules (tree-sitter) resolve from it. */
async function bundle(file: string): Promise<string> {
  const outdir = join(ROOT, 'node_modules', '.cache', 'spec-harness-bench');
  mkdirSync(outdir, { recursive: true });
  const outfile = join(outdir, file.replace(/\.ts$/, '.cjs'));
  await build({
    entryPoints: [join(__dirname, file)],
    outfile,
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'cjs',
    external: ['tree-sitter', 'tree-sitter-rust', 'vscode'],
    mainFields: ['module', 'main'],
    logLevel: 'warning',
  });
  return outfile;
}

function exportedBench(loaded: unknown, exportName: string, where: string): (root: string) => Promise<string[]> {
  const run = findExport(loaded, exportName);
  if (run === undefined) throw new Error(`${where} has no ${exportName}`);
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
