// `spec-harness stubs FILE [--fn NAME] [--pairs FILE] [--probes-per-file N]`: prints the Verus stub files the verus
// backend would run for the obligations built from FILE's pairs (one `//- stub_K.rs` section per batch).

import { readFile } from 'node:fs/promises';
import * as path from 'node:path';
import { parseArgs } from 'node:util';
import { batchObligations, DEFAULT_PROBES_PER_FILE, stubFile, VERUS_DEFAULTS } from '../backends';
import { DEFAULT_CHECK_OPTIONS, decideObligations, decideOptionsOf, pendingObligations, planFile } from '../harness';
import type { CliIo } from './io';

const STUBS_USAGE = `Usage: spec-harness stubs FILE [--fn NAME] [--pairs FILE] [--probes-per-file N]
Prints the Verus stub files (pre_/post_ predicates and two-sided probes) for FILE's pairs in its sibling
foo.pairs.json (or --pairs FILE). Run one with: verus stub_0.rs --crate-type=lib --error-format=json --output-json
`;

export async function runStubsCommand(args: readonly string[], io: CliIo): Promise<number> {
  const parsed = parseStubsArgs(args);
  if (!parsed.ok) {
    io.stderr(`spec-harness stubs: ${parsed.error}\n${STUBS_USAGE}`);
    return 2;
  }
  if (parsed.help) {
    io.stdout(STUBS_USAGE);
    return 0;
  }
  const sourcePath = path.resolve(io.cwd, parsed.file);
  const pairsPath = parsed.pairs === undefined ? sourcePath.replace(/\.rs$/, '.pairs.json') : path.resolve(io.cwd, parsed.pairs);
  let text: string;
  try {
    text = await readFile(sourcePath, 'utf8');
  } catch (error) {
    io.stderr(`spec-harness stubs: cannot read '${parsed.file}': ${error instanceof Error ? error.message : String(error)}\n`);
    return 2;
  }
  const pairsText = await readFile(pairsPath, 'utf8').catch(() => null);
  if (pairsText === null && parsed.pairs !== undefined) {
    io.stderr(`spec-harness stubs: cannot read pairs file '${parsed.pairs}'\n`);
    return 2;
  }
  const options = { ...DEFAULT_CHECK_OPTIONS, stackAllowance: io.stackAllowance, internalErrors: io.internalErrors, ...(parsed.fn === undefined ? {} : { functions: [parsed.fn] }) };
  const displayPath = path.relative(io.cwd, sourcePath) || path.basename(sourcePath);
  const plan = planFile({ path: displayPath, text, pairsPath: pairsText === null ? null : pairsPath, pairsText }, options);
  const obligations = pendingObligations(plan);
  if (obligations.length === 0) {
    io.stderr(`spec-harness stubs: no obligations in '${displayPath}'${parsed.fn === undefined ? '' : ` for ${parsed.fn}`} (no pairs?)\n`);
    return 2;
  }
  // The embedded evaluator's recursion depths size `reveal_with_fuel`, as the verus backend does when run alone.
  const results = decideObligations(plan.model, obligations, decideOptionsOf(options));
  const recursionDepths = new Map(obligations.map((o, idx) => [o.id, results[idx]?.recursionDepth ?? 0] as const));
  const stubOptions = { sourceName: displayPath, recursionDepths, defaultFuel: VERUS_DEFAULTS.defaultFuel };
  const batches = batchObligations(obligations, parsed.probesPerFile);
  batches.forEach((batch, idx) => {
    const stub = stubFile(plan.model, batch, stubOptions);
    io.stdout(`${batches.length > 1 ? `//- stub_${idx}.rs\n` : ''}${stub.text}`);
    for (const entry of stub.unsupported) io.stderr(`spec-harness stubs: ${entry.obligationId}: not expressible in a stub: ${entry.construct}\n`);
  });
  return 0;
}

type ParsedStubsArgs =
  | { readonly ok: true; readonly help: true }
  | {
      readonly ok: true;
      readonly help: false;
      readonly file: string;
      readonly fn: string | undefined;
      readonly pairs: string | undefined;
      readonly probesPerFile: number;
    }
  | { readonly ok: false; readonly error: string };

function parseStubsArgs(args: readonly string[]): ParsedStubsArgs {
  let values;
  try {
    values = parseArgs({
      args: [...args],
      allowPositionals: true,
      options: {
        fn: { type: 'string' },
        pairs: { type: 'string' },
        'probes-per-file': { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    });
  } catch (error) {
    return { ok: false, error: error instanceof Error ? error.message : String(error) };
  }
  if (values.values.help === true) return { ok: true, help: true };
  const [file, ...extra] = values.positionals;
  if (file === undefined || extra.length > 0) return { ok: false, error: 'expected exactly one FILE' };
  const probesText = values.values['probes-per-file'];
  const probesPerFile = probesText === undefined ? DEFAULT_PROBES_PER_FILE : Number(probesText);
  if (!Number.isInteger(probesPerFile) || probesPerFile < 2) return { ok: false, error: '--probes-per-file must be an integer >= 2' };
  return { ok: true, help: false, file, fn: values.values.fn, pairs: values.values.pairs, probesPerFile };
}
