// The agent tools as plain async functions over the CLI's file helpers and the engine: each returns its result
// (the JSON the tool's output schema describes) or an error an agent can read. Agents see feedback pairs only.

import * as path from 'node:path';
import { VERUS_DEFAULTS, verifyFile } from '../backends';
import type { VerifyError } from '../backends';
import {
  checkSplit,
  collectRustFiles,
  displayPath,
  embeddedOptions,
  fileModelToListJson,
  readCheckInputs,
  readRustFile,
  generatePairsFile,
} from '../cli';
import type { ListFunctionJson, Read } from '../cli';
import { createCrateModels } from '../host';
import { buildFileModel } from '../model';
import { parseSourceFile } from '../syntax';
import {
  agentScoreResult,
  agentSuggestResult,
  DEFAULT_CHECK_OPTIONS,
  HARNESS_DEFAULTS,
  suggestClauses,
  taskCompleteResult,
} from '../harness';
import type { AgentScoreResult, AgentSuggestResult, Gate, TaskCompleteResult, VerificationOutcome } from '../harness';
import type { StackAllowance } from '../eval';

export interface ToolContext {
  readonly cwd: string;
  readonly stackAllowance: StackAllowance | undefined;
  /** The gate `task_complete` holds agents to: fixed when the server starts, never chosen by the agent. */
  readonly gate: Gate;
  readonly verus: { readonly verusPath: string | undefined; readonly searchPath: string | undefined; readonly platform: NodeJS.Platform };
}

export interface ListContractsResult {
  readonly files: readonly {
    readonly path: string;
    readonly functions: readonly {
      readonly function: string;
      readonly mode: ListFunctionJson['mode'];
      readonly line: number;
      readonly signature: string;
      readonly requires: readonly string[];
      readonly ensures: readonly string[];
    }[];
    readonly problems: readonly string[];
  }[];
}

export interface GeneratePairsResult {
  readonly files: readonly {
    readonly path: string;
    readonly pairsFile: string;
    readonly written: boolean;
    readonly functions: readonly {
      readonly function: string;
      readonly pairs: number;
      readonly invalid: number;
      readonly notRunnable: string | null;
    }[];
  }[];
}

export interface VerifyToolResult extends VerificationOutcome {
  readonly errors: readonly VerifyError[];
}

export async function listContracts(ctx: ToolContext, target: string): Promise<Read<ListContractsResult>> {
  const collected = await collectRustFiles([target], ctx.cwd);
  if (!collected.ok) return collected;
  const files: ListContractsResult['files'][number][] = [];
  for (const file of collected.files) {
    const read = await readRustFile(file);
    if (!read.ok) return read;
    const listing = fileModelToListJson(buildFileModel(parseSourceFile(read.text)), file.displayPath);
    files.push({
      path: listing.path,
      functions: listing.functions.map((fn) => ({
        function: fn.qualifiedName,
        mode: fn.mode,
        line: fn.range.start.line + 1,
        signature: `fn ${fn.name}(${fn.params.map((param) => `${param.name}: ${param.type}`).join(', ')})${fn.returnType === null ? '' : ` -> ${fn.returnName === null ? fn.returnType : `(${fn.returnName}: ${fn.returnType})`}`}`,
        requires: fn.requires.map((clause) => clause.text),
        ensures: fn.ensures.map((clause) => clause.text),
      })),
      problems: listing.diagnostics.map((d) => `${listing.path}:${d.range.start.line + 1}: ${d.message}`),
    });
  }
  return { ok: true, value: { files } };
}

export async function scoreContract(ctx: ToolContext, target: string, fn: string | undefined): Promise<Read<AgentScoreResult>> {
  const split = await scoreSplit(ctx, target, fn);
  return split.ok ? { ok: true, value: agentScoreResult(split.value.feedback, DEFAULT_CHECK_OPTIONS.threshold) } : split;
}

/** Suggested ensures clauses for each weak contract, measured on the feedback pairs (held-out pairs stay unseen). */
export async function suggestClausesTool(ctx: ToolContext, target: string, fn: string | undefined): Promise<Read<AgentSuggestResult>> {
  const inputs = await readCheckInputs(ctx.cwd, [target], undefined);
  if (!inputs.ok) return inputs;
  const options = { ...embeddedOptions(ctx, DEFAULT_CHECK_OPTIONS, fn === undefined ? undefined : [fn]), pairSet: 'feedback' as const };
  return {
    ok: true,
    value: agentSuggestResult(inputs.value.map((input) => ({ path: input.path, functions: suggestClauses(input, options) }))),
  };
}

export async function generatePairs(ctx: ToolContext, target: string, fn: string | undefined): Promise<Read<GeneratePairsResult>> {
  const collected = await collectRustFiles([target], ctx.cwd);
  if (!collected.ok) return collected;
  const files: GeneratePairsResult['files'][number][] = [];
  // One per call: the agent edits sources between calls, so nothing is kept longer.
  const crates = createCrateModels();
  for (const file of collected.files) {
    const options = {
      crates,
      functions: fn === undefined ? undefined : [fn],
      count: 20,
      invalidCount: 10,
      seed: HARNESS_DEFAULTS.seed,
      out: undefined,
      cwd: ctx.cwd,
      stackAllowance: ctx.stackAllowance,
      solver: 'z3' as const,
    };
    const result = await generatePairsFile(file, options);
    if (!result.ok) return result;
    files.push({
      path: file.displayPath,
      pairsFile: displayPath(result.target, ctx.cwd),
      written: result.written,
      functions: (result.summaries?.list ?? []).map((summary) => ({
        function: summary.qualifiedName,
        pairs: summary.pairs,
        invalid: summary.invalid,
        notRunnable: summary.notRunnable?.reason ?? null,
      })),
    });
  }
  return { ok: true, value: { files } };
}

export async function verify(ctx: ToolContext, target: string): Promise<Read<VerifyToolResult>> {
  const collected = await collectRustFiles([target], ctx.cwd);
  if (!collected.ok) return collected;
  const [file, ...others] = collected.files;
  if (file === undefined || others.length > 0)
    return { ok: false, error: `verify takes one .rs file (the crate root); '${target}' has ${collected.files.length}` };
  const options = { ...ctx.verus, cwd: ctx.cwd, rlimit: VERUS_DEFAULTS.rlimit, timeLimitMs: VERUS_DEFAULTS.timeLimitMs, extraArgs: [] };
  const result = await verifyFile(file.absolutePath, options, new AbortController().signal);
  if (result.kind === 'verus-absent') {
    return { ok: true, value: { status: 'verus-absent', score: null, message: `verus was not run: ${result.message}`, errors: [] } };
  }
  const message =
    result.outcome === 'time-limit'
      ? `verus gave no answer within ${options.timeLimitMs} ms`
      : result.verified
        ? `${path.basename(file.displayPath)} verified`
        : `${result.errors.length} error${result.errors.length === 1 ? '' : 's'}: ${result.errors
            .slice(0, 3)
            .map((error) => `${error.kind} at line ${error.line ?? '?'}: ${error.message}`)
            .join('; ')}`;
  return { ok: true, value: { status: result.verified ? 'verified' : 'failed', score: result.score, message, errors: result.errors } };
}

/** Verification (of each file, when verus is installed) and the gate on feedback and held-out pairs. */
export async function taskComplete(ctx: ToolContext, target: string, fn: string | undefined): Promise<Read<TaskCompleteResult>> {
  const split = await scoreSplit(ctx, target, fn);
  if (!split.ok) return split;
  const outcomes: VerificationOutcome[] = [];
  for (const input of split.value.inputs) {
    const verified = await verify(ctx, path.resolve(ctx.cwd, input.path));
    if (!verified.ok) return verified;
    outcomes.push(verified.value);
  }
  return {
    ok: true,
    value: taskCompleteResult(
      { ...split.value, requestedFunctions: fn === undefined ? undefined : [fn] },
      ctx.gate,
      combineVerification(outcomes),
    ),
  };
}

async function scoreSplit(ctx: ToolContext, target: string, fn: string | undefined) {
  const inputs = await readCheckInputs(ctx.cwd, [target], undefined);
  if (!inputs.ok) return inputs;
  const options = embeddedOptions(ctx, DEFAULT_CHECK_OPTIONS, fn === undefined ? undefined : [fn]);
  return { ok: true as const, value: { inputs: inputs.value, ...(await checkSplit(inputs.value, options)) } };
}

/** Failed if any file failed; verus-absent is said plainly and does not refuse on its own. */
function combineVerification(outcomes: readonly VerificationOutcome[]): VerificationOutcome {
  const failed = outcomes.filter((outcome) => outcome.status === 'failed');
  if (failed.length > 0)
    return {
      status: 'failed',
      score: Math.min(...failed.map((outcome) => outcome.score ?? 0)),
      message: failed.map((outcome) => outcome.message).join('; '),
    };
  const absent = outcomes.find((outcome) => outcome.status === 'verus-absent');
  if (absent !== undefined)
    return { status: 'verus-absent', score: null, message: `${absent.message} (the gate was checked without verification)` };
  return { status: 'verified', score: outcomes.length === 0 ? null : 1, message: outcomes.length === 0 ? 'no file to verify' : 'verified' };
}
