// `spec_fn` values as Verus closure text. Systems code passes permissions and predicates as `spec_fn` arguments
// and fields (`perm: spec_fn(Seq<u8>) -> bool`, a subregion's `is_writable_absolute_addr_fn`): exec code never
// reads them, the contract applies them. A pairs file holds one as the closure's source, `{"closure": "|s| true"}`,
// which reads back as the same closure; the generator offers the simplest closures of the type (constants, and
// projections onto a parameter of the result type).

import { parseExpression } from '../syntax';
import type { Value } from './value';
import type { ValueType } from './value-type';
import { valueTypeText } from './type-resolution';

/** The key a closure is written under in a pairs file. */
export const CLOSURE_KEY = 'closure';

type SpecFnType = Extract<ValueType, { kind: 'fn' }>;

/** The closure `source` as a value of `type`, or why it is not one. Its body may call the file's spec fns; it
 *  captures nothing. */
export function specFnFromSource(source: string, type: SpecFnType): Value | string {
  const parsed = parseExpression(source);
  const first = parsed.diagnostics[0];
  if (first !== undefined) return `the closure \`${source}\` does not parse: ${first.message}`;
  const expr = parsed.expr;
  if (expr.kind !== 'closure') return `\`${source}\` is not a closure (\`|x| ..\`)`;
  if (expr.params.length !== type.params.length)
    return `the closure \`${source}\` takes ${expr.params.length} parameters; \`${valueTypeText(type)}\` takes ${type.params.length}`;
  return { kind: 'closure', params: expr.params.map((param) => param.pattern), body: expr.body, env: NO_CAPTURES, span: expr.span, source };
}

/** The closures of `type` the generator offers, simplest first: constant results (`true`, `false`, `0`) and the
 *  result being one of the arguments. Empty when the result type has none of these. */
export function simpleSpecFns(type: SpecFnType): readonly Value[] {
  const names = type.params.map((_, index) => `a${index}`);
  const head = `|${names.join(', ')}|`;
  const results = [...constantResults(type.ret)];
  const retText = valueTypeText(type.ret);
  type.params.forEach((param, index) => {
    if (valueTypeText(param) === retText) results.push(names[index] as string);
  });
  return results.flatMap((result) => {
    const value = specFnFromSource(`${head} ${result}`, type);
    return typeof value === 'string' ? [] : [value];
  });
}

function constantResults(ret: ValueType): readonly string[] {
  switch (ret.kind) {
    case 'bool':
      return ['true', 'false'];
    case 'int':
      return ['0', '1'];
    case 'seq':
      return ret.origin === 'Seq' ? ['Seq::empty()'] : [];
    case 'set':
      return ['Set::empty()'];
    case 'map':
      return ['Map::empty()'];
    default:
      return [];
  }
}

const NO_CAPTURES: ReadonlyMap<string, Value> = new Map();
