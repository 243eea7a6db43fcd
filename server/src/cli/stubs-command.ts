// `spec-harness stubs FILE [--fn NAME] [--pairs FILE] [--probes-per-file N]`: prints the Verus stub files the verus
// backend would run for the obligations built from FILE's pairs (one `//- stub_K.rs` section per batch).

import { batchObligations, createEmbeddedBackend, DEFAULT_PROBES_PER_FILE, stubFile, VERUS_DEFAULTS } from '../backends';
import { DEFAULT_CHECK_OPTIONS, pendingObligations, planFile } from '../harness';
import { readCheckInputs } from './check-paths';
import { EXIT_CODES, answerWithoutRunning, commandFailure, mistake, parseCommandLine, run } from './command';
import type { CommandArgs, CommandInfo } from './command';
import type { CliIo } from './io';

export const STUBS_COMMAND = {
  name: 'stubs',
  usage: `Usage: spec-harness stubs FILE [--fn NAME] [--pairs FILE] [--probes-per-file N]
Prints the Verus stub files (pre_/post_ predicates and two-sided probes) for FILE's pairs in its sibling
foo.pairs.json (or --pairs FILE). Run one with: verus stub_0.rs --crate-type=lib --error-format=json --output-json
`,
  options: { fn: { type: 'string' }, pairs: { type: 'string' }, 'probes-per-file': { type: 'string' } },
} as const satisfies CommandInfo;

export async function runStubsCommand(args: readonly string[], io: CliIo): Promise<number> {
  const command = parseStubsArgs(args);
  if (command.kind !== 'run') return answerWithoutRunning(io, STUBS_COMMAND, command);
  const parsed = command.args;
  const fail = commandFailure(io, STUBS_COMMAND);
  const inputs = await readCheckInputs(io.cwd, [parsed.file], parsed.pairs);
  if (!inputs.ok) return fail(inputs.error);
  const [input, ...others] = inputs.value;
  if (input === undefined || others.length > 0) return fail(`'${parsed.file}' is not one Rust file`);
  const options = {
    ...DEFAULT_CHECK_OPTIONS,
    stackAllowance: io.stackAllowance,
    internalErrors: io.internalErrors,
    ...(parsed.fn === undefined ? {} : { functions: [parsed.fn] }),
  };
  const displayPath = input.path;
  const plan = planFile(input, options);
  const obligations = pendingObligations(plan);
  if (obligations.length === 0)
    return fail(`no obligations in '${displayPath}'${parsed.fn === undefined ? '' : ` for ${parsed.fn}`} (no pairs?)`);
  // The embedded evaluator's recursion depths size `reveal_with_fuel`, as the verus backend does when run alone.
  const results = createEmbeddedBackend(options).checkSync(plan.model, obligations);
  const recursionDepths = new Map(obligations.map((o, idx) => [o.id, results[idx]?.recursionDepth ?? 0] as const));
  const stubOptions = { sourceName: displayPath, recursionDepths, defaultFuel: VERUS_DEFAULTS.defaultFuel };
  const batches = batchObligations(obligations, parsed.probesPerFile);
  batches.forEach((batch, idx) => {
    const stub = stubFile(plan.model, batch, stubOptions);
    io.stdout(`${batches.length > 1 ? `//- stub_${idx}.rs\n` : ''}${stub.text}`);
    for (const entry of stub.unsupported)
      io.stderr(`spec-harness stubs: ${entry.obligationId}: not expressible in a stub: ${entry.construct}\n`);
  });
  return EXIT_CODES.ok;
}

interface StubsArgs {
  readonly file: string;
  readonly fn: string | undefined;
  readonly pairs: string | undefined;
  readonly probesPerFile: number;
}

function parseStubsArgs(args: readonly string[]): CommandArgs<StubsArgs> {
  const line = parseCommandLine(args, STUBS_COMMAND.options);
  if (line.kind !== 'run') return line;
  const { values, positionals } = line.args;
  const [file, ...extra] = positionals;
  if (file === undefined || extra.length > 0) return mistake('expected exactly one FILE');
  const probesText = values['probes-per-file'];
  const probesPerFile = probesText === undefined ? DEFAULT_PROBES_PER_FILE : Number(probesText);
  if (!Number.isInteger(probesPerFile) || probesPerFile < 2) return mistake('--probes-per-file must be an integer >= 2');
  return run({ file, fn: values.fn, pairs: values.pairs, probesPerFile });
}
