// vstd and prelude built-ins reached by name: static constructors (`Seq::new`, `Set::empty`, `Map::new`, ...),
// `vstd::math` spec fns, smart-pointer constructors, `arbitrary()`, and the ASCII methods of `char`.

import type { Span } from '../../syntax';
import type { Value } from '../value';
import { bool } from '../value';
import { makeMap, makeMultiset } from '../value-ops';
import { applyFn } from './calls';
import { mkInt, seq } from './collections';
import type { Res, SpecContext } from './context';
import { BUDGET_EXHAUSTED, charge, indeterminate, isFailure, unsupported } from './context';
import { euclidDiv } from './integers';
import { comprehension } from './quantifiers';

/** vstd static functions: `Seq::empty/new`, `Set::empty/new`, `Map::empty/new`, `Multiset::empty/singleton`. */
export function staticBuiltin(ctx: SpecContext, names: readonly string[], args: readonly Value[], span: Span): Res | undefined {
  const fn = names[names.length - 1];
  const type = names[names.length - 2];
  if (names.length === 1 && fn === 'arbitrary') return indeterminate('`arbitrary()` has no defined value', span);
  if (names.length === 1 || type === 'math') {
    const math = mathFn(fn ?? '', type === 'math', args, span);
    if (math !== undefined) return math;
  }
  const a0 = args[0];
  const a1 = args[1];
  switch (`${type}::${fn}`) {
    case 'Seq::empty':
      return seq([]);
    case 'Box::new':
    case 'Rc::new':
    case 'Arc::new':
      // Smart pointers view (and compare) as their contents.
      return a0;
    case 'Set::empty':
      return { kind: 'set', elements: [] };
    case 'Map::empty':
      return { kind: 'map', entries: [] };
    case 'Multiset::empty':
      return { kind: 'multiset', entries: [] };
    case 'Multiset::singleton':
      return a0 === undefined ? undefined : makeMultiset([a0]);
    case 'Seq::new': {
      if (a0?.kind !== 'int' || a1 === undefined) return unsupported('`Seq::new` arguments', span);
      if (a0.value < 0n) return indeterminate(`\`Seq::new\` with negative length ${a0.value}`, span);
      if (a0.value > BigInt(ctx.stepBudget)) return indeterminate(BUDGET_EXHAUSTED, span);
      const exhausted = charge(ctx, Number(a0.value), span);
      if (exhausted !== undefined) return exhausted;
      const elements: Value[] = [];
      for (let i = 0; i < Number(a0.value); i++) {
        const element = applyFn(ctx, a1, [mkInt(i)], span);
        if (isFailure(element)) return element;
        elements.push(element);
      }
      return seq(elements);
    }
    case 'Set::new': {
      if (a0 === undefined) return undefined;
      const members = comprehension(ctx, a0, span);
      return Array.isArray(members) ? { kind: 'set', elements: members } : members;
    }
    case 'Map::new':
      return a0 === undefined || a1 === undefined ? undefined : mapNew(ctx, a0, a1, span);
    default:
      return undefined;
  }
}

/** `vstd::math` spec fns. Bare `add`/`sub`/`mul` are the prelude's wrapping forms (width needed), so only the
 *  `math::`-qualified ones are the exact integer versions. */
function mathFn(fn: string, qualified: boolean, args: readonly Value[], span: Span): Res | undefined {
  const ints: bigint[] = [];
  for (const arg of args) {
    if (arg.kind !== 'int') return undefined;
    ints.push(arg.value);
  }
  const [x, y, z] = ints;
  if (x === undefined) return undefined;
  if (args.length === 1 && fn === 'abs') return mkInt(x < 0n ? -x : x);
  if (args.length === 1 && fn === 'clip') return mkInt(x < 0n ? 0n : x);
  if (y === undefined) return undefined;
  if (args.length === 2 && fn === 'min') return mkInt(x <= y ? x : y);
  if (args.length === 2 && fn === 'max') return mkInt(x >= y ? x : y);
  if (args.length === 3 && fn === 'max3' && z !== undefined) return mkInt([x, y, z].reduce((a, b) => (a >= b ? a : b)));
  if (!qualified || args.length !== 2) return undefined;
  if (fn === 'add') return mkInt(x + y);
  if (fn === 'sub') return mkInt(x - y);
  if (fn === 'div') return y === 0n ? indeterminate('division by zero', span) : { kind: 'int', value: euclidDiv(x, y) };
  return undefined;
}

/** `Map::new(dom_set, f)` (since 2026-06) or `Map::new(key_predicate, f)` (before). */
function mapNew(ctx: SpecContext, domain: Value, valueFn: Value, span: Span): Res {
  let keys: readonly Value[];
  if (domain.kind === 'set') keys = domain.elements;
  else {
    const members = comprehension(ctx, domain, span);
    if (!Array.isArray(members)) return members;
    keys = members;
  }
  const entries: (readonly [Value, Value])[] = [];
  for (const key of keys) {
    const value = applyFn(ctx, valueFn, [key], span);
    if (isFailure(value)) return value;
    entries.push([key, value]);
  }
  return makeMap(entries);
}

/** The ASCII classification methods of `char`, which are defined by simple ranges. */
export function charMethod(codePoint: number, method: string): Res | undefined {
  const c = codePoint;
  const digit = c >= 48 && c <= 57;
  const upper = c >= 65 && c <= 90;
  const lower = c >= 97 && c <= 122;
  switch (method) {
    case 'is_ascii': return bool(c < 128);
    case 'is_ascii_digit': return bool(digit);
    case 'is_ascii_uppercase': return bool(upper);
    case 'is_ascii_lowercase': return bool(lower);
    case 'is_ascii_alphabetic': return bool(upper || lower);
    case 'is_ascii_alphanumeric': return bool(upper || lower || digit);
    case 'is_ascii_whitespace': return bool(c === 32 || c === 9 || c === 10 || c === 12 || c === 13);
    case 'to_ascii_lowercase': return { kind: 'char', codePoint: upper ? c + 32 : c };
    case 'to_ascii_uppercase': return { kind: 'char', codePoint: lower ? c - 32 : c };
    default: return undefined;
  }
}
