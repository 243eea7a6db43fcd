// Worker entry for stack-allowance.slow.test.ts (bundled by the test, run in a worker with a 256 MB stack, as the
// `spec-harness` bin runs the CLI): runs `pairs` on a file, then judges every written pair and a few exec runs.
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { parentPort, workerData } from 'node:worker_threads';
import { buildFileModel } from '../../server/src/model';
import { parseSourceFile } from '../../server/src/syntax';
import { decodeJson, runExecFunction } from '../../server/src/eval';
import type { StackAllowance, Value } from '../../server/src/eval';
import { generateOptionsFor, requiresVerdict } from '../../server/src/harness/generate';
import { functionValueTypes } from '../../server/src/harness/score/function-types';
import { runPairsCommand } from '../../server/src/cli/pairs-command';
import { captureIo, hostStackAllowance } from '../../server/src/cli/io';

export interface LargeStackGenerateRequest {
  /** A copy of the fixture in a temporary directory (`pairs` writes beside it). */
  readonly rustPath: string;
  /** Exec runs to try under each allowance: function name and integer inputs. */
  readonly runs: readonly { readonly fn: string; readonly inputs: Readonly<Record<string, number>> }[];
}

export interface LargeStackGenerateReply {
  readonly allowance: StackAllowance;
  readonly pairsExitCode: number;
  /** Per function: each written pair's input and its `requires` verdict under the worker's allowance. */
  readonly pairs: Readonly<Record<string, readonly { readonly input: unknown; readonly requires: string }[]>>;
  /** Per run: `default` and `large` outcome kinds. */
  readonly runs: readonly { readonly default: string; readonly large: string }[];
}

async function main(): Promise<void> {
  const request = workerData as LargeStackGenerateRequest;
  const allowance = hostStackAllowance();
  const io = { ...captureIo(path.dirname(request.rustPath)), stackAllowance: allowance };
  const pairsExitCode = await runPairsCommand([request.rustPath], io);
  const model = buildFileModel(parseSourceFile(readFileSync(request.rustPath, 'utf8')));
  const file = JSON.parse(readFileSync(request.rustPath.replace(/\.rs$/, '.pairs.json'), 'utf8')) as {
    functions: Record<string, { pairs?: { input: Record<string, unknown> }[] }>;
  };
  const pairs: Record<string, { input: unknown; requires: string }[]> = {};
  for (const [name, entries] of Object.entries(file.functions)) {
    const fn = model.functions.find((f) => f.qualifiedName === name);
    const types = fn === undefined ? undefined : functionValueTypes(fn, model.scope);
    if (fn === undefined || types === undefined || types.kind !== 'supported') continue;
    pairs[name] = (entries.pairs ?? []).map((pair) => {
      const inputs = new Map<string, Value>();
      for (const [param, type] of types.params) {
        const decoded = decodeJson(pair.input[param], type, types.typeContext);
        if (decoded.ok) inputs.set(param, decoded.value);
      }
      return { input: pair.input, requires: requiresVerdict(model.scope, fn, inputs, 100_000, allowance).kind };
    });
  }
  const runs = request.runs.map((run) => {
    const fn = model.functions.find((f) => f.name === run.fn);
    if (fn === undefined) return { default: 'no such fn', large: 'no such fn' };
    const inputs = new Map<string, Value>(Object.entries(run.inputs).map(([name, n]) => [name, { kind: 'int', value: BigInt(n) }]));
    const outcome = (a: StackAllowance): string => runExecFunction(model, fn, inputs, generateOptionsFor(a).execLimits).kind;
    return { default: outcome('default'), large: outcome('large') };
  });
  const reply: LargeStackGenerateReply = { allowance, pairsExitCode, pairs, runs };
  parentPort?.postMessage(reply);
}

void main();
