// vstd and prelude built-ins reached by name: static constructors (`Seq::new`, `Set::empty`, `Map::new`, ...),
// `vstd::math` spec fns, `set_int_range`, smart-pointer constructors, `arbitrary()`, and the methods of `char` and
// `String`/`&str` that vstd specifies.

import type { Span } from '../../syntax';
import type { Value } from '../value';
import { bool } from '../value';
import { makeMap, makeMultiset } from '../value-ops';
import { applyFn } from './calls';
import { mkInt, seq } from './collections';
import type { Res, SpecContext } from './spec-context';
import { BUDGET_EXHAUSTED, charge, indeterminate, isFailure, unsupported } from './spec-context';
import { euclidDiv } from './integers';
import { comprehension } from './quantifiers';
import { fromLeBytes, leBytesFn, toLeBytes } from '../le-bytes';
import { checkedIntValue, isCheckedIntType } from '../checked-ints';
import type { LeBytesFn } from '../le-bytes';

/** vstd static functions: `Seq::empty/new`, `Set::empty/new`, `Map::empty/new`, `Multiset::empty/singleton`. */
export function staticBuiltin(ctx: SpecContext, names: readonly string[], args: readonly Value[], span: Span): Res | undefined {
  const fn = names[names.length - 1];
  const type = names[names.length - 2];
  if (names.length === 1 && fn === 'arbitrary') return indeterminate('`arbitrary()` has no defined value', span);
  if (names.length === 1 || type === 'math') {
    const math = mathFn(fn ?? '', type === 'math', args, span);
    if (math !== undefined) return math;
  }
  if (names.length === 1 || (type !== undefined && ARITHMETIC_MODULES.has(type))) {
    const arithmetic = arithmeticFn(ctx, fn ?? '', args, span);
    if (arithmetic !== undefined) return arithmetic;
  }
  const a0 = args[0];
  const a1 = args[1];
  const bytes = names.length === 1 || type === 'bytes' ? leBytesFn(fn ?? '', true) : undefined;
  if (bytes !== undefined) return leBytesSpec(bytes, a0, span);
  if (fn === 'set_int_range' && (names.length === 1 || type === 'set_lib')) return setIntRange(ctx, a0, a1, span);
  // vstd's checked integers: `CheckedU64::new(x)` is `spec_new(x)` in a contract.
  if (type !== undefined && isCheckedIntType(type) && (fn === 'new' || fn === 'spec_new') && a0?.kind === 'int')
    return checkedIntValue(type, a0.value);
  switch (`${type}::${fn}`) {
    case 'Seq::empty':
      return seq([]);
    case 'Box::new':
    case 'Rc::new':
    case 'Arc::new':
    case 'ManuallyDrop::new':
      // Smart pointers view (and compare) as their contents.
      return a0;
    case 'Set::empty':
      return { kind: 'set', elements: [] };
    // vstd's `Set::<int>::range(lo, hi)` (`int_range` in some releases): `set_int_range` by another name.
    case 'Set::range':
    case 'Set::int_range':
      return setIntRange(ctx, a0, a1, span);
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

/** The `vstd::arithmetic` modules whose spec fns are built in. */
const ARITHMETIC_MODULES: ReadonlySet<string> = new Set([
  'power',
  'power2',
  'logarithm',
  'mul_internals',
  'div_internals',
  'mod_internals',
  'arithmetic',
]);

/** The largest exponent `pow`/`pow2` compute (the result has about that many bits). */
const MAX_EXPONENT = 1_000_000n;

/** `vstd::arithmetic` spec fns, as vstd defines them: `pow(b, e)` (b * pow(b, e - 1), 1 at 0), `pow2(e)`
 *  (pow(2, e)), `is_pow2(n)`, `log(base, pow)` (0 when pow < base or pow / base does not shrink, else 1 + log(base, pow / base)),
 *  and the internals' `mul_recursive` (x * y) and `mul_pos` (x * y for x > 0, else 0). */
function arithmeticFn(ctx: SpecContext, fn: string, args: readonly Value[], span: Span): Res | undefined {
  const ints = args.map((arg) => (arg.kind === 'int' ? arg.value : undefined));
  const [x, y] = ints;
  if (ints.some((value) => value === undefined) || x === undefined) return undefined;
  switch (`${fn}/${args.length}`) {
    case 'pow/2':
      return y === undefined ? undefined : power(ctx, x, y, span);
    case 'pow2/1':
      return power(ctx, 2n, x, span);
    // `is_pow2` recurses on n / 2 from n > 0 down to 1; `is_pow2_exists` asks for an i with pow(2, i) == n: the same.
    case 'is_pow2/1':
    case 'is_pow2_exists/1':
      return bool(x > 0n && (x & (x - 1n)) === 0n);
    case 'log/2':
      return y === undefined ? undefined : logarithm(ctx, x, y, span);
    case 'mul_pos/2':
      return y === undefined ? undefined : mkInt(x > 0n ? x * y : 0n);
    case 'mul_recursive/2':
      return y === undefined ? undefined : mkInt(x * y);
    default:
      return undefined;
  }
}

function power(ctx: SpecContext, base: bigint, exponent: bigint, span: Span): Res {
  if (exponent < 0n) return indeterminate(`\`pow\` with negative exponent ${exponent}`, span);
  if (exponent > MAX_EXPONENT) return indeterminate(BUDGET_EXHAUSTED, span);
  const exhausted = charge(ctx, Number(exponent) / 64, span);
  return exhausted ?? mkInt(base ** exponent);
}

function logarithm(ctx: SpecContext, base: bigint, pow: bigint, span: Span): Res {
  let count = 0n;
  for (let current = pow; current >= base; count++) {
    // `pow / base` in spec code is Euclidean; by zero it is unspecified.
    if (base === 0n) return indeterminate('division by zero', span);
    const next = euclidDiv(current, base);
    if (next >= current || next < 0n) break;
    const exhausted = charge(ctx, 1, span);
    if (exhausted !== undefined) return exhausted;
    current = next;
  }
  return mkInt(count);
}

/** `spec_u64_to_le_bytes(x)` and `spec_u64_from_le_bytes(s)` (vstd::bytes); from a sequence of another length the
 *  value is unspecified (vstd `recommends` the length). */
function leBytesSpec(conversion: LeBytesFn, arg: Value | undefined, span: Span): Res {
  if (conversion.direction === 'to')
    return arg?.kind === 'int' ? seq(toLeBytes(arg.value, conversion.bits).map(mkInt)) : unsupported('`to_le_bytes` argument', span);
  if (arg?.kind !== 'seq') return unsupported('`from_le_bytes` argument', span);
  const value = fromLeBytes(arg.elements, conversion.bits);
  return value === undefined ? indeterminate(`\`from_le_bytes\` of ${arg.elements.length} bytes`, span) : mkInt(value);
}

/** vstd `set_lib::set_int_range(lo, hi)`: the ints in `lo..hi`. */
function setIntRange(ctx: SpecContext, lo: Value | undefined, hi: Value | undefined, span: Span): Res {
  if (lo?.kind !== 'int' || hi?.kind !== 'int') return unsupported('`set_int_range` arguments', span);
  const size = hi.value > lo.value ? hi.value - lo.value : 0n;
  if (size > BigInt(ctx.stepBudget)) return indeterminate(BUDGET_EXHAUSTED, span);
  const exhausted = charge(ctx, Number(size), span);
  if (exhausted !== undefined) return exhausted;
  const elements: Value[] = [];
  for (let i = lo.value; i < hi.value; i++) elements.push(mkInt(i));
  return { kind: 'set', elements };
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

/** The `char` methods vstd specifies by a `returns` clause (std_specs/char.rs): ASCII classes by ranges,
 *  Unicode `White_Space` by its list, `len_utf8`. Unicode classes vstd leaves unspecified (`is_alphanumeric`,
 *  `is_lowercase`, ...) stay unsupported. */
export function charMethod(codePoint: number, method: string, args: readonly Value[]): Res | undefined {
  const c = codePoint;
  const digit = c >= 48 && c <= 57;
  const upper = c >= 65 && c <= 90;
  const lower = c >= 97 && c <= 122;
  switch (method) {
    case 'is_ascii':
      return bool(c < 128);
    case 'is_ascii_digit':
      return bool(digit);
    case 'is_ascii_uppercase':
      return bool(upper);
    case 'is_ascii_lowercase':
      return bool(lower);
    case 'is_ascii_alphabetic':
      return bool(upper || lower);
    case 'is_ascii_alphanumeric':
      return bool(upper || lower || digit);
    case 'is_ascii_hexdigit':
      return bool(digit || (c >= 65 && c <= 70) || (c >= 97 && c <= 102));
    case 'is_ascii_punctuation':
      return bool((c >= 33 && c <= 47) || (c >= 58 && c <= 64) || (c >= 91 && c <= 96) || (c >= 123 && c <= 126));
    case 'is_ascii_graphic':
      return bool(c >= 33 && c <= 126);
    case 'is_ascii_control':
      return bool(c <= 31 || c === 127);
    case 'is_ascii_whitespace':
      return bool(c === 32 || c === 9 || c === 10 || c === 12 || c === 13);
    case 'is_whitespace':
      return bool(WHITE_SPACE.has(c));
    case 'len_utf8':
      return mkInt(utf8Width(c));
    case 'to_ascii_lowercase':
      return { kind: 'char', codePoint: upper ? c + 32 : c };
    case 'to_ascii_uppercase':
      return { kind: 'char', codePoint: lower ? c - 32 : c };
    case 'eq_ignore_ascii_case': {
      const other = args[0];
      if (other?.kind !== 'char') return undefined;
      return bool(asciiLower(c) === asciiLower(other.codePoint));
    }
    default:
      return undefined;
  }
}

/** `String`/`&str` methods with spec meaning in vstd (string.rs): `len` is the UTF-8 byte length
 *  (`str::len` returns `spec_bytes().len()`), `is_ascii` is `is_ascii_chars(s@)`, `as_str` keeps the view.
 *  Undefined for the Seq methods a text value shares with its view. */
export function textMethod(chars: readonly Value[], method: string): Res | undefined {
  switch (method) {
    case 'len':
    case 'spec_len': {
      let bytes = 0;
      for (const ch of chars) bytes += ch.kind === 'char' ? utf8Width(ch.codePoint) : 1;
      return mkInt(bytes);
    }
    case 'is_ascii':
      return bool(chars.every((ch) => ch.kind === 'char' && ch.codePoint < 128));
    default:
      return undefined;
  }
}

/** Unicode's White_Space property, as vstd lists it (`is_white_space`). */
const WHITE_SPACE: ReadonlySet<number> = new Set([
  0x9, 0xa, 0xb, 0xc, 0xd, 0x20, 0x85, 0xa0, 0x1680, 0x2000, 0x2001, 0x2002, 0x2003, 0x2004, 0x2005, 0x2006, 0x2007, 0x2008, 0x2009, 0x200a,
  0x2028, 0x2029, 0x202f, 0x205f, 0x3000,
]);

function asciiLower(c: number): number {
  return c >= 65 && c <= 90 ? c + 32 : c;
}

function utf8Width(c: number): number {
  return c < 0x80 ? 1 : c < 0x800 ? 2 : c < 0x10000 ? 3 : 4;
}
