// The Verus backend: stub file per batch of obligations, one verus run per stub (bounded concurrency, time limit,
// cancellation), output read back to a verdict per obligation. Environment failures reject with VerusBackendError.

import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Backend, Obligation, ObligationResult } from '../../harness';
import type { FileModel } from '../../model';
import { VerusBackendError } from './errors';
import { locateVerus, verusVersion } from './find-verus';
import { readStubRun, SUSPECT_REASON, verdictOfProbes } from './read-output';
import type { ProbeOutcome } from './read-output';
import { createRunLimiter, runVerusOnStub } from './run';
import type { ProcessResult } from './run';
import { batchObligations, stubFile } from './stub-file';
import type { StubFile } from './stub-file';

export interface VerusBackendOptions {
  /** Workspace trust: false refuses before anything is spawned. */
  readonly trusted: boolean;
  /** The verusPath setting / `--verus-path`; undefined searches `searchPath`. */
  readonly verusPath: string | undefined;
  /** PATH as the front end read it (the engine never reads process.env). */
  readonly searchPath: string | undefined;
  readonly cwd: string;
  readonly platform: NodeJS.Platform;
  readonly rlimit: number;
  /** Wall-clock limit per stub file run. */
  readonly timeLimitMs: number;
  readonly extraArgs: readonly string[];
  readonly probesPerFile: number;
  readonly maxConcurrentRuns: number;
  /** Fuel for recursive spec fns when the evaluator gave no depth. */
  readonly defaultFuel: number;
  /** Decides obligations first for their recursion depths (fuel) and failing clauses; undefined skips it. */
  readonly embedded: Backend | undefined;
  /** Hears about runs whose stub Verus rejected and about suspect probes (both proved), with the stub text. */
  readonly onRunEvent: (event: VerusRunEvent) => void;
}

export type VerusRunEvent =
  /** Once per backend, when the executable is found and answers `--version`. */
  | { readonly kind: 'started'; readonly executable: string; readonly version: string }
  | { readonly kind: 'stub-error'; readonly message: string; readonly stubText: string }
  | { readonly kind: 'suspect'; readonly obligationId: string; readonly stubText: string }
  | { readonly kind: 'time-limit'; readonly timeLimitMs: number; readonly stubText: string };

/** Defaults the front ends start from (they pass every option explicitly). */
export const VERUS_DEFAULTS = {
  rlimit: 10,
  timeLimitMs: 60_000,
  probesPerFile: 10,
  maxConcurrentRuns: 2,
  defaultFuel: 10,
} as const;

const VERSION_TIME_LIMIT_MS = 30_000;

export function createVerusBackend(options: VerusBackendOptions): Backend {
  const limit = createRunLimiter(options.maxConcurrentRuns);
  let executable: Promise<string> | undefined;
  // Located and version-checked once per backend; a binary that cannot answer `--version` fails here, clearly.
  const findExecutable = (signal: AbortSignal): Promise<string> => {
    executable ??= locateVerus(options).then(async (path) => {
      const version = await verusVersion(path, signal, VERSION_TIME_LIMIT_MS);
      options.onRunEvent({ kind: 'started', executable: path, version: version.version });
      return path;
    });
    // A failure is not cached: the user may install or configure verus and try again.
    executable.catch(() => {
      executable = undefined;
    });
    return executable;
  };
  return {
    name: 'verus',
    async check(model: FileModel, obligations: readonly Obligation[], signal: AbortSignal): Promise<readonly ObligationResult[]> {
      if (!options.trusted) {
        throw new VerusBackendError('untrusted', 'the verus backend does not run in an untrusted workspace', []);
      }
      const path = await findExecutable(signal);
      const embeddedResults = options.embedded === undefined ? undefined : await options.embedded.check(model, obligations, signal);
      const depths = new Map(obligations.map((o, idx) => [o.id, embeddedResults?.[idx]?.recursionDepth ?? 0] as const));
      const stubOptions = {
        sourceName: 'the source file',
        recursionDepths: embeddedResults === undefined ? new Map<string, number>() : depths,
        defaultFuel: options.defaultFuel,
      };
      const workDir = await mkdtemp(join(tmpdir(), 'spec-harness-verus-'));
      try {
        const batches = batchObligations(obligations, options.probesPerFile);
        // allSettled: every run has ended (or been killed) before the stub directory is removed.
        const settled = await Promise.allSettled(
          batches.map((batch, idx) =>
            limit(async () => {
              const stub = stubFile(model, batch, stubOptions);
              const stubPath = join(workDir, `stub_${idx}.rs`);
              await writeFile(stubPath, stub.text, 'utf8');
              const run = await runVerusOnStub(stubPath, { ...options, executable: path }, signal);
              return batchResults(options, stub, stubPath, batch, run);
            }),
          ),
        );
        const rejected = settled.find((outcome): outcome is PromiseRejectedResult => outcome.status === 'rejected');
        if (rejected !== undefined) throw rejected.reason;
        const byId = new Map(settled.flatMap((outcome) => (outcome.status === 'fulfilled' ? outcome.value : [])));
        return obligations.map((obligation, idx) => {
          const result = byId.get(obligation.id) ?? indeterminate('no result from verus');
          const embedded = embeddedResults?.[idx];
          const failingClause = result.verdict.kind === 'fails' && embedded?.verdict.kind === 'fails' ? embedded.failingClause : undefined;
          return { ...result, failingClause, recursionDepth: depths.get(obligation.id) ?? 0 };
        });
      } finally {
        await rm(workDir, { recursive: true, force: true });
      }
    },
  };
}

// ---------------------------------------------------------------------------------------------------------------

function batchResults(
  options: VerusBackendOptions,
  stub: StubFile,
  stubPath: string,
  batch: readonly Obligation[],
  run: ProcessResult,
): (readonly [string, ObligationResult])[] {
  const unsupported = new Map(stub.unsupported.map((entry) => [entry.obligationId, entry]));
  const verdictFor = verdictsOfRun(options, stub, stubPath, run);
  return batch.map((obligation) => {
    const missing = unsupported.get(obligation.id);
    if (missing !== undefined) {
      const verdict = { kind: 'unsupported', construct: `${missing.construct} (in a Verus stub)`, span: missing.span } as const;
      return [obligation.id, { verdict, failingClause: undefined, recursionDepth: 0 }] as const;
    }
    return [obligation.id, verdictFor(obligation.id)] as const;
  });
}

function verdictsOfRun(
  options: VerusBackendOptions,
  stub: StubFile,
  stubPath: string,
  run: ProcessResult,
): (obligationId: string) => ObligationResult {
  if (run.outcome === 'time-limit') {
    if (stub.probes.length > 0) options.onRunEvent({ kind: 'time-limit', timeLimitMs: options.timeLimitMs, stubText: stub.text });
    return () => indeterminate(`verus time limit of ${options.timeLimitMs} ms exceeded`);
  }
  const reading = readStubRun(stub.probes, stubPath, run);
  if (reading.kind === 'stub-error') {
    options.onRunEvent({ kind: 'stub-error', message: reading.message, stubText: stub.text });
    return () => indeterminate(`verus rejected the stub file (an error of the run, not of the contract): ${firstLine(reading.message)}`);
  }
  return (obligationId) => {
    const outcomeOf = (polarity: 'P' | 'notP'): ProbeOutcome => {
      const probe = stub.probes.find((p) => p.obligationId === obligationId && p.polarity === polarity);
      return probe === undefined ? 'failed' : (reading.outcomes.get(probe.id) ?? 'failed');
    };
    const verdict = verdictOfProbes(outcomeOf('P'), outcomeOf('notP'));
    if (verdict.kind === 'indeterminate' && verdict.reason === SUSPECT_REASON) {
      options.onRunEvent({ kind: 'suspect', obligationId, stubText: stub.text });
    }
    return { verdict, failingClause: undefined, recursionDepth: 0 };
  };
}

function indeterminate(reason: string): ObligationResult {
  return { verdict: { kind: 'indeterminate', reason }, failingClause: undefined, recursionDepth: 0 };
}

function firstLine(text: string): string {
  return text.split('\n').slice(0, 2).join(' ').trim();
}
