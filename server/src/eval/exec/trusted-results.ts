// A trusted callee whose body the interpreter cannot run (atmosphere's `Array::new` builds its array with
// `MaybeUninit::uninit().assume_init()`; others open files, hash, read the clock): Verus never looks at that body
// either, only at the callee's `ensures`, so the call's result and its `&mut` effects are what the ensures says
// of the actual arguments. They are built from plain values (plain-values.ts) completed by the ensures' equalities
// and lengths (ghost-completion.ts), then the whole ensures is checked on them by the spec evaluator. A result the
// ensures does not pin — a scalar or an enum without an equality saying which, a struct or a `&mut` argument it
// never mentions, or any clause that does not hold of what was built — is no result: the call stays not runnable,
// naming the callee. A callee with neither result nor `&mut` argument (`asm!("mfence")`) shows the caller nothing.

import type { Expr, GenericParam, Span, Type } from '../../syntax';
import type { ResolvedFn } from '../../model';
import type { Value } from '../value';
import { UNIT } from '../value';
import type { ValueType } from '../value-type';
import type { TypeContext } from '../type-resolution';
import { adtShape, resolveValueType } from '../type-resolution';
import { plainValue } from '../plain-values';
import { completeAndPin } from '../ghost-completion';
import type { CompletionSite } from '../ghost-completion';
import { createSpecContext } from '../spec/spec-context';
import { evaluateExpr } from '../spec/entry-points';
import { mentions } from '../spec/quantifier-candidates';
import type { Ctx, Typed } from './interpreter-state';
import { readPlace, tick, writePlace } from './interpreter-state';
import type { ExecType } from './exec-types';
import { execTypeOfValueType, UNIT_TYPE } from './exec-types';
import type { Argument } from './calls-and-paths';
import { notRunnable, UnspecifiedSignal } from './signals';

/** An argument of the call with the parameter it binds, and for a `&mut` one its value at entry. */
export interface BoundArgument {
  readonly name: string;
  readonly declaredType: Type | undefined;
  readonly argument: Argument;
  readonly entry: Value | undefined;
}

/** Spec steps the completion and the check may take, charged to the run's step budget as one step per hundred. */
const ENSURES_STEP_BUDGET = 50_000;

/** The call's result by the callee's ensures, its `&mut` arguments written; not runnable when the ensures does not
 *  determine it. `expected` is the type the call site wants (a struct literal's field), which instantiates the
 *  callee's generic parameters. */
export function resultFromEnsures(
  ctx: Ctx,
  resolved: ResolvedFn,
  bound: readonly BoundArgument[],
  expected: ExecType | undefined,
  /** Why the body cannot run, as its reason says (`calls MaybeUninit::uninit`). */
  cause: string,
  span: Span,
): Typed {
  const item = resolved.item;
  const undetermined = (what: string): never =>
    notRunnable(`${resolved.qualifiedName} (trusted) — its ensures does not determine ${what} (its body: ${cause})`, item.nameSpan);
  // What the body wrote before it stopped is not the call's effect.
  for (const { argument, entry } of bound) if (argument.kind === 'place' && entry !== undefined) writePlace(argument.place, entry);
  const types = calleeTypeContext(ctx, resolved, expected);
  const { values, valueTypes, old } = boundValues(bound, types);
  const unmet = firstUnmetClause(
    ctx,
    resolved,
    item.requires.map((clause) => clause.expr),
    values,
    NO_VALUES,
  );
  // Outside the callee's requires its ensures promises nothing: Verus leaves such a run open.
  if (unmet?.decided === true) throw new UnspecifiedSignal(`${resolved.qualifiedName} (trusted) called outside its requires`, span);
  if (unmet !== undefined) return undetermined(`whether its requires \`${clauseText(ctx, unmet.clause)}\` holds`);
  const clauses = item.ensures.map((clause) => clause.expr);
  // A `&mut` argument the ensures never mentions could be anything afterwards, for Verus.
  const unmentioned = [...old.keys()].find((name) => !clauses.some((clause) => mentions(clause, new Set([name]))));
  if (unmentioned !== undefined) return undetermined(`\`${unmentioned}\``);
  const returned = item.ret === undefined ? undefined : { name: item.ret.name ?? 'result', type: resolveValueType(item.ret.type, types) };
  // The result starts plain; an enum's that no equality names (`r is Some == self@.x is Some`, `r is Some ==> r->0
  // == ..`) starts as each variant in turn, and is determined when exactly one meets the ensures, its payload pinned.
  let starts: readonly Value[] = [];
  if (returned !== undefined) {
    const start = plainValue(returned.type, types);
    if (start === undefined) return undetermined(`\`${returned.name}\` (no value of its type can be built)`);
    const pinned = pinsResult(clauses, returned.name, returned.type, types);
    starts = pinned ? [start] : variantStarts(returned.type, types);
    if (starts.length === 0) return undetermined(`\`${returned.name}\``);
    valueTypes.set(returned.name, returned.type);
  }
  const site: CompletionSite = {
    clauses,
    names: [
      ...bound.map(({ name, declaredType }) => ({ name, declaredType })),
      ...(returned === undefined ? [] : [{ name: returned.name, declaredType: item.ret?.type }]),
    ],
    selfTypeName: resolved.selfTypeName,
    modulePath: resolved.modulePath ?? [],
    valueTypes,
    typeContext: types,
    old,
    fixed: new Set(bound.filter(({ entry }) => entry === undefined).map(({ name }) => name)),
    resizes: true,
    constParams: ctx.consts,
  };
  const limits = { stepBudget: ENSURES_STEP_BUDGET, stackAllowance: 'default' } as const;
  // A start that meets no ensures says the first clause it fails (none: a variant whose payload nothing pins).
  const complete = (start: Value | undefined): ReadonlyMap<string, Value> | { readonly failing: Expr | undefined } => {
    const from = start === undefined || returned === undefined ? values : new Map([...values, [returned.name, start] as const]);
    const completion = completeAndPin(ctx.model.scope, site, from, limits);
    const failing = firstUnmetClause(ctx, resolved, clauses, completion.values, old);
    if (failing !== undefined) return { failing: failing.clause };
    // A variant's payload the ensures never pinned would be made up.
    const payload =
      returned !== undefined && starts.length > 1 && start?.kind === 'enum' && start.fields.some(([, value]) => !isUnit(value));
    const madeUp = payload && !completion.pinned.some((place) => place.root === returned.name && place.fields.length > 0);
    return madeUp ? { failing: undefined } : completion.values;
  };
  const outcomes = (starts.length === 0 ? [undefined] : starts).map(complete);
  const met = outcomes.filter((outcome): outcome is ReadonlyMap<string, Value> => outcome instanceof Map);
  // More than one variant meets it: which one the call returns is open.
  if (met.length > 1 && returned !== undefined) return undetermined(`\`${returned.name}\``);
  const completed = met[0];
  if (completed === undefined) {
    const [first] = outcomes;
    const clause = first !== undefined && 'failing' in first ? first.failing : undefined;
    return undetermined(`a value that meets \`${clause === undefined ? 'its ensures' : clauseText(ctx, clause)}\``);
  }
  for (const { name, argument } of bound) {
    const value = completed.get(name);
    if (argument.kind === 'place' && value !== undefined) writePlace(argument.place, value);
  }
  const result = returned === undefined ? undefined : completed.get(returned.name);
  if (result === undefined || returned === undefined) return { value: UNIT, type: UNIT_TYPE };
  return { value: result, type: expected ?? execTypeOfValueType(returned.type) };
}

/** The arguments' values by parameter name, their types, and the `&mut` ones' entry values (what `old(x)` reads). */
function boundValues(
  bound: readonly BoundArgument[],
  types: TypeContext,
): { readonly values: Map<string, Value>; readonly valueTypes: Map<string, ValueType>; readonly old: ReadonlyMap<string, Value> } {
  const values = new Map<string, Value>();
  const valueTypes = new Map<string, ValueType>();
  const old = new Map<string, Value>();
  for (const { name, declaredType, argument, entry } of bound) {
    if (argument.kind === 'absent') continue;
    values.set(name, argument.kind === 'place' ? readPlace(argument.place).value : argument.typed.value);
    if (declaredType !== undefined) valueTypes.set(name, resolveValueType(declaredType, types));
    if (entry !== undefined) old.set(name, entry);
  }
  return { values, valueTypes, old };
}

/** The callee's types: its generic type parameters as the call site's expected type instantiates them, else `i64`
 *  (what the harness measures an unbounded parameter at); its const parameters as the run's (by name). */
function calleeTypeContext(ctx: Ctx, resolved: ResolvedFn, expected: ExecType | undefined): TypeContext {
  const params: readonly GenericParam[] = [...(resolved.implHeader?.generics ?? []), ...resolved.item.generics];
  const generics = new Map<string, ValueType>();
  for (const param of params)
    if (param.kind === 'type' && param.bounds.every((bound) => PLAIN_BOUNDS.has(bound)))
      generics.set(param.name, { kind: 'int', int: 'i64' });
  const header = resolved.implHeader?.selfType;
  const written = header?.kind === 'path' ? (header.segments[header.segments.length - 1]?.generics ?? []) : [];
  if (expected?.kind === 'adt' && expected.name === resolved.selfTypeName) {
    written.forEach((arg, index) => {
      const name = arg.kind === 'path' && arg.segments.length === 1 ? arg.segments[0]?.name : undefined;
      const given = expected.args[index];
      const type = given === undefined ? undefined : valueTypeOfExec(given);
      const isTypeParam = params.some((param) => param.kind === 'type' && param.name === name);
      if (name !== undefined && isTypeParam && type !== undefined) generics.set(name, type);
    });
  }
  const base: TypeContext = { scope: ctx.model.scope, generics, consts: ctx.consts };
  return header === undefined ? base : { ...base, selfType: resolveValueType(header, base) };
}

function isUnit(value: Value): boolean {
  return value.kind === 'tuple' && value.elements.length === 0;
}

/** The plain value of each variant of an enum type (`None`, `Some(0)`), for an ensures that says which by `is`;
 *  none for any other type. */
function variantStarts(type: ValueType, types: TypeContext): Value[] {
  const shape = type.kind === 'adt' ? adtShape(type, types) : undefined;
  if (shape?.kind !== 'enum') return [];
  return shape.variants.flatMap((variant) => {
    const fields = variant.fields.fields.map((field) => [field.name, plainValue(field.type, types)] as const);
    if (fields.some(([, value]) => value === undefined)) return [];
    return [{ kind: 'enum', name: shape.name, variant: variant.name, fields: fields as (readonly [string, Value])[] } satisfies Value];
  });
}

/** Bounds `i64` meets; a parameter bounded otherwise stays unbound unless the call site says (then no value is built). */
const PLAIN_BOUNDS: ReadonlySet<string> = new Set(['Copy', 'Clone', 'PartialEq', 'Eq', 'PartialOrd', 'Ord', 'Debug', 'Sized', '?Sized']);

function valueTypeOfExec(type: ExecType): ValueType | undefined {
  switch (type.kind) {
    case 'int':
      return { kind: 'int', int: type.int };
    case 'bool':
    case 'char':
      return { kind: type.kind };
    case 'seq': {
      const element = valueTypeOfExec(type.element);
      return element === undefined ? undefined : { kind: 'seq', element, origin: type.text ? 'String' : 'Vec' };
    }
    case 'adt': {
      const args = type.args.map(valueTypeOfExec);
      return args.every((arg) => arg !== undefined) ? { kind: 'adt', name: type.name, args: args } : undefined;
    }
    default:
      return undefined;
  }
}

/** Whether the ensures can pin the result at all: a struct's or a tuple's may leave parts free (they stay plain),
 *  so it need only be mentioned; any other value must be equal to something (`r == x + 1`), or it would be made up. */
function pinsResult(clauses: readonly Expr[], name: string, type: ValueType, types: TypeContext): boolean {
  const conjuncts = clauses.flatMap(conjunctsOf);
  const hasParts = type.kind === 'tuple' || (type.kind === 'adt' && adtShape(type, types)?.kind === 'struct');
  if (hasParts && conjuncts.some((conjunct) => mentions(conjunct, new Set([name])))) return true;
  return conjuncts.some(
    (conjunct) =>
      conjunct.kind === 'binary' && EQUALITIES.has(conjunct.op) && (namesResult(conjunct.left, name) || namesResult(conjunct.right, name)),
  );
}

const EQUALITIES: ReadonlySet<string> = new Set(['==', '===', '=~=', '=~~=']);

function conjunctsOf(expr: Expr): Expr[] {
  if (expr.kind === 'paren') return conjunctsOf(expr.inner);
  if (expr.kind === 'binary' && expr.op === '&&') return [...conjunctsOf(expr.left), ...conjunctsOf(expr.right)];
  return [expr];
}

function namesResult(expr: Expr, name: string): boolean {
  if (expr.kind === 'paren') return namesResult(expr.inner, name);
  if (expr.kind === 'view') return namesResult(expr.operand, name);
  if (expr.kind === 'method-call' && expr.method === 'deep_view' && expr.args.length === 0) return namesResult(expr.receiver, name);
  // `r as int == ..`: completion pins `r` through a widening cast (ghost-completion.ts).
  if (expr.kind === 'cast') return namesResult(expr.operand, name);
  return expr.kind === 'path' && expr.segments.length === 1 && expr.segments[0]?.name === name;
}

const NO_VALUES: ReadonlyMap<string, Value> = new Map();

/** The first clause that is not true of the values (`decided`: it is false, rather than undecided); `old` gives
 *  the `&mut` arguments' entry values. */
function firstUnmetClause(
  ctx: Ctx,
  resolved: ResolvedFn,
  clauses: readonly Expr[],
  values: ReadonlyMap<string, Value>,
  old: ReadonlyMap<string, Value>,
): { readonly clause: Expr; readonly decided: boolean } | undefined {
  const spec = createSpecContext(ctx.model.scope, {
    stepBudget: ENSURES_STEP_BUDGET,
    constParams: ctx.consts,
    modulePath: resolved.modulePath ?? [],
    ...(resolved.selfTypeName === undefined ? {} : { selfTypeName: resolved.selfTypeName }),
  });
  const plain = new Map<string, Value>();
  const mutables = new Map<string, { readonly old: Value; readonly final: Value }>();
  for (const [name, value] of values) {
    const entry = old.get(name);
    if (entry === undefined) plain.set(name, value);
    else mutables.set(name, { old: entry, final: value });
  }
  try {
    for (const clause of clauses) {
      const result = evaluateExpr(spec, clause, { values: plain, mutables });
      const decided = result.kind === 'value' && result.value.kind === 'bool';
      if (!decided || !result.value.value) return { clause, decided };
    }
    return undefined;
  } finally {
    for (let charged = 0; charged < spec.steps; charged += 100) tick(ctx);
  }
}

/** The clause as written (in its own file, for a callee of another), when it is short. */
function clauseText(ctx: Ctx, clause: Expr): string {
  const text = ctx.model.foreignSite?.(clause.span)?.text ?? ctx.model.source.text.slice(clause.span.start, clause.span.end);
  return text.length > 0 && text.length <= 80 ? text.replace(/\s+/g, ' ') : 'its ensures';
}
