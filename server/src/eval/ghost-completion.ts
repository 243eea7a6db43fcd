// Values completed so that a contract's equalities hold where one side is a place in them. Systems code keeps ghost
// state beside exec state and ties them in its well-formedness predicate (`self.seq@ == self.ar@` in `self.wf()`,
// `netc.history() == old_history` for a `Ghost` parameter), which random values almost never meet; and an
// `external_body` fn's ghost effects are what its `ensures` says (`self.seq@ =~= old(self).seq@.update(i, v)`), not
// what its body does. The equalities are read from the clauses and from the open spec fns they call (unfolded with
// their parameters bound to places), the other side is evaluated on the values as they stand, and the place is set
// to that value. Ghost places are preferred as targets (the ghost mirrors the exec state, not the other way round),
// and for a trusted fn's ensures only ghost places are set: its exec effects are its body's. Callers still check the
// whole contract on what comes out.

import type { Expr, FnItem, Type } from '../syntax';
import type { FunctionContract, ModelScope } from '../model';
import type { Value } from './value';
import type { ValueType } from './value-type';
import type { TypeContext } from './type-resolution';
import type { Place } from './ghost-places';
import {
  accessorPlace,
  isGhostPlace,
  isGhostType,
  bindPatternPlaces,
  blockBindings,
  entryRoot,
  placeOf,
  placeType,
  readPlace,
  withTextOf,
  wrappedCollectionPlace,
  writePlace,
} from './ghost-places';
import type { ConjunctTools } from './conjunct-repairs';
import { repairedValues } from './conjunct-repairs';
import { createSpecContext } from './spec/spec-context';
import type { SpecContext, StackAllowance } from './spec/spec-context';
import { evaluateExpr } from './spec/entry-points';
import { hasShapeOf, valueEquals } from './value-ops';
import { plainValue } from './plain-values';
import { constInstantiation } from './function-type-context';

/** An expression as some spec fn's body wrote it, with that fn's parameters bound to places of the inputs. */
interface Scoped {
  readonly expr: Expr;
  readonly bindings: ReadonlyMap<string, Place>;
  /** The impl and module the expression's names resolve in. */
  readonly selfTypeName: string | undefined;
  readonly modulePath: readonly string[];
  /** Read from the body of a spec fn the clauses call (`self.wf()`), not written in the clauses themselves. */
  readonly inPredicate?: boolean;
}

export interface CompletionLimits {
  readonly stepBudget: number;
  readonly stackAllowance: StackAllowance;
}

/** Where the clauses are read: the names they bind to values, the impl and module their names resolve in. */
export interface CompletionSite {
  readonly clauses: readonly Expr[];
  /** The names bound to values (parameters, and for an ensures the return name), with their declared types. */
  readonly names: readonly { readonly name: string; readonly declaredType: Type | undefined }[];
  readonly selfTypeName: string | undefined;
  readonly modulePath: readonly string[];
  /** The value types of the names where known: a completed value must fit its place's type. */
  readonly valueTypes?: ReadonlyMap<string, ValueType>;
  readonly typeContext?: TypeContext;
  /** An ensures: each `&mut` parameter's value at entry, which `old(x)` reads (then `old(x)` is no place). */
  readonly old?: ReadonlyMap<string, Value>;
  /** Names whose values are given and never set: a call's arguments other than `&mut` ones (a trusted callee's
   *  `self@.name == name.deep_view()` sets its result, not its `&self`). */
  readonly fixed?: ReadonlySet<string>;
  /** Only ghost places are set (a trusted fn's ensures: its exec effects are its body's). */
  readonly ghostOnly?: boolean;
  /** `s.len() == n` sets the length of the sequence at place `s`, cutting it or padding it with plain values of its
   *  element type (valueTypes must give it): a trusted callee's result built from nothing (`ret.wf()` saying
   *  `self.seq@.len() == N`). */
  readonly resizes?: boolean;
  /** Conjuncts other than equalities are made to hold too where one side is a place (conjunct-repairs.ts): a
   *  generated input meeting `self.name is Some`, `self.len <= N`, `self.keys.contains(k)`. Never for an ensures,
   *  which says what a call did, not what it could have done. */
  readonly repairs?: boolean;
  /** Const generic parameters the clauses read (`N` in `self.seq@.len() == N`), when the caller knows them. */
  readonly constParams?: ReadonlyMap<string, bigint>;
}

/** The values with each place that some equality of the site pins set to what the equality says, or undefined
 *  when none could be applied. Two passes, so an equality may use a place an earlier one set. */
export function completeByEqualities(
  scope: ModelScope,
  site: CompletionSite,
  values: ReadonlyMap<string, Value>,
  limits: CompletionLimits,
): ReadonlyMap<string, Value> | undefined {
  const completion = completeAndPin(scope, site, values, limits);
  return completion.changed ? completion.values : undefined;
}

export interface Completion {
  readonly values: ReadonlyMap<string, Value>;
  readonly changed: boolean;
  /** The places some equality pinned, set or already holding the value it says. */
  readonly pinned: readonly Place[];
}

/** As completeByEqualities, and says which places the equalities pinned: what a trusted call's `ensures`
 *  determines of a value it does not compute (an uninterpreted observation). */
export function completeAndPin(
  scope: ModelScope,
  site: CompletionSite,
  values: ReadonlyMap<string, Value>,
  limits: CompletionLimits,
): Completion {
  const bindings = new Map(site.names.map(({ name }) => [name, { root: name, fields: [] }] as const));
  const ghostRoots = new Set(
    site.names.filter(({ declaredType }) => declaredType !== undefined && isGhostType(declaredType)).map(({ name }) => name),
  );
  const shape: Inputs = { scope, site, ghostRoots };
  const entries = [...(site.old ?? [])].map(([name, value]) => [entryRoot(name), value] as const);
  let current: ReadonlyMap<string, Value> = entries.length === 0 ? values : new Map([...values, ...entries]);
  let changed = false;
  const pinned: Place[] = [];
  // A pass that changes nothing leaves the next one the same values, so it is the last.
  let repaired = false;
  let passChanged = true;
  for (let pass = 0; passChanged && pass < (repaired ? REPAIR_PASSES : COMPLETION_PASSES); pass += 1) {
    passChanged = false;
    const conjuncts: Scoped[] = [];
    for (const expr of site.clauses) {
      const scoped = { expr, bindings, selfTypeName: site.selfTypeName, modulePath: site.modulePath };
      collectConjuncts(scope, site, scoped, current, conjuncts, 0, limits);
    }
    for (const conjunct of conjuncts) {
      const tools = conjunctTools(shape, conjunct, current, limits);
      const applied = applyEquality(shape, conjunct, tools, limits);
      if (applied !== undefined) pinned.push(applied.pinned);
      // Repairs only inside a datatype's predicates: the clauses as written are read as a shape (shape-reader.ts),
      // whose rows spread over the whole range a repair would pin to its edge.
      const repairable = site.repairs === true && conjunct.inPredicate === true && applied === undefined;
      const repair = applied?.next === undefined && repairable ? repairedValues(conjunct.expr, tools) : undefined;
      const next = applied?.next ?? repair;
      if (next === undefined) continue;
      repaired ||= repair !== undefined;
      current = next;
      changed = true;
      passChanged = true;
    }
  }
  const done = new Map(current);
  for (const [root] of entries) done.delete(root);
  return { values: done, changed, pinned };
}

/** A generated row of parameter values (in `names` order) completed by the function's `requires`; with `resizes`,
 *  its length equations cut or pad sequences too, and with `repairs` its other conjuncts are made to hold where
 *  one write can (conjunct-repairs.ts). */
export function completedRow(
  scope: ModelScope,
  fn: FunctionContract,
  types: { readonly params: ReadonlyMap<string, ValueType>; readonly typeContext: TypeContext },
  names: readonly string[],
  values: readonly (Value | undefined)[],
  limits: CompletionLimits,
  options: {
    readonly resizes?: boolean;
    readonly repairs?: boolean;
    /** Clauses every input meets besides the `requires`: its parameters' type invariants (`self.well_formed()`). */
    readonly invariants?: readonly Expr[];
  } = {},
): readonly (Value | undefined)[] | undefined {
  const clauses = [...fn.requires.map((clause) => clause.clause.expr), ...(options.invariants ?? [])];
  if (clauses.length === 0 || values.some((value) => value === undefined)) return undefined;
  const site: CompletionSite = {
    ...(options.resizes === undefined ? {} : { resizes: options.resizes }),
    ...(options.repairs === undefined ? {} : { repairs: options.repairs }),
    constParams: constInstantiation(fn, scope),
    clauses,
    names: fn.params.map((param) => ({ name: param.name, declaredType: param.declaredType })),
    selfTypeName: fn.selfTypeName,
    modulePath: fn.modulePath,
    valueTypes: types.params,
    typeContext: types.typeContext,
  };
  const inputs = new Map(names.map((name, i) => [name, values[i] as Value] as const));
  const done = completeByEqualities(scope, site, inputs, limits);
  return done === undefined ? undefined : names.map((name) => done.get(name));
}

const COMPLETION_PASSES = 2;
/** Repairs may undo one another's work (a length padded, then an element set): one more pass once one applied. */
const REPAIR_PASSES = 3;
/** Spec fns unfolded this deep (`self.wf()` calling `self.inner.wf()`). */
const MAX_UNFOLD_DEPTH = 4;
const MAX_CONJUNCTS = 64;

/** The conjuncts of `scoped`: `a && b`, `&&&` bullets and parentheses are split, and a call of an open spec fn on
 *  places is replaced by its body's conjuncts. */
function collectConjuncts(
  scope: ModelScope,
  site: CompletionSite,
  scoped: Scoped,
  inputs: ReadonlyMap<string, Value>,
  out: Scoped[],
  depth: number,
  limits: CompletionLimits,
): void {
  if (out.length >= MAX_CONJUNCTS) return;
  const expr = scoped.expr;
  if (expr.kind === 'paren') return collectConjuncts(scope, site, { ...scoped, expr: expr.inner }, inputs, out, depth, limits);
  if (expr.kind === 'binary' && expr.op === '&&') {
    collectConjuncts(scope, site, { ...scoped, expr: expr.left }, inputs, out, depth, limits);
    collectConjuncts(scope, site, { ...scoped, expr: expr.right }, inputs, out, depth, limits);
    return;
  }
  // `r is Some ==> r->0 == x`: the consequent's equalities pin where the antecedent holds of the values as they are.
  if (expr.kind === 'binary' && expr.op === '==>') {
    const antecedent = evaluateExpr(
      conjunctSpecContext(scope, site, scoped, limits),
      expr.left,
      specEnv(scoped.bindings, inputs, site.old),
    );
    if (antecedent.kind === 'value' && antecedent.value.kind === 'bool' && antecedent.value.value)
      collectConjuncts(scope, site, { ...scoped, expr: expr.right }, inputs, out, depth, limits);
    return;
  }
  if (expr.kind === 'block') {
    const bound = blockBindings(expr.block, scoped.bindings, inputs, site.old === undefined);
    if (bound !== undefined) return collectConjuncts(scope, site, { ...scoped, ...bound }, inputs, out, depth, limits);
  }
  // `if c { a } else { b }`: the branch the condition takes on the values as they are.
  if (expr.kind === 'if' && expr.condition.kind !== 'let-condition') {
    const condition = evaluateExpr(
      conjunctSpecContext(scope, site, scoped, limits),
      expr.condition,
      specEnv(scoped.bindings, inputs, site.old),
    );
    if (condition.kind === 'value' && condition.value.kind === 'bool') {
      const branch: Expr | undefined = condition.value.value ? { kind: 'block', block: expr.then, span: expr.then.span } : expr.else;
      if (branch !== undefined) collectConjuncts(scope, site, { ...scoped, expr: branch }, inputs, out, depth, limits);
      return;
    }
  }
  // `match (a, b) { (Some(x), None) => .., .. }`: the arm the values take, its bindings bound to the places they name.
  if (expr.kind === 'match') {
    const arm = matchedArm(scope, site, scoped, expr, inputs, limits);
    if (arm !== undefined) return collectConjuncts(scope, site, arm, inputs, out, depth, limits);
  }
  const unfolded = depth < MAX_UNFOLD_DEPTH ? unfoldCall(scope, site, scoped, inputs) : undefined;
  if (unfolded !== undefined) return collectConjuncts(scope, site, unfolded, inputs, out, depth + 1, limits);
  out.push(scoped);
}

/** The body of the first arm of `expr` whose pattern the scrutinee's value matches (arms with guards are not read),
 *  with the pattern's bindings bound to the places they name; undefined when a binding names no place. */
function matchedArm(
  scope: ModelScope,
  site: CompletionSite,
  scoped: Scoped,
  expr: Extract<Expr, { kind: 'match' }>,
  inputs: ReadonlyMap<string, Value>,
  limits: CompletionLimits,
): Scoped | undefined {
  const ctx = conjunctSpecContext(scope, site, scoped, limits);
  const env = specEnv(scoped.bindings, inputs, site.old);
  for (const arm of expr.arms) {
    if (arm.guard !== undefined) return undefined;
    const test: Expr = { kind: 'matches', operand: expr.scrutinee, pattern: arm.pattern, span: arm.span };
    const taken = evaluateExpr(ctx, test, env);
    if (taken.kind !== 'value' || taken.value.kind !== 'bool') return undefined;
    if (!taken.value.value) continue;
    const bindings = new Map(scoped.bindings);
    const place = (operand: Expr): Place | undefined => placeOf(operand, scoped.bindings, site.old === undefined, inputs);
    return bindPatternPlaces(arm.pattern, expr.scrutinee, place, bindings) ? { ...scoped, expr: arm.body, bindings } : undefined;
  }
  return undefined;
}

/** `recv.wf()` or `wf(a, b)` where the receiver and arguments are places and the callee is a spec fn with a body
 *  of one expression: that body, with the callee's parameters bound to those places. */
function unfoldCall(scope: ModelScope, site: CompletionSite, scoped: Scoped, inputs: ReadonlyMap<string, Value>): Scoped | undefined {
  const expr = scoped.expr;
  let item: FnItem | undefined;
  let selfTypeName: string | undefined;
  let modulePath: readonly string[] = scoped.modulePath;
  let argExprs: readonly Expr[];
  if (expr.kind === 'method-call') {
    const receiver = placeOf(expr.receiver, scoped.bindings, site.old === undefined, inputs);
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
  if (item === undefined || item.mode !== 'spec' || item.body === undefined || item.body.tail === undefined) return undefined;
  const body: Expr = item.body.stmts.length === 0 ? item.body.tail : { kind: 'block', block: item.body, span: item.body.span };
  if (item.params.length !== argExprs.length) return undefined;
  const bindings = new Map<string, Place>();
  for (const [index, param] of item.params.entries()) {
    const place = placeOf(argExprs[index] as Expr, scoped.bindings, site.old === undefined, inputs);
    if (place === undefined) return undefined;
    bindings.set(param.isSelf ? 'self' : param.name, place);
  }
  return { expr: body, bindings, selfTypeName, modulePath, inPredicate: true };
}

/** What a place's type and ghostness are read from. */
interface Inputs {
  readonly scope: ModelScope;
  readonly site: CompletionSite;
  /** Names declared `Ghost<..>`/`Tracked<..>`. */
  readonly ghostRoots: ReadonlySet<string>;
}

/** How a conjunct's places are named, read, typed and written, for its equalities and its repairs. */
function conjunctTools(shape: Inputs, conjunct: Scoped, inputs: ReadonlyMap<string, Value>, limits: CompletionLimits): ConjunctTools {
  const { scope, site } = shape;
  // Built only for a conjunct that gets as far as evaluating (an index in a place, or the sides).
  let evaluation: { readonly ctx: SpecContext; readonly env: ReturnType<typeof specEnv> } | undefined;
  const evaluate = (operand: Expr): ReturnType<typeof evaluateExpr> => {
    evaluation ??= { ctx: conjunctSpecContext(scope, site, conjunct, limits), env: specEnv(conjunct.bindings, inputs, site.old) };
    return evaluateExpr(evaluation.ctx, operand, evaluation.env);
  };
  const indexOf = (index: Expr): bigint | undefined => {
    const evaluated = evaluate(index);
    return evaluated.kind === 'value' && evaluated.value.kind === 'int' ? evaluated.value.value : undefined;
  };
  const accessor = (receiver: Place, method: string): Place | undefined => accessorPlace(scope, inputs, receiver, method);
  const wrapped = (receiver: Place): Place | undefined => wrappedCollectionPlace(scope, inputs, receiver);
  const typeOf = (place: Place): ValueType | undefined => {
    const declared = site.valueTypes?.get(place.root);
    return declared === undefined || site.typeContext === undefined ? undefined : placeType(declared, place.fields, site.typeContext);
  };
  return {
    inputs,
    typeContext: site.typeContext,
    evaluate: (expr) => {
      const evaluated = evaluate(expr);
      return evaluated.kind === 'value' ? evaluated.value : undefined;
    },
    place: (expr) => {
      const place = placeOf(expr, conjunct.bindings, site.old === undefined, inputs, indexOf, accessor, wrapped);
      // An argument a call's ensures reads but never sets, and an ensures' `old(x)`, are read only.
      return place === undefined || site.fixed?.has(place.root) === true || isEntryRoot(site, place.root) ? undefined : place;
    },
    isGhost: (place) => isGhostPlace(shape.scope, shape.ghostRoots, inputs, place),
    typeOf,
    write: (place, value) => {
      const type = typeOf(place);
      if (site.valueTypes?.has(place.root) === true && (type === undefined || !hasShapeOf(value, type))) return undefined;
      const written = type === undefined || site.typeContext === undefined ? value : withTextOf(value, type, site.typeContext, 0);
      return writePlace(inputs, place, written);
    },
  };
}

/** Sets one side of an equality conjunct to the other side's value, when one side is a place: the place it pins,
 *  and the values with it set (undefined when it already held that value). */
function applyEquality(
  shape: Inputs,
  conjunct: Scoped,
  tools: ConjunctTools,
  limits: CompletionLimits,
): { readonly pinned: Place; readonly next: ReadonlyMap<string, Value> | undefined } | undefined {
  const { site } = shape;
  const inputs = tools.inputs;
  const expr = conjunct.expr;
  if (expr.kind !== 'binary' || !EQUALITIES.has(expr.op)) return undefined;
  if (site.resizes === true) {
    const resized =
      applyLength(shape, conjunct, expr.left, expr.right, inputs, limits) ??
      applyLength(shape, conjunct, expr.right, expr.left, inputs, limits);
    if (resized !== undefined) return resized;
  }
  const left = tools.place(widened(expr.left));
  const right = tools.place(widened(expr.right));
  const leftGhost = left !== undefined && tools.isGhost(left);
  const rightGhost = right !== undefined && tools.isGhost(right);
  // The target: a ghost place over an exec one, else the left place.
  const [target, targetGhost, targetExpr, source] =
    right !== undefined && (left === undefined || (rightGhost && !leftGhost))
      ? [right, rightGhost, widened(expr.right), expr.left]
      : [left, leftGhost, widened(expr.left), expr.right];
  if (target === undefined || (site.ghostOnly === true && !targetGhost)) return undefined;
  const wanted = tools.evaluate(source);
  const seen = tools.evaluate(targetExpr);
  const present = readPlace(inputs, target);
  // `@` of the target must give the place's own value (a `Ghost`, a sequence), or setting it would not say `==`.
  if (wanted === undefined || seen === undefined || present === undefined || !valueEquals(seen, present)) return undefined;
  if (valueEquals(wanted, present)) return { pinned: target, next: undefined };
  const next = tools.write(target, wanted);
  return next === undefined ? undefined : { pinned: target, next };
}

/** `x as int` (or `as nat`) is `x`'s own number: the equality pins `x`, and the write keeps to `x`'s range. A
 *  narrowing cast (`x as u8`) has many `x`s to one value, and pins nothing. */
function widened(side: Expr): Expr {
  const inner = side.kind === 'paren' ? side.inner : side;
  if (inner.kind !== 'cast' || inner.type.kind !== 'path' || inner.type.segments.length !== 1) return side;
  const name = inner.type.segments[0]?.name;
  return name === 'int' || name === 'nat' ? inner.operand : side;
}

function isEntryRoot(site: CompletionSite, root: string): boolean {
  return site.old !== undefined && [...site.old.keys()].some((name) => entryRoot(name) === root);
}

/** `s.len() == n` (with `s` a place holding a sequence of another length): `s` cut or padded to `n` elements. */
function applyLength(
  shape: Inputs,
  conjunct: Scoped,
  lengthSide: Expr,
  source: Expr,
  inputs: ReadonlyMap<string, Value>,
  limits: CompletionLimits,
): { readonly pinned: Place; readonly next: ReadonlyMap<string, Value> | undefined } | undefined {
  const { scope, site } = shape;
  if (lengthSide.kind !== 'method-call' || lengthSide.method !== 'len' || lengthSide.args.length > 0) return undefined;
  const target = placeOf(lengthSide.receiver, conjunct.bindings, site.old === undefined, inputs);
  const present = target === undefined ? undefined : readPlace(inputs, target);
  const declared = target === undefined ? undefined : site.valueTypes?.get(target.root);
  const type =
    target === undefined || declared === undefined || site.typeContext === undefined
      ? undefined
      : placeType(declared, target.fields, site.typeContext);
  if (target === undefined || present?.kind !== 'seq' || type?.kind !== 'seq' || site.typeContext === undefined) return undefined;
  if (site.ghostOnly === true && !isGhostPlace(shape.scope, shape.ghostRoots, inputs, target)) return undefined;
  const ctx = conjunctSpecContext(scope, site, conjunct, limits);
  const wanted = evaluateExpr(ctx, source, specEnv(conjunct.bindings, inputs, site.old));
  if (wanted.kind !== 'value' || wanted.value.kind !== 'int' || wanted.value.value < 0n) return undefined;
  const length = Number(wanted.value.value);
  if (length > MAX_RESIZED_LENGTH || length === present.elements.length || (type.length !== undefined && type.length !== length))
    return undefined;
  const padding = length > present.elements.length ? plainValue(type.element, site.typeContext) : undefined;
  if (length > present.elements.length && padding === undefined) return undefined;
  const elements =
    length < present.elements.length
      ? present.elements.slice(0, length)
      : [...present.elements, ...new Array<Value>(length - present.elements.length).fill(padding as Value)];
  const next = writePlace(inputs, target, { ...present, elements });
  return next === undefined ? undefined : { pinned: target, next };
}

/** Where a conjunct's sides are evaluated: its own impl and module, and the site's const generic parameters. */
function conjunctSpecContext(scope: ModelScope, site: CompletionSite, conjunct: Scoped, limits: CompletionLimits): SpecContext {
  const consts = site.constParams;
  return createSpecContext(scope, {
    stepBudget: limits.stepBudget,
    stackAllowance: limits.stackAllowance,
    modulePath: conjunct.modulePath,
    ...(conjunct.selfTypeName === undefined ? {} : { selfTypeName: conjunct.selfTypeName }),
    ...(consts === undefined ? {} : { constParams: consts }),
  });
}

/** Longest sequence a length equation builds: beyond it the value would cost more than any run is given. */
const MAX_RESIZED_LENGTH = 1 << 16;

const EQUALITIES: ReadonlySet<string> = new Set(['==', '===', '=~=', '=~~=']);

/** The bound names' values; a name with an entry value (an ensures' `&mut` parameter) is `old(x)`-readable. */
function specEnv(
  bindings: ReadonlyMap<string, Place>,
  inputs: ReadonlyMap<string, Value>,
  old: ReadonlyMap<string, Value> | undefined,
): { readonly values: Map<string, Value>; readonly mutables: Map<string, { readonly old: Value; readonly final: Value }> } {
  const values = new Map<string, Value>();
  const mutables = new Map<string, { readonly old: Value; readonly final: Value }>();
  for (const [name, place] of bindings) {
    const value = readPlace(inputs, place);
    if (value === undefined) continue;
    const entry = place.fields.length === 0 ? old?.get(place.root) : undefined;
    if (entry !== undefined) mutables.set(name, { old: entry, final: value });
    else values.set(name, value);
  }
  return { values, mutables };
}
