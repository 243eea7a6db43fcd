// Rust-like text for calls in messages and tables: `max_of([1, 5, 3]) = 4`, `push_twice([1]) leaves v = [1, 7]`.
// Built from Values where the harness has them, so the CLI and the editor show the same text.

import type { FunctionContract } from '../model';
import type { Value } from '../eval';
import { formatValue } from '../eval';
import type { FunctionValueTypes } from './value-types';

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
  const parts = [formatInput(fn, types, inputs)];
  if (types.returnType !== undefined && output !== undefined) parts.push(`= ${formatValue(output, types.returnType)}`);
  const finals = types.mutParams.flatMap((name) => {
    const value = after.get(name);
    return value === undefined ? [] : [`${name} = ${formatValue(value, types.params.get(name))}`];
  });
  if (finals.length > 0) parts.push(`${parts.length > 1 ? 'and ' : ''}leaves ${finals.join(', ')}`);
  return parts.join(' ');
}

/** Scores in text: two decimals, or N/A. */
export function formatScore(score: number | null): string {
  return score === null ? 'N/A' : score.toFixed(2);
}
