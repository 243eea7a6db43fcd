// Test helper: a Verus snippet plus spec expressions evaluated under named values, with expected outcomes
// written as `true`, `false`, `'indeterminate: <reason substring>'` or `'unsupported: <construct substring>'`.

import { expect } from 'vitest';
import { buildFileModel } from '../../server/src/model';
import type { FileModel } from '../../server/src/model';
import { parseExpression, parseSourceFile } from '../../server/src/syntax';
import type { Value } from '../../server/src/eval/value';
import { makeMap, makeMultiset, makeSet } from '../../server/src/eval/value-ops';
import { createSpecContext, evaluateExpr } from '../../server/src/eval/spec';
import type { EvalResult, SpecContextOptions, SpecEnv } from '../../server/src/eval/spec';

export type Expected = boolean | `indeterminate: ${string}` | `unsupported: ${string}`;

/** JS shorthand for values: numbers/bigints are ints, arrays are seqs, `{ char }`, `{ set }`, `{ map }`, ... */
export type Js =
  | number
  | bigint
  | boolean
  | string
  | readonly Js[]
  | { readonly char: string }
  | { readonly set: readonly Js[] }
  | { readonly map: readonly (readonly Js[])[] }
  | { readonly multiset: readonly Js[] }
  | { readonly tuple: readonly Js[] }
  | { readonly some: Js }
  | { readonly none: true }
  | { readonly struct: string; readonly fields: Readonly<Record<string, Js>> }
  | { readonly enum: string; readonly variant: string; readonly fields?: Readonly<Record<string, Js>> }
  | { readonly value: Value };

export function v(js: Js): Value {
  if (typeof js === 'number' || typeof js === 'bigint') return { kind: 'int', value: BigInt(js) };
  if (typeof js === 'boolean') return { kind: 'bool', value: js };
  if (typeof js === 'string')
    return { kind: 'seq', elements: [...js].map((c) => ({ kind: 'char', codePoint: c.codePointAt(0) ?? 0 })), text: true };
  if (Array.isArray(js)) return { kind: 'seq', elements: js.map(v) };
  const o = js as Exclude<Js, number | bigint | boolean | string | readonly Js[]>;
  if ('char' in o) return { kind: 'char', codePoint: o.char.codePointAt(0) ?? 0 };
  if ('set' in o) return makeSet(o.set.map(v));
  if ('map' in o) return makeMap(o.map.map(([k, x]) => [v(k ?? 0), v(x ?? 0)] as const));
  if ('multiset' in o) return makeMultiset(o.multiset.map(v));
  if ('tuple' in o) return { kind: 'tuple', elements: o.tuple.map(v) };
  if ('some' in o) return { kind: 'enum', name: 'Option', variant: 'Some', fields: [['0', v(o.some)]] };
  if ('none' in o) return { kind: 'enum', name: 'Option', variant: 'None', fields: [] };
  if ('struct' in o) return { kind: 'struct', name: o.struct, fields: Object.entries(o.fields).map(([k, x]) => [k, v(x)] as const) };
  if ('enum' in o)
    return { kind: 'enum', name: o.enum, variant: o.variant, fields: Object.entries(o.fields ?? {}).map(([k, x]) => [k, v(x)] as const) };
  return o.value;
}

export interface Bindings {
  readonly values?: Readonly<Record<string, Js>>;
  /** `&mut` parameters: [entry value, final value]. */
  readonly mutables?: Readonly<Record<string, readonly [Js, Js]>>;
  readonly options?: SpecContextOptions;
}

export function envOf(bindings: Bindings): SpecEnv {
  return {
    values: new Map(Object.entries(bindings.values ?? {}).map(([k, x]) => [k, v(x)])),
    mutables: new Map(Object.entries(bindings.mutables ?? {}).map(([k, [old, final]]) => [k, { old: v(old), final: v(final) }])),
  };
}

export function modelOf(source: string): FileModel {
  return buildFileModel(parseSourceFile(`verus! {\n${source}\n}`));
}

export function evalText(model: FileModel, text: string, bindings: Bindings = {}): EvalResult {
  const parsed = parseExpression(text);
  expect(parsed.diagnostics, `parse diagnostics for ${text}`).toEqual([]);
  // A bug in the evaluator fails the test instead of reading as an `unsupported` outcome.
  const ctx = createSpecContext(model.scope, { internalErrors: 'throw', ...bindings.options });
  return evaluateExpr(ctx, parsed.expr, envOf(bindings));
}

export function describe(result: EvalResult): string {
  if (result.kind === 'indeterminate') return `indeterminate: ${result.reason}`;
  if (result.kind === 'unsupported') return `unsupported: ${result.construct}`;
  return result.value.kind === 'bool' ? String(result.value.value) : `value of kind ${result.value.kind}`;
}

/** Evaluates each expression of `cases` in the snippet's scope and compares with the expected outcome. */
export function check(source: string, cases: Readonly<Record<string, Expected>>, bindings: Bindings = {}): void {
  const model = modelOf(source);
  for (const [text, expected] of Object.entries(cases)) {
    const actual = describe(evalText(model, text, bindings));
    if (typeof expected === 'boolean') expect(actual, text).toBe(String(expected));
    else {
      const [kind, detail] = [expected.slice(0, expected.indexOf(':')), expected.slice(expected.indexOf(':') + 2)];
      expect(actual.startsWith(`${kind}:`) && actual.includes(detail), `${text}: got "${actual}", want "${expected}"`).toBe(true);
    }
  }
}
