// `verify`: runs verus on the user's real file (not a stub) and grades the run the way the Spec-Harness paper
// grades an agent's attempt: 1.0 verified; 0.3 exactly one verification error and no compile error; 0.1 two or
// more; 0.0 a compile (syntax, type) error or no output. Errors are classified so an agent knows what to fix.

import { isVerusBackendError } from './errors';
import type { LocateOptions } from './find-verus';
import { locateVerus } from './find-verus';
import type { RustcDiagnostic } from './read-output';
import { parseDiagnostics, parseSummary } from './read-output';
import { runProcess, verusArgs } from './run';

export interface VerifyOptions extends LocateOptions {
  readonly rlimit: number;
  readonly timeLimitMs: number;
  readonly extraArgs: readonly string[];
}

export type VerifyErrorKind = 'verification' | 'compile';

export interface VerifyError {
  readonly kind: VerifyErrorKind;
  readonly message: string;
  /** 1-based line in the verified file, when verus gave one. */
  readonly line: number | null;
  readonly label: string | null;
}

export type VerifyResult =
  /** No verus executable: nothing was run, and the caller must say so. */
  | { readonly kind: 'verus-absent'; readonly message: string }
  | {
      readonly kind: 'ran';
      readonly score: number;
      readonly verified: boolean;
      readonly errors: readonly VerifyError[];
      /** `exited`, or `time-limit` when the run was killed (graded 0.0: no output). */
      readonly outcome: 'exited' | 'time-limit';
    };

export async function verifyFile(filePath: string, options: VerifyOptions, signal: AbortSignal): Promise<VerifyResult> {
  let executable: string;
  try {
    executable = await locateVerus(options);
  } catch (error) {
    if (isVerusBackendError(error)) return { kind: 'verus-absent', message: error.message };
    throw error;
  }
  const result = await runProcess(executable, verusArgs(filePath, options), { signal, timeLimitMs: options.timeLimitMs, cwd: options.cwd });
  if (result.outcome === 'time-limit') return { kind: 'ran', score: 0, verified: false, errors: [], outcome: 'time-limit' };
  return { kind: 'ran', outcome: 'exited', ...gradeVerusRun(result.stderr, result.stdout, result.exitCode) };
}

/** The graded score of one run from what verus printed. Pure. */
export function gradeVerusRun(
  stderr: string,
  stdout: string,
  exitCode: number | undefined,
): { readonly score: number; readonly verified: boolean; readonly errors: readonly VerifyError[] } {
  const errors = parseDiagnostics(stderr)
    .filter((diagnostic) => diagnostic.level === 'error')
    .map(classify);
  const summary = parseSummary(stdout);
  const compileErrors = errors.filter((error) => error.kind === 'compile').length;
  const verificationErrors = errors.length - compileErrors;
  const verified = exitCode === 0 && errors.length === 0 && summary !== undefined && !summary.encounteredError;
  if (verified) return { score: 1, verified, errors };
  if (compileErrors > 0 || verificationErrors === 0) return { score: 0, verified, errors };
  return { score: verificationErrors === 1 ? 0.3 : 0.1, verified, errors };
}

/** Verus's own verification failures; everything else that stops a build (parse, type, VIR errors) is `compile`. */
const VERIFICATION_MESSAGE =
  /postcondition not satisfied|precondition not satisfied|assertion failed|invariant not satisfied|not satisfied before loop|decreases|possible arithmetic (underflow|overflow)|Resource limit \(rlimit\) exceeded|recommendation not met|could not prove/i;

function classify(diagnostic: RustcDiagnostic): VerifyError {
  const primary = diagnostic.spans.find((span) => span.isPrimary) ?? diagnostic.spans[0];
  return {
    kind: diagnostic.code === undefined && VERIFICATION_MESSAGE.test(diagnostic.message) ? 'verification' : 'compile',
    message: diagnostic.message,
    line: primary?.lineStart ?? null,
    label: primary?.label ?? null,
  };
}
