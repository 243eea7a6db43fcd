// Test helper: run one exec fn of a Verus snippet on inputs and describe the outcome as a short string.

import { parseSourceFile } from '../../server/src/syntax';
import { buildFileModel } from '../../server/src/model';
import type { Value } from '../../server/src/eval/value';
import { DEFAULT_EXEC_LIMITS, formatDebug, runExecFunction } from '../../server/src/eval/exec';

export function i(value: number | bigint): Value {
  return { kind: 'int', value: BigInt(value) };
}

export function vec(values: readonly (number | bigint | Value)[]): Value {
  return { kind: 'seq', elements: values.map((v) => (typeof v === 'object' ? v : i(v))) };
}

export function str(text: string): Value {
  return { kind: 'seq', elements: Array.from(text, (ch) => ({ kind: 'char', codePoint: ch.codePointAt(0) ?? 0 })), text: true };
}

export function ch(text: string): Value {
  return { kind: 'char', codePoint: text.codePointAt(0) ?? 0 };
}

/** `returned <debug>` (plus `; x = <debug>` per &mut param), `panicked: <reason>`, `timeout`, `violates assume`,
 *  `unspecified: <reason>`, `not-runnable: <reason>`. */
export function run(body: string, fnName: string, inputs: Record<string, Value>, stepBudget = 100_000): string {
  const source = `use vstd::prelude::*;\nverus! {\n${body}\n}\n`;
  const file = parseSourceFile(source);
  if (file.diagnostics.some((d) => d.severity === 'error')) return `syntax error: ${file.diagnostics.map((d) => d.message).join('; ')}`;
  const model = buildFileModel(file);
  const fn = model.functions.find((f) => f.qualifiedName === fnName);
  if (fn === undefined) return `no fn ${fnName}`;
  const outcome = runExecFunction(model, fn, new Map(Object.entries(inputs)), { ...DEFAULT_EXEC_LIMITS, stepBudget });
  switch (outcome.kind) {
    case 'returned':
      return `returned ${formatDebug(outcome.value)}${[...outcome.after].map(([name, value]) => `; ${name} = ${formatDebug(value)}`).join('')}`;
    case 'panicked':
      return `panicked: ${outcome.reason}`;
    case 'timeout':
      return 'timeout';
    case 'assume-violated':
      return 'violates assume';
    case 'unspecified':
      return `unspecified: ${outcome.reason}`;
    case 'not-runnable':
      return `not-runnable: ${outcome.reason}`;
  }
}
