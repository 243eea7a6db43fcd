// Inputs completed so that the `requires`' equalities hold where one side is a place in the inputs: systems code
// keeps ghost state beside exec state and ties them in its well-formedness predicate (`self.seq@ == self.ar@` in
// `self.wf()`, `netc.history() == old_history` for a `Ghost` parameter), which random values almost never meet.
// The equalities are read from the clauses and from the open spec fns they call (unfolded with their parameters
// bound to places), the other side is evaluated on the input as it stands, and the place is set to that value.
// Ghost places are preferred as targets: the ghost mirrors the exec state, not the other way round. The whole
// `requires` is still checked on every completed input, as on any other.

import type { Expr, FnItem, Type } from '../../syntax';
import type { FunctionContract, ModelScope } from '../../model';
import type { Value, ValueType, TypeContext } from '../../eval';
import { adtShape, createSpecContext, evaluateExpr, inRange, valueEquals } from '../../eval';
import type { StackAllowance } from '../../eval';

/** A value inside the inputs: a parameter and the fields below it. */
interface Place {
  readonly root: string;
  readonly fields: readonly string[];
}

/** An expression as some spec fn's body wrote it, with that fn's parameters bound to places of the inputs. */
interface Scoped {
  readonly expr: Expr;
  readonly bindings: ReadonlyMap<string, Place>;
  /** The impl and module the expression's names resolve in. */
  readonly selfTypeName: string | undefined;
  readonly modulePath: readonly string[];
}

export interface CompletionLimits {
  readonly stepBudget: number;
  readonly stackAllowance: StackAllowance;
}

/** The input with each place that some `requires` equality pins set to what the equality says, or undefined when no
 *  equality could be applied. Two passes, so an equality may use a place an earlier one set. */
export function completeByEqualities(
  scope: ModelScope,
  fn: FunctionContract,
  paramTypes: ReadonlyMap<string, ValueType>,
  typeContext: TypeContext,
  inputs: ReadonlyMap<string, Value>,
  limits: CompletionLimits,
): ReadonlyMap<string, Value> | undefined {
  const bindings = parameterPlaces(fn);
  const ghostRoots = new Set(fn.params.filter((param) => isGhostType(param.declaredType)).map((param) => param.name));
  let current = inputs;
  let changed = false;
  for (let pass = 0; pass < COMPLETION_PASSES; pass += 1) {
    const conjuncts: Scoped[] = [];
    for (const clause of fn.requires) {
      const scoped = { expr: clause.clause.expr, bindings, selfTypeName: fn.selfTypeName, modulePath: fn.modulePath };
      collectConjuncts(scope, scoped, current, conjuncts, 0);
    }
    const target = { scope, paramTypes, typeContext, ghostRoots };
    for (const conjunct of conjuncts) {
      const next = applyEquality(target, conjunct, current, limits);
      if (next === undefined) continue;
      current = next;
      changed = true;
    }
  }
  return changed ? current : undefined;
}

/** completeByEqualities over a row of parameter values in `names` order. */
export function completedRow(
  scope: ModelScope,
  fn: FunctionContract,
  types: { readonly params: ReadonlyMap<string, ValueType>; readonly typeContext: TypeContext },
  names: readonly string[],
  values: readonly (Value | undefined)[],
  limits: CompletionLimits,
): readonly (Value | undefined)[] | undefined {
  if (fn.requires.length === 0 || values.some((value) => value === undefined)) return undefined;
  const inputs = new Map(names.map((name, i) => [name, values[i] as Value] as const));
  const done = completeByEqualities(scope, fn, types.params, types.typeContext, inputs, limits);
  return done === undefined ? undefined : names.map((name) => done.get(name));
}

const COMPLETION_PASSES = 2;
/** Spec fns unfolded this deep (`self.wf()` calling `self.inner.wf()`). */
const MAX_UNFOLD_DEPTH = 4;
const MAX_CONJUNCTS = 64;

function parameterPlaces(fn: FunctionContract): Map<string, Place> {
  return new Map(fn.params.map((param) => [param.name, { root: param.name, fields: [] }] as const));
}

/** The conjuncts of `scoped`: `a && b`, `&&&` bullets and parentheses are split, and a call of an open spec fn on
 *  places is replaced by its body's conjuncts. */
function collectConjuncts(scope: ModelScope, scoped: Scoped, inputs: ReadonlyMap<string, Value>, out: Scoped[], depth: number): void {
  if (out.length >= MAX_CONJUNCTS) return;
  const expr = scoped.expr;
  if (expr.kind === 'paren') return collectConjuncts(scope, { ...scoped, expr: expr.inner }, inputs, out, depth);
  if (expr.kind === 'binary' && expr.op === '&&') {
    collectConjuncts(scope, { ...scoped, expr: expr.left }, inputs, out, depth);
    collectConjuncts(scope, { ...scoped, expr: expr.right }, inputs, out, depth);
    return;
  }
  if (expr.kind === 'block' && expr.block.stmts.length === 0 && expr.block.tail !== undefined)
    return collectConjuncts(scope, { ...scoped, expr: expr.block.tail }, inputs, out, depth);
  const unfolded = depth < MAX_UNFOLD_DEPTH ? unfoldCall(scope, scoped, inputs) : undefined;
  if (unfolded !== undefined) return collectConjuncts(scope, unfolded, inputs, out, depth + 1);
  out.push(scoped);
}

/** `recv.wf()` or `wf(a, b)` where the receiver and arguments are places and the callee is a spec fn with a body
 *  of one expression: that body, with the callee's parameters bound to those places. */
function unfoldCall(scope: ModelScope, scoped: Scoped, inputs: ReadonlyMap<string, Value>): Scoped | undefined {
  const expr = scoped.expr;
  let item: FnItem | undefined;
  let selfTypeName: string | undefined;
  let modulePath: readonly string[] = scoped.modulePath;
  let argExprs: readonly Expr[];
  if (expr.kind === 'method-call') {
    const receiver = placeOf(expr.receiver, scoped.bindings);
    const value = receiver === undefined ? undefined : readPlace(inputs, receiver);
    if (value === undefined || (value.kind !== 'struct' && value.kind !== 'enum')) return undefined;
    const resolved = scope.resolveMethod(value.name, expr.method);
    item = resolved?.item;
    selfTypeName = resolved?.selfTypeName;
    modulePath = resolved?.modulePath ?? modulePath;
    argExprs = [expr.receiver, ...expr.args];
  } else if (expr.kind === 'call' && expr.callee.kind === 'path') {
    const resolved = scope.resolveFunction(
      expr.callee.segments.map((segment) => segment.name),
      scoped.selfTypeName,
      scoped.modulePath,
    );
    item = resolved?.item;
    selfTypeName = resolved?.selfTypeName;
    modulePath = resolved?.modulePath ?? modulePath;
    argExprs = expr.args;
  } else return undefined;
  if (item === undefined || item.mode !== 'spec' || item.body === undefined || item.body.stmts.length > 0) return undefined;
  const body = item.body.tail;
  if (body === undefined || item.params.length !== argExprs.length) return undefined;
  const bindings = new Map<string, Place>();
  for (const [index, param] of item.params.entries()) {
    const place = placeOf(argExprs[index] as Expr, scoped.bindings);
    if (place === undefined) return undefined;
    bindings.set(param.isSelf ? 'self' : param.name, place);
  }
  return { expr: body, bindings, selfTypeName, modulePath };
}

/** The place an expression names: a bound name, its fields, and `@` of a place (which is the place itself when
 *  the view is transparent, checked where it is used). */
function placeOf(expr: Expr, bindings: ReadonlyMap<string, Place>): Place | undefined {
  switch (expr.kind) {
    case 'paren':
      return placeOf(expr.inner, bindings);
    case 'path':
      return expr.segments.length === 1 ? bindings.get(expr.segments[0]?.name ?? '') : undefined;
    case 'field': {
      const receiver = placeOf(expr.receiver, bindings);
      return receiver === undefined ? undefined : { root: receiver.root, fields: [...receiver.fields, expr.field] };
    }
    case 'view':
      return placeOf(expr.operand, bindings);
    case 'call':
      // `old(self)` in a requires is the input itself.
      return expr.callee.kind === 'path' &&
        expr.callee.segments.length === 1 &&
        expr.callee.segments[0]?.name === 'old' &&
        expr.args.length === 1
        ? placeOf(expr.args[0] as Expr, bindings)
        : undefined;
    case 'unary':
      return expr.op === '*' ? placeOf(expr.operand, bindings) : undefined;
    default:
      return undefined;
  }
}

/** What a place's type and ghostness are read from. */
interface Inputs {
  readonly scope: ModelScope;
  readonly paramTypes: ReadonlyMap<string, ValueType>;
  readonly typeContext: TypeContext;
  /** Parameters declared `Ghost<..>`/`Tracked<..>`. */
  readonly ghostRoots: ReadonlySet<string>;
}

/** Sets one side of an equality conjunct to the other side's value, when one side is a place. */
function applyEquality(
  shape: Inputs,
  conjunct: Scoped,
  inputs: ReadonlyMap<string, Value>,
  limits: CompletionLimits,
): ReadonlyMap<string, Value> | undefined {
  const { scope, paramTypes, typeContext } = shape;
  const expr = conjunct.expr;
  if (expr.kind !== 'binary' || !EQUALITIES.has(expr.op)) return undefined;
  const left = placeOf(expr.left, conjunct.bindings);
  const right = placeOf(expr.right, conjunct.bindings);
  const leftGhost = left !== undefined && isGhostPlace(shape, inputs, left);
  const rightGhost = right !== undefined && isGhostPlace(shape, inputs, right);
  // The target: a ghost place over an exec one, else the left place.
  const [target, targetExpr, source] =
    right !== undefined && (left === undefined || (rightGhost && !leftGhost))
      ? [right, expr.right, expr.left]
      : [left, expr.left, expr.right];
  if (target === undefined) return undefined;
  const ctx = createSpecContext(scope, {
    stepBudget: limits.stepBudget,
    stackAllowance: limits.stackAllowance,
    modulePath: conjunct.modulePath,
    ...(conjunct.selfTypeName === undefined ? {} : { selfTypeName: conjunct.selfTypeName }),
  });
  const env = { values: boundValues(conjunct.bindings, inputs), mutables: new Map() };
  const wanted = evaluateExpr(ctx, source, env);
  const seen = evaluateExpr(ctx, targetExpr, env);
  const present = readPlace(inputs, target);
  // `@` of the target must give the place's own value (a `Ghost`, a sequence), or setting it would not say `==`.
  if (wanted.kind !== 'value' || seen.kind !== 'value' || present === undefined || !valueEquals(seen.value, present)) return undefined;
  if (valueEquals(wanted.value, present)) return undefined;
  const type = placeType(paramTypes.get(target.root), target.fields, typeContext);
  if (type === undefined || !fits(wanted.value, type)) return undefined;
  return writePlace(inputs, target, wanted.value);
}

const EQUALITIES: ReadonlySet<string> = new Set(['==', '===', '=~=', '=~~=']);

function boundValues(bindings: ReadonlyMap<string, Place>, inputs: ReadonlyMap<string, Value>): Map<string, Value> {
  const values = new Map<string, Value>();
  for (const [name, place] of bindings) {
    const value = readPlace(inputs, place);
    if (value !== undefined) values.set(name, value);
  }
  return values;
}

function readPlace(inputs: ReadonlyMap<string, Value>, place: Place): Value | undefined {
  let value = inputs.get(place.root);
  for (const field of place.fields) {
    if (value === undefined || value.kind !== 'struct') return undefined;
    value = value.fields.find(([name]) => name === field)?.[1];
  }
  return value;
}

function writePlace(inputs: ReadonlyMap<string, Value>, place: Place, value: Value): ReadonlyMap<string, Value> | undefined {
  const root = inputs.get(place.root);
  if (root === undefined) return undefined;
  const written = writeFields(root, place.fields, value);
  if (written === undefined) return undefined;
  const next = new Map(inputs);
  next.set(place.root, written);
  return next;
}

function writeFields(target: Value, fields: readonly string[], value: Value): Value | undefined {
  const [first, ...rest] = fields;
  if (first === undefined) return value;
  if (target.kind !== 'struct') return undefined;
  const index = target.fields.findIndex(([name]) => name === first);
  const inner = target.fields[index]?.[1];
  const written = inner === undefined ? undefined : writeFields(inner, rest, value);
  if (written === undefined) return undefined;
  const copy = [...target.fields];
  copy[index] = [first, written];
  return { ...target, fields: copy };
}

/** A parameter declared `Ghost<..>`/`Tracked<..>` or a struct field of such a type. */
function isGhostPlace(shape: Inputs, inputs: ReadonlyMap<string, Value>, place: Place): boolean {
  const last = place.fields[place.fields.length - 1];
  if (last === undefined) return shape.ghostRoots.has(place.root);
  const owner = readPlace(inputs, { root: place.root, fields: place.fields.slice(0, -1) });
  if (owner === undefined || owner.kind !== 'struct') return false;
  const datatype = shape.scope.datatype(owner.name);
  if (datatype?.kind !== 'struct' || datatype.fields.kind === 'unit') return false;
  const field = datatype.fields.fields.find((candidate) => candidate.name === last);
  return field !== undefined && isGhostType(field.type);
}

function isGhostType(type: Type): boolean {
  const head = type.kind === 'path' ? type.segments[type.segments.length - 1]?.name : undefined;
  return head === 'Ghost' || head === 'Tracked';
}

function placeType(type: ValueType | undefined, fields: readonly string[], ctx: TypeContext): ValueType | undefined {
  let current = type;
  for (const field of fields) {
    if (current === undefined || current.kind !== 'adt') return undefined;
    const shape = adtShape(current, ctx);
    if (shape?.kind !== 'struct') return undefined;
    current = shape.fields.fields.find((candidate) => candidate.name === field)?.type;
  }
  return current;
}

/** Whether a value the contract computed can stand in a place of this type: integers in range, sequences of a
 *  fixed length at that length, elements alike; other kinds are taken as the evaluator made them. */
function fits(value: Value, type: ValueType): boolean {
  if (type.kind === 'int') return value.kind === 'int' && inRange(value.value, type.int);
  if (type.kind === 'seq') {
    if (value.kind !== 'seq') return false;
    if (type.length !== undefined && value.elements.length !== type.length) return false;
    return value.elements.every((element) => fits(element, type.element));
  }
  if (type.kind === 'bool') return value.kind === 'bool';
  return value.kind !== 'int' && value.kind !== 'bool';
}
