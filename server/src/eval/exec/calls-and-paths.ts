// Paths, constructors and calls: local variables, constants, `u32::MAX`, enum variants, tuple-struct and struct
// literals, std free functions (`std::cmp::max`), and exec fns of the same file with `&mut` write-back by place.

import type { Expr, FnItem, PathSegment, Span, Type } from '../../syntax';
import type { ResolvedFn } from '../../model';
import { hasTrustedBody } from '../../model';
import type { Value } from '../value';
import { UNIT } from '../value';
import type { Ctx, Env, Frame, Place, Typed } from './interpreter-state';
import { childEnv, lookup, placeOfBinding, readPlace, writePlace } from './interpreter-state';
import { fieldGhostMode, fieldNames, fieldType, resolveVariant } from './datatypes';
import type { ExecType, TypeSubstitution } from './exec-types';
import { execTypeOf, isErasedParam, isTrackedParam, receiverTypeName } from './exec-types';
import { genericAssociatedFn, selfTypeOf, turbofishGenerics, unknownGenerics, unqualifiedPath, withArgumentTypes } from './call-generics';
import { optionOf, paramBindingName, passesByPlace, preferType, seqOf, STRING_TYPE, UNIT_TYPE, UNKNOWN } from './exec-types';
import { isIntTypeName } from './int-ops';
import { compareValues } from './typed-operators';
import { evalBlockExpecting, evalExpr, evalPlace, UNIT_TYPED, withDeclaredType } from './interpreter';
import { evalExpecting, intAssociatedArguments } from './conversions';
import { matchPattern, bindPattern } from './typed-patterns';
import { AssumeViolatedSignal, NotRunnableSignal, notRunnable, panic, PanicSignal, ReturnSignal, TimeoutSignal } from './signals';
import { nullPointerCall, pointerStaticCall, rawPointerAccessCall, trackedOperand } from './pointers';
import { PCELL, PPTR } from '../permissions';
import { isAtomic } from '../atomics';
import { holdsInteriorState } from '../interior-mutability';
import { atomicStaticCall, sharedAtomicStaticCall } from './atomic-calls';
import { intAssociatedCall, intLimit, leBytesCall } from './int-methods';
import { memCall } from './mem-calls';
import { rwlockStaticCall } from './rwlock-calls';
import { RWLOCK } from '../rwlock';
import { pathMethodCall } from './methods';
import { hashCollectionCall } from './hash-collections';
import { checkedIntCall, isCheckedIntType } from './checked-ints';
import { layoutCall } from './layout-calls';
import { layoutQuery } from '../layout';
import { sliceIndexGet, sliceSubrange } from './slices';
import { ghostArguments, ghostValue, withTrustedGhostEffects } from './ghost-values';
import { resultFromEnsures } from './trusted-results';
import { assumedGhostValue, trackedValue } from './tracked-values';
import { callClosure, isExecClosure } from './closures';
import { leBytesFn } from '../le-bytes';

/** An argument as passed: a value, or a place for `&mut` parameters (written back when the callee returns). */
export type Argument =
  | { readonly kind: 'value'; readonly typed: Typed }
  | { readonly kind: 'place'; readonly place: Place }
  /** A tracked argument the run cannot build (proof code made it): the callee runs without it. */
  | { readonly kind: 'absent'; readonly span: Span };

export function evalPathValue(ctx: Ctx, frame: Frame, env: Env, expr: Extract<Expr, { kind: 'path' }>): Typed {
  const names = expr.segments.map((s) => s.name);
  if (names.length === 1) {
    const binding = lookup(env, names[0] ?? '');
    if (binding !== undefined) return readPlace(placeOfBinding(binding));
    const constParam = ctx.consts.get(names[0] ?? '');
    if (constParam !== undefined) return { value: { kind: 'int', value: constParam }, type: { kind: 'int', int: 'usize' } };
  }
  const variant = resolveVariant(ctx, expr.segments, frame.selfTypeName);
  if (variant !== undefined) {
    const value: Value = { kind: 'enum', name: variant.enumName, variant: variant.variant, fields: [] };
    return { value, type: { kind: 'adt', name: variant.enumName, args: [] } };
  }
  const limit = intLimit(names);
  if (limit !== undefined) return limit;
  const constant = ctx.model.scope.constant(names, frame.selfTypeName);
  if (constant?.value !== undefined && constant.mode === 'exec') {
    const type = execTypeOf(constant.type, new Map(), frame.selfType);
    return withDeclaredType(evalExpr(ctx, frame, childEnv(emptyEnv()), constant.value), type, expr.span);
  }
  const last = names[names.length - 1] ?? '';
  // std's zero-sized `PhantomData<T>` marker has one value, the unit (as its type resolves).
  if (last === 'PhantomData' && ctx.model.scope.datatype(last) === undefined) return UNIT_TYPED;
  const unitStruct = ctx.model.scope.datatype(last === 'Self' ? (frame.selfTypeName ?? '') : last);
  if (unitStruct?.kind === 'struct' && unitStruct.fields.kind === 'unit') {
    return { value: { kind: 'struct', name: unitStruct.name, fields: [] }, type: { kind: 'adt', name: unitStruct.name, args: [] } };
  }
  const builder = names.length === 1 ? ctx.proofBuilt.get(last) : undefined;
  if (builder !== undefined)
    return notRunnable(`uses \`${last}\`, a tracked value built by ${builder}, which the run does not compute`, expr.span);
  return notRunnable(`uses \`${names.join('::')}\``, expr.span);
}

const ISIZE_MAX = 2n ** 63n - 1n;

/** `expected`: the type the call site wants, when it says (a struct literal's field, a typed `let`). */
export function evalCall(ctx: Ctx, frame: Frame, env: Env, expr: Extract<Expr, { kind: 'call' }>, expected?: ExecType): Typed {
  const callee = expr.callee.kind === 'paren' ? expr.callee.inner : expr.callee;
  if (callee.kind !== 'path') return notRunnable('a call through a computed function value', expr.span);
  const names = unqualifiedPath(
    ctx,
    frame,
    callee.segments.map((s) => s.name),
  );
  const local = names.length === 1 ? lookup(env, names[0] ?? '') : undefined;
  const closure = local === undefined ? undefined : local.kind === 'slot' ? local.slot.value : readPlace(local.place).value;
  if (closure !== undefined && isExecClosure(closure)) {
    const args = expr.args.map((arg) => evalExpr(ctx, frame, env, arg));
    return callClosure(ctx, closure, args, expr.span);
  }
  const last = names[names.length - 1] ?? '';
  // A ghost value is computed by the spec evaluator (ghost-values.ts); a tracked one is part of the shadow
  // execution (a permission, the pointer's memory).
  if (last === 'Ghost') return ghostValue(ctx, frame, env, expr.args.length === 1 ? expr.args[0] : undefined);
  if (last === 'Tracked' && expr.args.length === 1) return trackedValue(ctx, frame, env, trackedOperand(expr));
  const made = names.length === 2 && expr.args.length === 0 ? assumedGhostValue(names) : undefined;
  if (made !== undefined) return { value: made, type: UNKNOWN };
  const constructed = construct(ctx, frame, env, callee.segments, expr);
  if (constructed !== undefined) return constructed;
  const found = genericAssociatedFn(ctx, frame, names) ?? ctx.model.scope.resolveFunction(names, frame.selfTypeName);
  // A method called by path (`P::get(&p, 1)`, `TotalOrder::cmp(&a, &b)`): its first argument is the receiver.
  const called = found === undefined ? undefined : pathCalledMethod(ctx, frame, env, found, expr.args);
  const resolved = called?.resolved ?? found;
  if (resolved !== undefined)
    return callResolved(
      ctx,
      frame,
      env,
      resolved,
      called?.receiver,
      called === undefined ? expr.args : expr.args.slice(1),
      expr.span,
      expected,
      turbofishGenerics(
        frame,
        resolved,
        callee.segments[callee.segments.length - 1]?.generics ?? [],
        callee.segments[callee.segments.length - 2]?.generics ?? [],
      ),
    );
  const std = stdCall(ctx, frame, env, names, expr) ?? pathMethodCall(ctx, frame, env, expr, names);
  if (std !== undefined) return std;
  return notRunnable(`calls ${names.join('::')}`, expr.span);
}

/** `Type::method(&x, ..)` and `Trait::method(&x, ..)` name a method whose receiver is the first argument; a trait's
 *  bodiless declaration stands for the impl of the receiver's type. Undefined for a fn without `self` (or an arity
 *  that is not the method's). */
function pathCalledMethod(
  ctx: Ctx,
  frame: Frame,
  env: Env,
  resolved: ResolvedFn,
  args: readonly Expr[],
): { readonly resolved: ResolvedFn; readonly receiver: Argument } | undefined {
  const selfParam = resolved.item.params[0];
  const first = args[0];
  if (selfParam?.isSelf !== true || first === undefined || args.length !== resolved.item.params.length) return undefined;
  const receiver = evalArgument(ctx, frame, env, first, selfParam.passing === 'mut', UNKNOWN);
  if (resolved.item.body !== undefined) return { resolved, receiver };
  const typed = argumentValue(receiver);
  const typeName = receiverTypeName(typed.type, typed.value);
  const implemented = typeName === undefined ? undefined : ctx.model.scope.resolveMethod(typeName, resolved.item.name);
  return { resolved: implemented ?? resolved, receiver };
}

/** Calls a user fn found by the model: exec fns run; proof fns are ghost code (erased); spec fns cannot run. */
export function callResolved(
  ctx: Ctx,
  frame: Frame,
  env: Env,
  resolved: ResolvedFn,
  receiver: Argument | undefined,
  argExprs: readonly Expr[],
  span: Expr['span'],
  expected?: ExecType,
  subst?: TypeSubstitution,
): Typed {
  const item = resolved.item;
  if (item.mode === 'proof') return { value: UNIT, type: UNIT_TYPE };
  if (item.mode === 'spec') return notRunnable(`calls spec fn ${resolved.qualifiedName} from exec code`, span);
  const trusted = hasTrustedBody(item.attributes);
  if (trusted) ctx.trusted.callee ??= resolved.qualifiedName;
  // Each argument with the parameter it binds: a trusted callee's ensures reads them by name.
  const self = item.params.find((p) => p.isSelf);
  const named: { readonly name: string; readonly declaredType: Type | undefined; readonly argument: Argument }[] =
    receiver === undefined ? [] : [{ name: 'self', declaredType: self?.type, argument: receiver }];
  item.params
    .filter((p) => !p.isSelf)
    .forEach((param, i) => {
      const argExpr = argExprs[i];
      if (argExpr === undefined || isErasedParam(param)) return;
      const shared = param.passing === 'ref' && !trusted ? sharedStatePlace(ctx, frame, env, argExpr) : undefined;
      const argument: Argument = isTrackedParam(param)
        ? trackedArgument(ctx, frame, env, argExpr, passesByPlace(param))
        : shared !== undefined
          ? { kind: 'place', place: shared }
          : evalArgument(ctx, frame, env, argExpr, param.passing === 'mut', execTypeOf(param.type, unknownGenerics(resolved), undefined));
      named.push({ name: paramBindingName(param) ?? param.name, declaredType: param.type, argument });
    });
  const args = named.map(({ argument }) => argument);
  const ghosts = ghostArguments(ctx, frame, env, item.params, argExprs);
  if (!trusted) return invokeFunction(ctx, resolved, args, span, subst, ghosts);
  const bound = named.map((entry) => ({
    ...entry,
    entry: entry.argument.kind === 'place' ? readPlace(entry.argument.place).value : undefined,
  }));
  let result: Typed;
  try {
    result = invokeFunction(ctx, resolved, args, span, subst, ghosts);
  } catch (signal) {
    // A body the run cannot follow, or one left `unimplemented!()`, is one Verus never followed either: the call is
    // what the ensures says.
    if (signal instanceof NotRunnableSignal) return resultFromEnsures(ctx, resolved, bound, expected, signal.reason, span);
    if (signal instanceof PanicSignal && signal.placeholder)
      return resultFromEnsures(ctx, resolved, bound, expected, 'is left unimplemented', span);
    if (signal instanceof PanicSignal) signal.inTrustedCallee ??= resolved.qualifiedName;
    throw signal;
  }
  return withTrustedGhostEffects(ctx, resolved, bound, result);
}

/** Runs `resolved` with arguments already evaluated (exec params only, receiver first). `subst` gives its generic
 *  type parameters; by default (a call inside the program) they are unknown, so each argument keeps the type the
 *  caller gave it, as rustc's instantiation would. */
export function invokeFunction(
  ctx: Ctx,
  resolved: ResolvedFn,
  args: readonly Argument[],
  span: Expr['span'],
  subst?: TypeSubstitution,
  ghosts?: ReadonlyMap<string, Value>,
): Typed {
  const item = resolved.item;
  // An `external_body` (or `external`) fn is unverified, but its body is what runs: its outputs are the program's.
  const body = item.body;
  if (body === undefined) return notRunnable(`calls ${resolved.qualifiedName}, which has no body`, span);
  const selfType = selfTypeOf(resolved, args, item);
  const generics = withArgumentTypes(subst ?? unknownGenerics(resolved), item, args);
  const calleeFrame: Frame = {
    selfTypeName: resolved.selfTypeName,
    selfType,
    subst: generics,
    returnType: item.ret === undefined ? UNIT_TYPE : execTypeOf(item.ret.type, generics, selfType),
  };
  const env = childEnv(emptyEnv());
  bindParameters(ctx, calleeFrame, env, item, args);
  // The measured fn's ghost inputs (`Ghost(len): Ghost<nat>`): exec code cannot read them, its ghost code can
  // (`Self { len_: Ghost(len), .. }`), so they are in scope for the spec evaluator.
  for (const [name, value] of ghosts ?? []) env.vars.set(name, { kind: 'slot', slot: { value, type: UNKNOWN } });
  const result = runCallBody(ctx, () => evalBlockExpecting(ctx, calleeFrame, env, body, calleeFrame.returnType));
  return withDeclaredType(result, calleeFrame.returnType, span);
}

/** A callee's body (a fn's or a closure's) run one call deeper, within the depth limit; a `return` in it ends it. */
export function runCallBody(ctx: Ctx, body: () => Typed): Typed {
  if (ctx.counter.depth >= ctx.limits.maxCallDepth) throw new TimeoutSignal();
  ctx.counter.depth += 1;
  try {
    return body();
  } catch (signal) {
    if (signal instanceof ReturnSignal) return signal.value;
    throw signal;
  } finally {
    ctx.counter.depth -= 1;
  }
}

/** An argument for a parameter of type `expected` (UNKNOWN when the callee is not known yet). */
export function evalArgument(ctx: Ctx, frame: Frame, env: Env, expr: Expr, byPlace: boolean, expected: ExecType): Argument {
  if (byPlace) {
    const inner = expr.kind === 'unary' && expr.op === '&mut' ? expr.operand : expr;
    const place = evalPlace(ctx, frame, env, inner);
    if (place !== undefined) return { kind: 'place', place };
  }
  return { kind: 'value', typed: evalExpecting(ctx, frame, env, expr, expected) };
}

/** The place a shared-reference argument (`&x`, `&self.f`, a reference passed on) names, when the value there holds
 *  state that changes through a shared reference (interior-mutability.ts); undefined otherwise. Only plain places
 *  (paths, fields, dereferences) are looked at, so no argument is evaluated twice. */
function sharedStatePlace(ctx: Ctx, frame: Frame, env: Env, expr: Expr): Place | undefined {
  const inner = expr.kind === 'unary' && expr.op === '&' ? expr.operand : expr;
  if (!isPlainPlace(inner)) return undefined;
  const place = evalPlace(ctx, frame, env, inner);
  return place !== undefined && holdsInteriorState(readPlace(place).value) ? place : undefined;
}

function isPlainPlace(expr: Expr): boolean {
  if (expr.kind === 'path') return true;
  if (expr.kind === 'field') return isPlainPlace(expr.receiver);
  if (expr.kind === 'paren') return isPlainPlace(expr.inner);
  return expr.kind === 'unary' && expr.op === '*' && isPlainPlace(expr.operand);
}

export function argumentValue(arg: Argument): Typed {
  if (arg.kind === 'absent') return notRunnable('a tracked value built by proof code', arg.span);
  return arg.kind === 'value' ? arg.typed : readPlace(arg.place);
}

/** `Tracked(&mut perm)` as a place, `Tracked(perm)` as a value; absent when proof code built it (`let tracked`). */
function trackedArgument(ctx: Ctx, frame: Frame, env: Env, expr: Expr, byPlace: boolean): Argument {
  try {
    return evalArgument(ctx, frame, env, trackedOperand(expr), byPlace, UNKNOWN);
  } catch (signal) {
    if (signal instanceof NotRunnableSignal) return { kind: 'absent', span: expr.span };
    throw signal;
  }
}

export function evalStructLiteral(ctx: Ctx, frame: Frame, env: Env, expr: Extract<Expr, { kind: 'struct-literal' }>): Typed {
  const variant = resolveVariant(ctx, expr.path, frame.selfTypeName);
  const last = expr.path[expr.path.length - 1]?.name ?? '';
  const name = variant?.enumName ?? (last === 'Self' ? (frame.selfTypeName ?? last) : last);
  const item = ctx.model.scope.datatype(name);
  if (item === undefined) return notRunnable(`constructs unknown type ${name}`, expr.span);
  const type: ExecType = { kind: 'adt', name, args: [] };
  const base = expr.base === undefined ? undefined : evalExpr(ctx, frame, env, expr.base).value;
  const given = new Map(expr.fields.map((f) => [f.name, f] as const));
  const fields = fieldNames(item, variant?.variant).map((field): readonly [string, Value] => {
    const init = given.get(field);
    if (init !== undefined && fieldGhostMode(item, variant?.variant, field) === 'tracked')
      return [field, trackedValue(ctx, frame, env, init.value).value];
    if (init !== undefined) {
      const declared = fieldType(ctx, type, field, variant?.variant);
      return [field, withDeclaredType(evalExpecting(ctx, frame, env, init.value, declared), declared, init.span).value];
    }
    const inherited = base?.kind === 'struct' ? base.fields.find(([n]) => n === field)?.[1] : undefined;
    return [field, inherited ?? notRunnable(`missing field ${field}`, expr.span)];
  });
  const value: Value = variant === undefined ? { kind: 'struct', name, fields } : { kind: 'enum', name, variant: variant.variant, fields };
  return { value, type };
}

export function emptyEnv(): Env {
  return { vars: new Map(), parent: undefined };
}

function bindParameters(ctx: Ctx, frame: Frame, env: Env, item: FnItem, args: readonly Argument[]): void {
  const params = item.params.filter((p) => !isErasedParam(p));
  params.forEach((param, i) => {
    const arg = args[i];
    if (arg === undefined || arg.kind === 'absent') return;
    const declared = execTypeOf(param.type, frame.subst, frame.selfType);
    const name = paramBindingName(param);
    if (arg.kind === 'place' && (passesByPlace(param) || param.passing === 'ref') && name !== undefined) {
      env.vars.set(name, { kind: 'ref', place: { ...arg.place, type: preferType(declared, arg.place.type) } });
      return;
    }
    const typed = withDeclaredType(argumentValue(arg), declared, param.span);
    const bindings = new Map<string, Typed>();
    if (!matchPattern(ctx, frame, param.pattern, typed, bindings)) notRunnable('a parameter pattern that does not match', param.span);
    bindPattern(env, bindings);
  });
}

/** Enum tuple variants, `Some`/`Ok`/`Err`, and tuple-struct constructors. */
function construct(
  ctx: Ctx,
  frame: Frame,
  env: Env,
  path: readonly PathSegment[],
  expr: Extract<Expr, { kind: 'call' }>,
): Typed | undefined {
  const variant = resolveVariant(ctx, path, frame.selfTypeName);
  const last = path[path.length - 1]?.name ?? '';
  const struct = variant === undefined ? ctx.model.scope.datatype(last === 'Self' ? (frame.selfTypeName ?? '') : last) : undefined;
  if (variant === undefined && struct?.kind !== 'struct') return undefined;
  const parts = expr.args.map((arg) => evalExpr(ctx, frame, env, arg));
  const fields = parts.map((part, i) => [String(i), part.value] as const);
  if (variant !== undefined) {
    const args =
      variant.enumName === 'Option'
        ? [parts[0]?.type ?? UNKNOWN]
        : variant.variant === 'Ok'
          ? [parts[0]?.type ?? UNKNOWN, UNKNOWN]
          : variant.variant === 'Err'
            ? [UNKNOWN, parts[0]?.type ?? UNKNOWN]
            : [];
    return {
      value: { kind: 'enum', name: variant.enumName, variant: variant.variant, fields },
      type: { kind: 'adt', name: variant.enumName, args },
    };
  }
  const name = struct?.name ?? last;
  const type: ExecType = { kind: 'adt', name, args: [] };
  const typedFields = fields.map(
    ([field, value]) =>
      [
        field,
        withDeclaredType({ value, type: parts[Number(field)]?.type ?? UNKNOWN }, fieldType(ctx, type, field, undefined), expr.span).value,
      ] as const,
  );
  return { value: { kind: 'struct', name, fields: typedFields }, type };
}

/** Free functions from std and vstd that Verus exec code calls. */
function stdCall(ctx: Ctx, frame: Frame, env: Env, names: readonly string[], expr: Extract<Expr, { kind: 'call' }>): Typed | undefined {
  const last = names[names.length - 1] ?? '';
  const owner = names[names.length - 2];
  const args = (): Typed[] => expr.args.map((arg) => evalExpr(ctx, frame, env, arg));
  const callee = expr.callee.kind === 'paren' ? expr.callee.inner : expr.callee;
  const layout = callee.kind === 'path' ? layoutQuery(callee.segments, expr.args.length) : undefined;
  if (layout !== undefined) return layoutCall(ctx, frame, layout, expr.span);
  if ((owner === 'cmp' || owner === undefined) && (last === 'max' || last === 'min') && names.length !== 1)
    return minMax(ctx, last, args());
  // `T::default()` with `T` measured at an integer is that integer's.
  const bound = owner === undefined ? undefined : frame.subst.get(owner);
  const intOwner = bound?.kind === 'int' ? bound.int : owner;
  if (intOwner !== undefined && isIntTypeName(intOwner))
    return intAssociatedCall(ctx, intOwner, last, intAssociatedArguments(ctx, frame, env, intOwner, last, expr.args), expr.span);
  // vstd::slice's exec helpers, from before Verus supported `slice[i]` in exec code.
  if (last === 'slice_index_get' && (owner === undefined || owner === 'slice')) return sliceIndexGet(args(), expr.span);
  if (last === 'slice_subrange' && (owner === undefined || owner === 'slice')) return sliceSubrange(args(), expr.span);
  if (last === 'slice_to_vec' && (owner === undefined || owner === 'slice')) return args()[0];
  // vstd's `unreached()` requires false: Verus proved no input its callers admit gets there.
  if (last === 'unreached' && expr.args.length === 0) throw new AssumeViolatedSignal(expr.span, 'the body reached `unreached()`');
  if (owner !== undefined && isCheckedIntType(owner)) return checkedIntCall(owner, last, args(), expr.span);
  if (owner === 'mem') return memCall(ctx, frame, env, last, expr.args, expr.span);
  if (owner === RWLOCK) return rwlockStaticCall(ctx, frame, env, last, expr);
  if (owner === PPTR || owner === PCELL) return pointerStaticCall(ctx, owner, last, args, expr.span);
  if (owner !== undefined && isAtomic(owner)) return atomicStaticCall(ctx, owner, last, args, expr.span);
  const sharedAtomic = owner?.startsWith('Atomic') === true ? sharedAtomicStaticCall(owner, last, args, expr.span) : undefined;
  if (sharedAtomic !== undefined) return sharedAtomic;
  const nullPointer = nullPointerCall(names);
  if (nullPointer !== undefined) return nullPointer;
  const rawAccess = rawPointerAccessCall(ctx, frame, env, names, expr);
  if (rawAccess !== undefined) return rawAccess;
  const bytes = owner === undefined || owner === 'bytes' ? leBytesFn(last, false) : undefined;
  if (bytes !== undefined) return leBytesCall(bytes, args(), expr.span);
  const collection = owner === undefined ? undefined : hashCollectionCall(owner, last);
  if (collection !== undefined) return collection;
  const key = `${owner ?? ''}::${last}`;
  switch (key) {
    case 'Vec::new':
    case 'VecDeque::new':
      return { value: { kind: 'seq', elements: [] }, type: seqOf(UNKNOWN) };
    case 'Vec::with_capacity': {
      // Rust panics when the capacity in bytes exceeds isize::MAX: certainly so beyond isize::MAX elements.
      const [capacity] = args();
      if (capacity?.value.kind === 'int' && capacity.value.value > ISIZE_MAX) panic('capacity overflow', expr.span);
      return { value: { kind: 'seq', elements: [] }, type: seqOf(UNKNOWN) };
    }
    case 'String::new':
      return { value: { kind: 'seq', elements: [], text: true }, type: STRING_TYPE };
    case 'String::from':
    case 'String::from_str': {
      const [arg] = args();
      return arg === undefined ? undefined : { value: arg.value, type: STRING_TYPE };
    }
    // Smart pointers, `ManuallyDrop` (a drop the run never does), branch hints and optimisation barriers: the value
    // itself.
    case 'Box::new':
    case 'Rc::new':
    case 'Arc::new':
    case 'ManuallyDrop::new':
    case 'ManuallyDrop::into_inner':
    case '::likely':
    case '::unlikely':
    case 'intrinsics::likely':
    case 'intrinsics::unlikely':
    case 'hint::black_box':
      return args()[0];
    default:
      return undefined;
  }
}

export function minMax(ctx: Ctx, which: 'max' | 'min', args: readonly Typed[]): Typed | undefined {
  const [a, b] = args;
  if (a === undefined || b === undefined) return undefined;
  const order = compareValues(ctx, a.value, b.value);
  // Rust's max returns the second argument when equal; min returns the first.
  const pick = which === 'max' ? (order > 0 ? a : b) : order <= 0 ? a : b;
  return { value: pick.value, type: preferType(a.type, b.type) };
}

export function optionValue(inner: Typed | undefined, innerType: ExecType): Typed {
  const value: Value =
    inner === undefined
      ? { kind: 'enum', name: 'Option', variant: 'None', fields: [] }
      : { kind: 'enum', name: 'Option', variant: 'Some', fields: [['0', inner.value]] };
  return { value, type: optionOf(inner === undefined ? innerType : preferType(innerType, inner.type)) };
}

export function writeArgument(arg: Argument, value: Value): void {
  if (arg.kind === 'place') writePlace(arg.place, value);
}
