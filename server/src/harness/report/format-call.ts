// Rust-like text for calls in messages and tables: `max_of([1, 5, 3]) = 4`, `push_twice([1]) leaves v = [1, 7]`.
// Built from Values where the harness has them, so the CLI and the editor show the same text.

import type { FunctionContract } from '../../model';
import type { Value } from '../../eval';
import { formatValue } from '../../eval';
import type { FunctionValueTypes } from '../score/function-types';

type SupportedTypes = Extract<FunctionValueTypes, { kind: 'supported' }>;

/** `f(a, b)`: the arguments in parameter order. */
export function formatInput(fn: FunctionContract, types: SupportedTypes, inputs: ReadonlyMap<string, Value>): string {
  const args = fn.params.map((param) => {
    const value = inputs.get(param.name);
    return value === undefined ? '?' : formatValue(value, types.params.get(param.name));
  });
  return `${fn.name}(${args.join(', ')})`;
}

/** `f(a) = out`, `f(v) leaves v = [..]`, or `f(v) = out and leaves v = [..]`. */
export function formatResult(
  fn: FunctionContract,
  types: SupportedTypes,
  inputs: ReadonlyMap<string, Value>,
  output: Value | undefined,
  after: ReadonlyMap<string, Value>,
): string {
  const outcome = formatOutcome(types, output, after);
  const parts = [formatInput(fn, types, inputs)];
  if (outcome.output !== undefined) parts.push(`= ${outcome.output}`);
  if (outcome.finals.length > 0) parts.push(`${parts.length > 1 ? 'and ' : ''}leaves ${outcome.finals.join(', ')}`);
  return parts.join(' ');
}

/** The printed return value (when the fn returns one) and `v = [..]` for each `&mut` parameter's final value. */
export function formatOutcome(
  types: SupportedTypes,
  output: Value | undefined,
  after: ReadonlyMap<string, Value>,
): { readonly output: string | undefined; readonly finals: readonly string[] } {
  const finals = types.mutParams.flatMap((name) => {
    const value = after.get(name);
    return value === undefined ? [] : [`${name} = ${formatValue(value, types.params.get(name))}`];
  });
  return { output: types.returnType !== undefined && output !== undefined ? formatValue(output, types.returnType) : undefined, finals };
}

/** Scores in text: two decimals, or N/A. */
export function formatScore(score: number | null): string {
  return score === null ? 'N/A' : score.toFixed(2);
}
