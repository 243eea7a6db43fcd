// Hand-written pairs checked against the implementation: when the function is runnable and returns something else
// for a pair's input than the pair says, that is worth a look (a typo in the pair, or a bug in the code) before the
// pair is trusted as the correct output. Generated pairs came from the implementation and are not re-run.

import type { FileModel } from '../../model';
import { measuredFunctionNamed } from '../measured-function';
import { EXEC_CALL_DEPTH_LIMITS, compareValues, encodeJson, formatValue, runExecFunction } from '../../eval';
import type { JsonValue, StackAllowance } from '../../eval';
import { formatInput } from '../report/format-call';
import type { Range } from '../report/report-types';
import { functionValueTypes } from '../score/function-types';
import type { PairsDiagnostic } from './read-state';
import { GENERATED_ORIGIN } from './decode-entry';
import type { ParsedPairsFile } from './file';

export interface ImplementationMismatch {
  readonly qualifiedName: string;
  /** The pair's entry in the pairs file. */
  readonly range: Range;
  /** What the implementation returns, in the pairs file's JSON form (the quick fix writes it as the output). */
  readonly actualOutput: JsonValue;
  readonly message: string;
}

export interface ImplementationLimits {
  /** Interpreter steps per pair. */
  readonly stepBudget: number;
  readonly stackAllowance: StackAllowance;
}

/** Every hand-written pair whose output differs from what the implementation returns for its input. */
export function implementationMismatches(model: FileModel, pairs: ParsedPairsFile, limits: ImplementationLimits): ImplementationMismatch[] {
  const mismatches: ImplementationMismatch[] = [];
  const execLimits = { stepBudget: limits.stepBudget, maxCallDepth: EXEC_CALL_DEPTH_LIMITS[limits.stackAllowance] };
  for (const entry of pairs.file.functions.values()) {
    const fn = measuredFunctionNamed(model, entry.qualifiedName);
    if (fn === undefined || fn.mode !== 'exec' || !fn.hasBody) continue;
    const types = functionValueTypes(fn, model.scope);
    if (types.kind !== 'supported' || types.returnType === undefined) continue;
    for (const pair of entry.pairs) {
      if (pair.origin === GENERATED_ORIGIN || pair.output === undefined) continue;
      const outcome = runExecFunction(model, fn, pair.inputs, execLimits);
      // A function the interpreter cannot run, or that panics or runs out of steps here, says nothing about the pair.
      if (outcome.kind === 'not-runnable') break;
      if (outcome.kind !== 'returned' || compareValues(outcome.value, pair.output) === 0) continue;
      const call = formatInput(fn, types, pair.inputs);
      const message = `\`${call}\` returns ${formatValue(outcome.value, types.returnType)}; this pair says ${formatValue(pair.output, types.returnType)}`;
      mismatches.push({
        qualifiedName: fn.qualifiedName,
        range: pair.range,
        actualOutput: encodeJson(outcome.value, types.returnType, types.typeContext),
        message,
      });
    }
  }
  return mismatches;
}

/** The mismatches as pairs-file diagnostics (warnings on the entries). */
export function mismatchDiagnostics(mismatches: readonly ImplementationMismatch[]): PairsDiagnostic[] {
  return mismatches.map((mismatch) => ({ message: mismatch.message, severity: 'warning', range: mismatch.range }));
}
