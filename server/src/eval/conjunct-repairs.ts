// Generated inputs repaired toward a `requires`: a conjunct other than an equality (ghost-completion.ts sets those)
// that is false of the values as drawn is made true by changing one place it names. A well-formedness predicate of
// systems code is mostly such facts (`self.metadata.name is Some`, `self.len <= N`, `self.free.contains(i)`,
// `labels.len() > 0`, `va & !MASK == 0`: bit-repairs.ts), and random values meet all of them at once almost never. A
// repair writes a plain value that makes its conjunct hold (an integer inside the bound, a variant with plain fields,
// one more element); the evaluator still decides the whole `requires` on what comes out, so a repair that breaks
// another conjunct costs a row, never a verdict.

import type { ComparisonOp, Expr, Pattern } from '../syntax';
import type { Value } from './value';
import type { ValueType } from './value-type';
import type { TypeContext } from './type-resolution';
import { adtShape } from './type-resolution';
import type { Place } from './ghost-places';
import { readPlace } from './ghost-places';
import { plainFields, plainValue } from './plain-values';
import { hasShapeOf, valueEquals } from './value-ops';
import { bitRepair, bitView } from './bit-repairs';

/** How one conjunct's places are named, read, typed and written (ghost-completion.ts builds it per conjunct). */
export interface ConjunctTools {
  readonly inputs: ReadonlyMap<string, Value>;
  readonly typeContext: TypeContext | undefined;
  /** The expression's value on the inputs as they stand; undefined when not decided. */
  evaluate(expr: Expr): Value | undefined;
  /** The settable place the expression names. */
  place(expr: Expr): Place | undefined;
  isGhost(place: Place): boolean;
  typeOf(place: Place): ValueType | undefined;
  /** The inputs with the place set, when the value fits its type. */
  write(place: Place, value: Value): ReadonlyMap<string, Value> | undefined;
}

type Values = ReadonlyMap<string, Value>;

/** The inputs with `conjunct` made true by one write, when it is false of them and a repair applies. */
export function repairedValues(conjunct: Expr, tools: ConjunctTools): Values | undefined {
  // Evaluating a conjunct costs as much as the requires check itself (a `forall` over a heap, a recursive
  // `fibo(n) <= MAX`): only those some repair could write are evaluated.
  return mayRepair(conjunct, tools, 0) ? repair(conjunct, true, tools, 0) : undefined;
}

/** Whether some repair below could apply to `expr`: its shape, and for a comparison or a bool a side that names a
 *  place (`tools.place`, as the repair itself asks it), read without evaluating the conjunct. */
function mayRepair(expr: Expr, tools: ConjunctTools, depth: number): boolean {
  if (depth > MAX_DEPTH) return false;
  switch (expr.kind) {
    case 'paren':
      return mayRepair(expr.inner, tools, depth + 1);
    case 'unary':
      return expr.op === '!' && mayRepair(expr.operand, tools, depth + 1);
    case 'is':
    case 'matches':
      return true;
    case 'method-call':
      return MEMBERSHIPS.has(expr.method) || (variantTest(expr.method) !== undefined && expr.args.length === 0);
    case 'binary':
      if (expr.op === '||' || expr.op === '&&') return mayRepair(expr.left, tools, depth + 1) || mayRepair(expr.right, tools, depth + 1);
      return COMPARISONS.has(expr.op) && (comparedPlace(expr.left, tools) || comparedPlace(expr.right, tools));
    case 'quantifier':
      return inclusion(expr) !== undefined;
    default:
      return tools.place(expr) !== undefined;
  }
}

/** A side of a comparison a repair writes: a place, or a place's `len()`. */
function comparedPlace(side: Expr, tools: ConjunctTools): boolean {
  const target = side.kind === 'method-call' && side.method === 'len' && side.args.length === 0 ? side.receiver : side;
  return tools.place(target) !== undefined || bitView(side, tools) !== undefined;
}

const MEMBERSHIPS: ReadonlySet<string> = new Set(['contains', 'contains_key', 'contains_pair']);

const MAX_DEPTH = 8;

function repair(expr: Expr, wanted: boolean, tools: ConjunctTools, depth: number): Values | undefined {
  if (depth > MAX_DEPTH) return undefined;
  const now = tools.evaluate(expr);
  if (now?.kind !== 'bool' || now.value === wanted) return undefined;
  switch (expr.kind) {
    case 'paren':
      return repair(expr.inner, wanted, tools, depth + 1);
    case 'unary':
      return expr.op === '!' ? repair(expr.operand, !wanted, tools, depth + 1) : undefined;
    case 'is':
      return variantRepair(expr.operand, expr.variant, wanted !== expr.negated, tools);
    case 'matches': {
      const variant = irrefutableVariant(expr.pattern);
      return variant === undefined ? undefined : variantRepair(expr.operand, variant, wanted, tools);
    }
    case 'method-call':
      return methodRepair(expr, wanted, tools);
    case 'binary':
      return binaryRepair(expr, wanted, tools, depth);
    case 'quantifier':
      return wanted && expr.quantifier === 'forall' ? inclusionRepair(expr, tools) : undefined;
    default: {
      const place = tools.place(expr);
      return place === undefined ? undefined : tools.write(place, { kind: 'bool', value: wanted });
    }
  }
}

function binaryRepair(expr: Extract<Expr, { kind: 'binary' }>, wanted: boolean, tools: ConjunctTools, depth: number): Values | undefined {
  // `a || b` made true through the first side that can be; `!(a && b)` likewise through either side made false.
  if ((expr.op === '||' && wanted) || (expr.op === '&&' && !wanted))
    return repair(expr.left, wanted, tools, depth + 1) ?? repair(expr.right, wanted, tools, depth + 1);
  if (expr.op === '&&' && wanted) {
    const left = repair(expr.left, true, tools, depth + 1);
    return left ?? repair(expr.right, true, tools, depth + 1);
  }
  const op = wanted ? expr.op : NEGATED.get(expr.op);
  if (op === undefined || !COMPARISONS.has(op)) return undefined;
  return compareRepair(expr.left, op, expr.right, tools) ?? compareRepair(expr.right, MIRRORED.get(op) ?? op, expr.left, tools);
}

const COMPARISONS: ReadonlySet<string> = new Set(['<', '<=', '>', '>=', '==', '!=']);
const NEGATED: ReadonlyMap<string, string> = new Map([
  ['<', '>='],
  ['<=', '>'],
  ['>', '<='],
  ['>=', '<'],
  ['==', '!='],
  ['!=', '=='],
]);
const MIRRORED: ReadonlyMap<string, string> = new Map([
  ['<', '>'],
  ['<=', '>='],
  ['>', '<'],
  ['>=', '<='],
]);

/** `target op bound` made true by setting the place `target` names (an integer, or a collection's length). */
function compareRepair(target: Expr, op: string, bound: Expr, tools: ConjunctTools): Values | undefined {
  const limit = tools.evaluate(bound);
  if (limit?.kind !== 'int') return op === '==' ? equalRepair(target, limit, tools) : undefined;
  const value = nearest(op, limit.value);
  if (value === undefined) return undefined;
  const bits = bitView(target, tools);
  if (bits !== undefined) return bitRepair(bits, op as ComparisonOp, limit.value, value, tools);
  if (target.kind === 'method-call' && target.method === 'len' && target.args.length === 0)
    return lengthRepair(target.receiver, value, tools);
  const place = tools.place(target);
  const present = place === undefined ? undefined : readPlace(tools.inputs, place);
  if (place === undefined || present?.kind !== 'int') return undefined;
  // Rows repaired to the bound itself would all be alike: a value inside it by as much as the drawn one was outside
  // (up to SPREAD), where the type holds it.
  const inside = value + (op === '<' || op === '<=' ? -1n : 1n) * (abs(present.value - limit.value) % SPREAD);
  return (op === '==' ? undefined : tools.write(place, { kind: 'int', value: inside })) ?? tools.write(place, { kind: 'int', value });
}

const SPREAD = 16n;

function abs(value: bigint): bigint {
  return value < 0n ? -value : value;
}

function equalRepair(target: Expr, value: Value | undefined, tools: ConjunctTools): Values | undefined {
  const place = value === undefined ? undefined : tools.place(target);
  return place === undefined || value === undefined ? undefined : tools.write(place, value);
}

/** The integer nearest the bound that meets `op bound`. */
function nearest(op: string, bound: bigint): bigint | undefined {
  switch (op) {
    case '<':
      return bound - 1n;
    case '>':
    case '!=':
      return bound + 1n;
    case '<=':
    case '>=':
    case '==':
      return bound;
    default:
      return undefined;
  }
}

/** The collection at `receiver` cut or grown to `length` (plain elements; a set or map grows by one new key). */
function lengthRepair(receiver: Expr, length: bigint, tools: ConjunctTools): Values | undefined {
  const place = tools.place(receiver);
  const present = place === undefined ? undefined : readPlace(tools.inputs, place);
  const type = place === undefined ? undefined : tools.typeOf(place);
  if (place === undefined || present === undefined || type === undefined || tools.typeContext === undefined || length < 0n)
    return undefined;
  const wanted = Number(length);
  if (present.kind === 'seq' && type.kind === 'seq' && wanted <= MAX_GROWN_LENGTH) {
    if (wanted < present.elements.length) return tools.write(place, { ...present, elements: present.elements.slice(0, wanted) });
    const padding = plainValue(type.element, tools.typeContext);
    if (padding === undefined) return undefined;
    const elements = [...present.elements, ...new Array<Value>(wanted - present.elements.length).fill(padding)];
    return tools.write(place, { ...present, elements });
  }
  if (present.kind === 'set' && type.kind === 'set' && wanted === present.elements.length + 1) {
    const key = plainValue(type.element, tools.typeContext);
    if (key === undefined || present.elements.some((element) => valueEquals(element, key))) return undefined;
    return tools.write(place, { kind: 'set', elements: [...present.elements, key] });
  }
  if (present.kind === 'map' && type.kind === 'map' && wanted === present.entries.length + 1) {
    const key = plainValue(type.key, tools.typeContext);
    const value = plainValue(type.value, tools.typeContext);
    if (key === undefined || value === undefined || present.entries.some(([k]) => valueEquals(k, key))) return undefined;
    return tools.write(place, { kind: 'map', entries: [...present.entries, [key, value]] });
  }
  return undefined;
}

/** Longest sequence a length repair builds. */
const MAX_GROWN_LENGTH = 1 << 12;

/** `x.is_Some()`, `x.is_none()`, `s.contains(v)`, `m.dom().contains(k)`, `m.contains_key(k)`,
 *  `m.contains_pair(k, v)`. */
function methodRepair(expr: Extract<Expr, { kind: 'method-call' }>, wanted: boolean, tools: ConjunctTools): Values | undefined {
  const variant = variantTest(expr.method);
  if (variant !== undefined && expr.args.length === 0) return variantRepair(expr.receiver, variant, wanted, tools);
  const [first, second] = expr.args;
  if (expr.method === 'contains' && first !== undefined && expr.args.length === 1) {
    const receiver = expr.receiver;
    if (receiver.kind === 'method-call' && receiver.method === 'dom' && receiver.args.length === 0)
      return keyRepair(receiver.receiver, first, undefined, wanted, tools);
    return memberRepair(receiver, first, wanted, tools);
  }
  if (expr.method === 'contains_key' && first !== undefined && expr.args.length === 1)
    return keyRepair(expr.receiver, first, undefined, wanted, tools);
  if (expr.method === 'contains_pair' && first !== undefined && second !== undefined && wanted)
    return keyRepair(expr.receiver, first, second, wanted, tools);
  return undefined;
}

/** The variant `is_Some`/`is_some`/`is_Foo` tests (Verus's older spelling of `is Foo`). */
function variantTest(method: string): string | undefined {
  if (!method.startsWith('is_') || method.length <= 3) return undefined;
  const name = method.slice(3);
  return name.charAt(0).toUpperCase() + name.slice(1);
}

/** `v` put in or taken out of the set or sequence at `receiver`. */
function memberRepair(receiver: Expr, member: Expr, wanted: boolean, tools: ConjunctTools): Values | undefined {
  const place = tools.place(receiver);
  const present = place === undefined ? undefined : readPlace(tools.inputs, place);
  const type = place === undefined ? undefined : tools.typeOf(place);
  const value = tools.evaluate(member);
  if (place === undefined || present === undefined || value === undefined) return undefined;
  if (present.kind === 'set' && (type === undefined || (type.kind === 'set' && hasShapeOf(value, type.element))))
    return tools.write(place, {
      kind: 'set',
      elements: wanted ? [...present.elements, value] : present.elements.filter((element) => !valueEquals(element, value)),
    });
  if (present.kind === 'seq' && type?.kind === 'seq' && type.length === undefined && hasShapeOf(value, type.element))
    return tools.write(place, {
      ...present,
      elements: wanted ? [...present.elements, value] : present.elements.filter((element) => !valueEquals(element, value)),
    });
  return undefined;
}

/** Key `k` put in (with the value `v`, or a plain one) or taken out of the map at `receiver`. */
function keyRepair(receiver: Expr, keyExpr: Expr, valueExpr: Expr | undefined, wanted: boolean, tools: ConjunctTools): Values | undefined {
  const place = tools.place(receiver);
  const present = place === undefined ? undefined : readPlace(tools.inputs, place);
  const type = place === undefined ? undefined : tools.typeOf(place);
  const key = tools.evaluate(keyExpr);
  if (place === undefined || present?.kind !== 'map' || type?.kind !== 'map' || key === undefined || !hasShapeOf(key, type.key))
    return undefined;
  const others = present.entries.filter(([k]) => !valueEquals(k, key));
  if (!wanted) return tools.write(place, { kind: 'map', entries: others });
  const value =
    valueExpr === undefined
      ? tools.typeContext === undefined
        ? undefined
        : plainValue(type.value, tools.typeContext)
      : tools.evaluate(valueExpr);
  if (value === undefined || !hasShapeOf(value, type.value)) return undefined;
  return tools.write(place, { kind: 'map', entries: [...others, [key, value]] });
}

/** The enum at `operand` set to `variant` with plain fields (`wanted`), or to another variant (`!wanted`). */
function variantRepair(operand: Expr, variant: string, wanted: boolean, tools: ConjunctTools): Values | undefined {
  const place = tools.place(operand);
  const present = place === undefined ? undefined : readPlace(tools.inputs, place);
  const type = place === undefined ? undefined : tools.typeOf(place);
  if (place === undefined || present?.kind !== 'enum' || type?.kind !== 'adt' || tools.typeContext === undefined) return undefined;
  const shape = adtShape(type, tools.typeContext);
  if (shape?.kind !== 'enum') return undefined;
  for (const candidate of shape.variants) {
    if ((candidate.name === variant) !== wanted) continue;
    const fields = plainFields(candidate.fields, tools.typeContext, 0);
    if (fields !== undefined) return tools.write(place, { kind: 'enum', name: shape.name, variant: candidate.name, fields });
  }
  return undefined;
}

/** The variant a pattern names when every part of it matches anything (`Some(j)`, `Foo { .. }`, `None`). */
function irrefutableVariant(pattern: Pattern): string | undefined {
  const name = (path: readonly { readonly name: string }[]): string | undefined => path[path.length - 1]?.name;
  const matchesAll = (inner: Pattern): boolean =>
    inner.kind === 'wild' || inner.kind === 'rest' || (inner.kind === 'binding' && inner.subpattern === undefined);
  switch (pattern.kind) {
    case 'path':
      return name(pattern.path);
    case 'tuple-struct':
      return pattern.elements.every(matchesAll) ? name(pattern.path) : undefined;
    case 'struct':
      return pattern.fields.every((field) => matchesAll(field.pattern)) ? name(pattern.path) : undefined;
    default:
      return undefined;
  }
}

/** `forall |k, v| a.contains_pair(k, v) ==> b.contains_pair(k, v)` (or `contains`, `contains_key` of its binders):
 *  the collection at `b` given what `a` holds that it lacks. A selector's labels all among an object's. */
function inclusionRepair(expr: Extract<Expr, { kind: 'quantifier' }>, tools: ConjunctTools): Values | undefined {
  const shape = inclusion(expr);
  const source = shape === undefined ? undefined : tools.evaluate(shape.from);
  const place = shape === undefined ? undefined : tools.place(shape.to);
  const present = place === undefined ? undefined : readPlace(tools.inputs, place);
  if (place === undefined || present === undefined || source === undefined) return undefined;
  if (source.kind === 'map' && present.kind === 'map') {
    const kept = present.entries.filter(([key]) => !source.entries.some(([added]) => valueEquals(added, key)));
    return tools.write(place, { kind: 'map', entries: [...kept, ...source.entries] });
  }
  if (source.kind === 'set' && present.kind === 'set') {
    const added = source.elements.filter((element) => !present.elements.some((held) => valueEquals(held, element)));
    return tools.write(place, { kind: 'set', elements: [...present.elements, ...added] });
  }
  return undefined;
}

/** The two collections of an inclusion `forall` (read from its syntax alone), or undefined for any other. */
function inclusion(expr: Extract<Expr, { kind: 'quantifier' }>): { readonly from: Expr; readonly to: Expr } | undefined {
  const body = expr.body.kind === 'paren' ? expr.body.inner : expr.body;
  if (expr.quantifier !== 'forall' || body.kind !== 'binary' || body.op !== '==>') return undefined;
  const binders = expr.binders.map((binder) => binder.name);
  const membership = (side: Expr): { readonly method: string; readonly of: Expr } | undefined => {
    const call = side.kind === 'paren' ? side.inner : side;
    if (call.kind !== 'method-call' || !MEMBERSHIPS.has(call.method) || call.args.length !== binders.length) return undefined;
    const binds = call.args.every((arg, i) => arg.kind === 'path' && arg.segments.length === 1 && arg.segments[0]?.name === binders[i]);
    return binds ? { method: call.method, of: call.receiver } : undefined;
  };
  const from = membership(body.left);
  const to = membership(body.right);
  return from === undefined || to === undefined || from.method !== to.method ? undefined : { from: from.of, to: to.of };
}
