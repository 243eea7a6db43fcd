// Worker entry for stack-allowance.slow.test.ts (bundled by the test, run in a worker with a 256 MB stack, as the
// `spec-harness` bin runs the CLI): evaluates spec expressions under an allowance and posts their outcomes back.
import { parentPort, resourceLimits, workerData } from 'node:worker_threads';
import { buildFileModel } from '../../server/src/model';
import { parseExpression, parseSourceFile } from '../../server/src/syntax';
import { createSpecContext, EMPTY_SPEC_ENV, evaluateExpr, stackAllowanceFor } from '../../server/src/eval';
import type { EvalResult, StackAllowance } from '../../server/src/eval';

export interface LargeStackRequest {
  readonly source: string;
  readonly expressions: readonly string[];
  readonly stepBudget?: number;
}

export interface LargeStackReply {
  readonly allowance: StackAllowance;
  readonly outcomes: readonly string[];
}

const request = workerData as LargeStackRequest;
const model = buildFileModel(parseSourceFile(`verus! {\n${request.source}\n}`));
// The allowance comes from the worker's own stack, as the CLI derives it.
const allowance = stackAllowanceFor(resourceLimits.stackSizeMb);
const outcomes = request.expressions.map((text) => {
  const ctx = createSpecContext(model.scope, {
    stackAllowance: allowance,
    ...(request.stepBudget === undefined ? {} : { stepBudget: request.stepBudget }),
  });
  return describeResult(evaluateExpr(ctx, parseExpression(text).expr, EMPTY_SPEC_ENV));
});
const reply: LargeStackReply = { allowance, outcomes };
parentPort?.postMessage(reply);

function describeResult(result: EvalResult): string {
  if (result.kind === 'indeterminate') return `indeterminate: ${result.reason}`;
  if (result.kind === 'unsupported') return `unsupported: ${result.construct}`;
  return result.value.kind === 'bool' ? String(result.value.value) : `value of kind ${result.value.kind}`;
}
