// Calls: `old`/`final`, constructors, vstd static functions (`Seq::new`, `Set::empty`, ...), user spec fns
// (by value, depth-capped), closure application, and method dispatch on values (built-in or user `impl`).

import type { Expr, FnItem, Span } from '../../syntax';
import type { ResolvedFn } from '../../model';
import { specCounterpart } from '../../model';
import type { Value } from '../value';
import { makeMap, makeSet, valueEquals } from '../value-ops';
import { construct, enumMethod, positionalFields, resolveConstructor } from './adt';
import { mkInt, seq, seqMethod } from './collections';
import { layoutOf, layoutOfNamed, layoutQuery, measured } from '../layout';
import type { LayoutQuery } from '../layout';
import { resolveValueType } from '../type-resolution';
import { checkedIntSpecMethod } from '../checked-ints';
import type { Env, Failure, Res, SpecContext } from './spec-context';
import { observationUndetermined, RECURSION_TOO_DEEP } from './reasons';
import { isObservationFn, observationField } from '../observations';
import { wrapperView } from '../wrapper-views';
import type { WrapperView } from '../wrapper-views';
import {
  allValues,
  bindLocal,
  bindTypedLocal,
  charge,
  EMPTY_SPEC_ENV,
  envFromCapture,
  indeterminate,
  isFailure,
  lookupName,
  unsupported,
} from './spec-context';
import { evalBlock, evalExpr, evalList } from './evaluate';
import { charMethod, staticBuiltin, textMethod } from './builtins';
import { matchPattern } from './patterns';
import { mapMethod, multisetMethod, setMethod } from './set-map-methods';
import { permissionMethod, sharedAtomicMethod } from './permission-methods';
import { atomicSpecMethod } from '../atomics';
import { rawPointerMethod, rawPointerView, readOfOpaque } from './opaque-values';
import { parametricTypeParams } from './parametric-domain';
import { preludeArithmetic } from './operators';
import { builtinTypeImpls } from './builtin-impls';
import { rwlockSpecMethod } from './rwlock-methods';
import { genericAssociatedFn } from './associated-calls';

export function evalCall(ctx: SpecContext, expr: Extract<Expr, { kind: 'call' }>, env: Env): Res {
  const callee = expr.callee;
  if (callee.kind !== 'path') {
    const fn = evalExpr(ctx, callee, env);
    if (isFailure(fn)) return fn;
    const args = evalList(ctx, expr.args, env);
    return Array.isArray(args) ? applyFn(ctx, fn, args, expr.span) : args;
  }
  const names = callee.segments.map((segment) => segment.name);
  const name = names[names.length - 1] ?? '';
  if (names.length === 1) {
    const onlyArg = expr.args[0];
    if ((name === 'old' || name === 'final') && onlyArg !== undefined && expr.args.length === 1) {
      return evalOldFinal(ctx, name, onlyArg, env);
    }
    const local = lookupName(env, name);
    if (local !== undefined) {
      if (isFailure(local)) return local;
      const args = evalList(ctx, expr.args, env);
      return Array.isArray(args) ? applyFn(ctx, local, args, expr.span) : args;
    }
  }
  const args = evalList(ctx, expr.args, env);
  if (!Array.isArray(args)) return args;
  const resolved = genericAssociatedFn(ctx, names) ?? ctx.scope.resolveFunction(names, ctx.selfTypeName, ctx.modulePath);
  if (resolved !== undefined) return callUserFn(ctx, resolved, args, expr.span);
  const renamed = names.length === 1 ? ctx.scope.useAlias(name) : undefined;
  if (renamed !== undefined) return callRenamed(ctx, renamed, args, expr.span);
  const ctor = resolveConstructor(ctx, names);
  if (ctor !== undefined && ctor.fields.kind === 'tuple') {
    if (ctor.fields.fields.length !== args.length) return unsupported(`${name} with ${args.length} arguments`, expr.span);
    return construct(ctor, positionalFields(args));
  }
  const layout = layoutQuery(callee.segments, expr.args.length);
  if (layout !== undefined) return specLayout(ctx, layout, expr.span);
  const builtin = preludeArithmetic(ctx, names, expr.args, args, env) ?? staticBuiltin(ctx, names, args, expr.span);
  return builtin ?? unsupported(`call to unknown function ${names.join('::')}`, expr.span);
}

/** vstd's `size_of::<T>()`/`align_of::<T>()` and `T::spec_size_of()`/`T::spec_align_of()` (layout.ts), a generic
 *  parameter taken at the type it is measured at. A layout the harness does not know is a definite value all the
 *  same: indeterminate. */
function specLayout(ctx: SpecContext, query: LayoutQuery, span: Span): Res {
  const named = (name: string): string => ctx.typeParams.get(name) ?? (name === 'Self' ? (ctx.selfTypeName ?? name) : name);
  const only = query.kind === 'type' && query.type.kind === 'path' && query.type.segments.length === 1 ? query.type.segments[0] : undefined;
  const layout =
    query.kind === 'named'
      ? layoutOfNamed(named(query.typeName), ctx.scope)
      : only !== undefined && only.generics.length === 0
        ? layoutOfNamed(named(only.name), ctx.scope)
        : layoutOf(resolveValueType(query.type, { scope: ctx.scope }), ctx.scope);
  const result = measured(layout, query.measure);
  return 'reason' in result
    ? indeterminate(`the ${query.measure} of a type whose layout is not known: ${result.reason}`, span)
    : mkInt(result.value);
}

/** A call through `use path as name`: the user fn or vstd built-in the path names (`crate::`/`self::`/`super::`
 *  dropped: paths are resolved from the crate root). */
function callRenamed(ctx: SpecContext, path: readonly string[], args: readonly Value[], span: Span): Res {
  const relative = path.filter((segment) => segment !== 'crate' && segment !== 'self' && segment !== 'super');
  const resolved = ctx.scope.resolveFunction(relative, undefined);
  if (resolved !== undefined) return callUserFn(ctx, resolved, args, span);
  return staticBuiltin(ctx, relative, args, span) ?? unsupported(`call to unknown function ${path.join('::')}`, span);
}

export function evalMethodCall(ctx: SpecContext, expr: Extract<Expr, { kind: 'method-call' }>, env: Env): Res {
  const receiver = evalExpr(ctx, expr.receiver, env);
  if (isFailure(receiver)) return receiver;
  if (expr.args.length === 0) return callMethod(ctx, receiver, expr.method, NO_ARGS, expr.span, expr.receiver);
  const args = evalList(ctx, expr.args, env);
  if (!Array.isArray(args)) return args;
  return callMethod(ctx, receiver, expr.method, args, expr.span, expr.receiver);
}

const NO_ARGS: readonly Value[] = [];

export function callMethod(
  ctx: SpecContext,
  receiver: Value,
  method: string,
  args: readonly Value[],
  span: Span,
  receiverExpr?: Expr,
): Res {
  const unknown = readOfOpaque(receiver, span);
  if (unknown !== undefined) return unknown;
  if (method === 'deep_view' && args.length === 0) return deepViewValue(ctx, receiver, span);
  const lock = rwlockSpecMethod(ctx, receiver, method, args, span);
  if (lock !== undefined) return lock;
  let res: Res | undefined;
  switch (receiver.kind) {
    case 'struct':
    case 'enum': {
      const resolved = ctx.scope.resolveMethod(receiver.name, method);
      if (resolved !== undefined) return callUserFn(ctx, resolved, [receiver, ...args], span);
      res =
        rawPointerMethod(receiver, method) ??
        permissionMethod(receiver, method, span) ??
        atomicSpecMethod(receiver, method, args) ??
        sharedAtomicMethod(receiver, method, span) ??
        checkedIntSpecMethod(receiver, method);
      if (receiver.kind === 'enum') res ??= enumMethod(receiver, method, args, span);
      break;
    }
    case 'seq':
      if (receiver.text === true) res = textMethod(receiver.elements, method);
      res ??= seqMethod(ctx, receiver, method, args, span);
      res ??= callImpl(ctx, builtinTypeImpls(ctx, receiver, method, receiverExpr), [receiver, ...args], span);
      break;
    case 'tuple':
      res = callImpl(ctx, builtinTypeImpls(ctx, receiver, method, receiverExpr), [receiver, ...args], span);
      break;
    case 'set':
      res = setMethod(ctx, receiver, method, args, span);
      break;
    case 'map':
      res = mapMethod(ctx, receiver, method, args, span);
      break;
    case 'multiset':
      res = multisetMethod(ctx, receiver, method, args, span);
      break;
    case 'char':
      res = charMethod(receiver.codePoint, method, args);
      break;
    case 'int': {
      res = callImpl(ctx, builtinTypeImpls(ctx, receiver, method, receiverExpr), [receiver, ...args], span);
      break;
    }
    default:
      break;
  }
  if (res !== undefined) return res;
  if (method === 'view' || method === 'deep_view') return viewValue(ctx, receiver, span);
  if (method === 'clone') return receiver;
  return unsupported(`method .${method}() on a ${receiver.kind} value`, span);
}

/** Calls the impl of a method that applies; undefined when there is none. Values of built-in types do not say
 *  which of several impls they belong to (`impl Marshalable for u64` and `for usize`; `for Vec<u8>` and
 *  `for Vec<T>`): then the result is the one every impl gives, which is the answer whichever impl it is. */
function callImpl(ctx: SpecContext, impls: readonly ResolvedFn[], args: readonly Value[], span: Span): Res | undefined {
  if (impls.length <= 1) return impls[0] === undefined ? undefined : callUserFn(ctx, impls[0], args, span);
  let agreed: Value | undefined;
  for (const impl of impls) {
    const res = callUserFn(ctx, impl, args, span);
    if (isFailure(res)) return res;
    if (agreed !== undefined && !valueEquals(agreed, res))
      return unsupported(
        `method .${impl.item.name}() on a value several impls may own, which differ on it (${impls.map((fn) => fn.qualifiedName).join(', ')})`,
        span,
      );
    agreed = res;
  }
  return agreed;
}

/** `x@`: a seq views to itself (a string to its chars); a user type with a spec `view` fn calls it; every
 *  other value views to itself. */
export function viewValue(ctx: SpecContext, value: Value, span: Span): Res {
  if (value.kind === 'seq') return value.text === true ? seq(value.elements) : value;
  const unknown = readOfOpaque(value, span) ?? rawPointerView(value);
  if (unknown !== undefined) return unknown;
  if (value.kind === 'struct' || value.kind === 'enum') {
    const resolved = ctx.scope.resolveMethod(value.name, 'view');
    if (resolved !== undefined) return callUserFn(ctx, resolved, [value], span);
  }
  return checkedIntSpecMethod(value, 'view') ?? value;
}

/** `x.deep_view()` (vstd's DeepView): a Vec, array or slice is the sequence of its elements' deep views (so a
 *  `Vec<T>` of a user type with a view is a `Seq<T::V>`), `Option` and tuples go component-wise, a user type
 *  calls its `deep_view` (or, without one, its `view`), and everything else is itself. */
export function deepViewValue(ctx: SpecContext, value: Value, span: Span): Res {
  switch (value.kind) {
    case 'seq': {
      if (value.text === true) return seq(value.elements);
      const exhausted = charge(ctx, value.elements.length, span);
      if (exhausted !== undefined) return exhausted;
      const elements = deepViews(ctx, value.elements, span);
      return Array.isArray(elements) ? seq(elements) : elements;
    }
    case 'tuple': {
      const elements = deepViews(ctx, value.elements, span);
      return Array.isArray(elements) ? { kind: 'tuple', elements } : elements;
    }
    case 'struct':
    case 'enum': {
      if (value.kind === 'enum' && value.name === 'Option') {
        const fields = deepViews(
          ctx,
          value.fields.map(([, field]) => field),
          span,
        );
        if (!Array.isArray(fields)) return fields;
        return { ...value, fields: value.fields.map(([name], i) => [name, fields[i] as Value] as const) };
      }
      const resolved = ctx.scope.resolveMethod(value.name, 'deep_view');
      return resolved !== undefined ? callUserFn(ctx, resolved, [value], span) : viewValue(ctx, value, span);
    }
    default:
      return value;
  }
}

function deepViews(ctx: SpecContext, values: readonly Value[], span: Span): Value[] | Failure {
  return allValues(values, (value) => deepViewValue(ctx, value, span));
}

/** An uninterpreted observation of a struct value (`pm@` of a mocked region): the hidden field that holds it;
 *  without one (exec code built the value, or a trusted call left it unpinned) nothing says what it is. */
function observedValue(value: Extract<Value, { kind: 'struct' }>, name: string, span: Span): Res {
  const field = observationField(name);
  const found = value.fields.find(([fieldName]) => fieldName === field);
  return found !== undefined ? found[1] : indeterminate(observationUndetermined(value.name, name), span);
}

/** The view of a wrapper around one std collection (wrapper-views.ts): the collection's contents, each key, value or
 *  element seen through its own view where the declared view type says so. */
function wrappedView(ctx: SpecContext, value: Extract<Value, { kind: 'struct' }>, wrapper: WrapperView, span: Span): Res {
  const inner = value.fields.find(([name]) => name === wrapper.field)?.[1];
  const seeAll = (parts: readonly Value[], index: number): Value[] | Failure =>
    wrapper.viewed[index] === true ? allValues(parts, (part) => viewValue(ctx, part, span)) : [...parts];
  if (inner?.kind === 'map') {
    const keys = seeAll(
      inner.entries.map(([key]) => key),
      0,
    );
    if (!Array.isArray(keys)) return keys;
    const values = seeAll(
      inner.entries.map(([, entry]) => entry),
      1,
    );
    if (!Array.isArray(values)) return values;
    return makeMap(keys.map((key, index) => [key, values[index] as Value] as const));
  }
  if (inner?.kind === 'set' || inner?.kind === 'seq') {
    const elements = seeAll(inner.elements, 0);
    if (!Array.isArray(elements)) return elements;
    return inner.kind === 'set' ? makeSet(elements) : seq(elements);
  }
  return indeterminate(observationUndetermined(value.name, 'view'), span);
}

function hasDualSpec(item: FnItem): boolean {
  return item.attributes.some((attribute) => attribute.path === 'verus_verify' && /\bdual_spec\b/.test(attribute.text));
}

/** Calls a user fn by value. Only spec fns with bodies can be evaluated (opaque/closed ones included). */
export function callUserFn(ctx: SpecContext, resolved: ResolvedFn, args: readonly Value[], span: Span): Res {
  const item = resolved.item;
  // An exec fn marked `when_used_as_spec` means its spec twin in spec code (`self.len()` inside a `wf`).
  const twin = item.mode === 'spec' ? undefined : specCounterpart(ctx.scope, resolved);
  if (twin !== undefined) return callUserFn(ctx, twin, args, span);
  // `#[verus_verify(dual_spec)]` makes the exec fn's body its spec twin too (vstd's attribute syntax).
  if (item.mode !== 'spec' && !hasDualSpec(item)) return unsupported(`call to ${item.mode} fn ${item.name} from spec code`, span);
  if (isObservationFn(item) && args[0]?.kind === 'struct') {
    const wrapper = wrapperView(ctx.scope, args[0].name, item);
    return wrapper === undefined ? observedValue(args[0], item.name, span) : wrappedView(ctx, args[0], wrapper, span);
  }
  if (item.body === undefined || item.specVisibility === 'uninterp') {
    return unsupported(`uninterpreted function ${item.name}`, span);
  }
  if (item.params.length !== args.length) return unsupported(`call to ${item.name} with ${args.length} arguments`, span);
  if (ctx.callDepth >= ctx.maxRecursionDepth) return indeterminate(RECURSION_TOO_DEEP, span);
  const units = bodyDepth(item.body);
  if (ctx.stackUnits + units > ctx.maxStackUnits) return indeterminate(RECURSION_TOO_DEEP, span);
  let env: Env = { base: EMPTY_SPEC_ENV, locals: undefined };
  for (let i = 0; i < args.length; i++) {
    const param = item.params[i];
    const arg = args[i] as Value;
    if (param === undefined) continue;
    if (param.isSelf || param.pattern.kind !== 'binding') {
      const bound = param.isSelf ? bindLocal(env, 'self', arg) : matchPattern(ctx, param.pattern, arg, env);
      if (bound === undefined) return indeterminate(`argument does not match parameter pattern of ${item.name}`, span);
      if ('kind' in bound) return bound;
      env = bound;
    } else {
      env = bindTypedLocal(env, param.pattern.name, arg, param.type);
    }
  }
  const memoKey = scalarKey(resolved.qualifiedName, args);
  const known = memoKey === undefined ? undefined : ctx.memo.get(memoKey);
  if (known !== undefined) return known;
  const savedSelf = ctx.selfTypeName;
  const savedImplSelf = ctx.implSelf;
  const savedModule = ctx.modulePath;
  const savedParametric = ctx.parametricTypes;
  const when = item.decreases?.when;
  if (when !== undefined) {
    // `decreases .. when c`: the definition is known only where c holds.
    const condition = evalExpr(ctx, when, env);
    if (isFailure(condition)) return condition;
    if (condition.kind === 'bool' && !condition.value) {
      return indeterminate(`\`${item.name}\` called outside its \`decreases .. when\` condition`, span);
    }
  }
  ctx.callDepth++;
  ctx.stackUnits += units;
  if (ctx.callDepth > ctx.maxCallDepth) ctx.maxCallDepth = ctx.callDepth;
  ctx.selfTypeName = resolved.selfTypeName ?? savedSelf;
  if (resolved.selfTypeName !== undefined) ctx.implSelf = resolved.implHeader?.selfType;
  ctx.modulePath = resolved.modulePath ?? savedModule;
  ctx.parametricTypes = parametricTypeParams(item.generics);
  const res = evalBlock(ctx, item.body, env);
  ctx.callDepth--;
  ctx.stackUnits -= units;
  ctx.selfTypeName = savedSelf;
  ctx.implSelf = savedImplSelf;
  ctx.modulePath = savedModule;
  ctx.parametricTypes = savedParametric;
  // Only values are remembered: a failure may depend on the depth or budget left at this call.
  if (memoKey !== undefined && !isFailure(res)) ctx.memo.set(memoKey, res);
  return res;
}

/** The syntactic nesting depth of a fn body: the JS stack a call can hold. It depends on the syntax alone, so it is
 *  remembered per body for every context (a batch makes a context per obligation). */
function bodyDepth(body: object): number {
  let depth = BODY_DEPTHS.get(body);
  if (depth === undefined) {
    depth = nestingDepth(body, 0);
    BODY_DEPTHS.set(body, depth);
  }
  return depth;
}

const BODY_DEPTHS = new WeakMap<object, number>();

/** Fields that hold types, patterns, names and spans: they are never evaluated recursively. */
const NOT_NESTING: ReadonlySet<string> = new Set([
  'span',
  'type',
  'ret',
  'pattern',
  'segments',
  'path',
  'generics',
  'params',
  'binders',
  'triggers',
  'methodSpan',
]);

/** Depth of nested expression nodes (objects with a `kind`), walking the fields that hold expressions. */
function nestingDepth(node: unknown, guard: number): number {
  if (typeof node !== 'object' || node === null || guard > 500) return 0;
  let deepest = 0;
  if (Array.isArray(node)) {
    for (const child of node) deepest = Math.max(deepest, nestingDepth(child, guard + 1));
    return deepest;
  }
  const record = node as Record<string, unknown>;
  for (const key in record) {
    if (!NOT_NESTING.has(key)) deepest = Math.max(deepest, nestingDepth(record[key], guard + 1));
  }
  return deepest + ('kind' in record ? 1 : 0);
}

/** A memo key for calls whose arguments are all scalars (cheap to key); undefined otherwise. */
function scalarKey(qualifiedName: string, args: readonly Value[]): string | undefined {
  let key = qualifiedName;
  for (const arg of args) {
    if (arg.kind === 'int') key += `|i${arg.value}`;
    else if (arg.kind === 'bool') key += arg.value ? '|t' : '|f';
    else if (arg.kind === 'char') key += `|c${arg.codePoint}`;
    else return undefined;
  }
  return key;
}

/** Applies a closure value (`|x| ..`, a `spec_fn` argument) to argument values. */
export function applyFn(ctx: SpecContext, fn: Value, args: readonly Value[], span: Span): Res {
  if (fn.kind !== 'closure') return unsupported(`call of a ${fn.kind} value`, span);
  if (fn.params.length !== args.length) return unsupported(`closure with ${fn.params.length} parameters called with ${args.length}`, span);
  let env = ctx.closureEnvs.get(fn);
  if (env === undefined) {
    env = envFromCapture(fn.env);
    ctx.closureEnvs.set(fn, env);
  }
  for (let i = 0; i < args.length; i++) {
    const param = fn.params[i];
    if (param === undefined) continue;
    const bound = matchPattern(ctx, param, args[i] as Value, env);
    if (bound === undefined) return indeterminate('closure argument does not match its pattern', span);
    if ('kind' in bound) return bound;
    env = bound;
  }
  return evalExpr(ctx, fn.body, env);
}

/** `old(x)` is the entry value of a `&mut` parameter; `final(x)` its value at exit. Other arguments are
 *  evaluated as written (`old` of a by-value parameter is the parameter). */
function evalOldFinal(ctx: SpecContext, which: 'old' | 'final', arg: Expr, env: Env): Res {
  let target = arg;
  while ((target.kind === 'unary' && target.op === '*') || target.kind === 'paren') {
    target = target.kind === 'paren' ? target.inner : target.operand;
  }
  if (target.kind === 'path' && target.segments.length === 1) {
    const pair = env.base.mutables.get(target.segments[0]?.name ?? '');
    if (pair !== undefined) return which === 'old' ? pair.old : pair.final;
  }
  return evalExpr(ctx, arg, env);
}
