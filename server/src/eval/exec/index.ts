// The exec interpreter's API: run one exec fn of a file on concrete inputs with Rust's run-time semantics
// (debug build) and say what happened: returned (with `&mut` after-values), panicked, timed out, or not runnable.

import type { ConstItem, FnItem, Param, Span } from '../../syntax';
import type { FileModel, FunctionContract } from '../../model';
import type { Value } from '../value';
import type { Argument } from './calls-and-paths';
import { emptyEnv, invokeFunction } from './calls-and-paths';
import { evalExpr, withDeclaredType } from './interpreter';
import type { Ctx, ExecLimits, Frame, Slot } from './interpreter-state';
import { EXEC_CALL_DEPTH_LIMITS } from './interpreter-state';
import { hasTrustedBody } from '../../model';
import { withPinnedObservations } from '../observations';
import { valueEquals } from '../value-ops';
import { execTypeOf, execTypeOfValueType, implSelfType, isErasedParam, paramBindingName, passesByPlace } from './exec-types';
import type { ExecType, TypeSubstitution } from './exec-types';
import { constInstantiation, functionTypeContext } from '../function-type-context';
import { AssumeViolatedSignal, NotRunnableSignal, PanicSignal, TimeoutSignal, UnspecifiedSignal } from './signals';

export type { ExecLimits } from './interpreter-state';
export { EXEC_CALL_DEPTH_LIMITS } from './interpreter-state';
export { formatDebug, formatDisplay } from '../format';
export { checkedArith } from './int-ops';

export type ExecOutcome =
  | {
      readonly kind: 'returned';
      readonly value: Value;
      readonly after: ReadonlyMap<string, Value>;
      /** The first `external_body` fn the run called (Ctx.trusted), if any. */
      readonly trustedCallee?: string;
    }
  | {
      readonly kind: 'panicked';
      readonly reason: string;
      readonly span: Span;
      /** The `external_body` callee the panic happened inside, if any (PanicSignal.inTrustedCallee). */
      readonly trustedCallee?: string;
    }
  | { readonly kind: 'timeout' }
  /** An exec `assume(..)` was false on this input: outside what Verus verified, so neither a pair nor invalid. */
  | { readonly kind: 'assume-violated'; readonly span: Span; readonly what: string }
  /** A value Verus leaves open (UnspecifiedSignal): neither a pair nor an invalid input. */
  | { readonly kind: 'unspecified'; readonly reason: string; readonly span: Span }
  | { readonly kind: 'not-runnable'; readonly reason: string; readonly span: Span };

export const DEFAULT_EXEC_LIMITS: ExecLimits = { stepBudget: 200_000, maxCallDepth: EXEC_CALL_DEPTH_LIMITS.default };

/** Runs `fn` on `inputs` (by parameter name, `self` for receivers, `p` for `Tracked(p)`; ghost parameters are
 *  skipped, tracked ones carry the permissions the code dereferences pointers through). */
export function runExecFunction(
  model: FileModel,
  fn: FunctionContract,
  inputs: ReadonlyMap<string, Value>,
  limits: ExecLimits,
): ExecOutcome {
  return runPreparedFunction(prepareExecFunction(model, fn), fn.item, inputs, limits);
}

/** What running a function needs that neither its inputs nor its body change: its const and generic
 *  instantiation and its parameters' types. Made once per function, it serves every input and every code mutant of
 *  its body (`runPreparedFunction`). */
export interface PreparedExecFunction {
  readonly model: FileModel;
  readonly fn: FunctionContract;
  readonly consts: ReadonlyMap<string, bigint>;
  readonly subst: TypeSubstitution;
  readonly params: readonly PreparedParam[];
  /** The ghost parameters: the input each is generated under, and the name the body binds it to. */
  readonly ghosts: readonly { readonly input: string; readonly binding: string }[];
}

interface PreparedParam {
  readonly name: string;
  readonly span: Span;
  readonly type: ExecType;
  readonly byPlace: boolean;
}

export function prepareExecFunction(model: FileModel, fn: FunctionContract): PreparedExecFunction {
  const subst = instantiatedGenerics(model, fn);
  const selfType = entrySelfType(fn, subst);
  // A trait declaration measured at an impl (trait-declarations.ts) runs the impl's method, whose parameters may be
  // named otherwise: its inputs are the declaration's, bound by position as Verus reads the impl.
  const declared = fn.measuredAtImpl === undefined ? undefined : fn.params;
  const inputName = (param: Param, index: number): string => declared?.[index]?.name ?? paramBindingName(param) ?? param.name;
  const params = fn.item.params.flatMap((param, index): PreparedParam[] =>
    isErasedParam(param)
      ? []
      : [{ name: inputName(param, index), span: param.span, type: execTypeOf(param.type, subst, selfType), byPlace: passesByPlace(param) }],
  );
  const ghosts = fn.item.params.flatMap((param, index) =>
    isErasedParam(param) ? [{ input: inputName(param, index), binding: paramBindingName(param) ?? param.name }] : [],
  );
  return { model, fn, consts: constInstantiation(fn, model.scope), subst, params, ghosts };
}

/** Runs the prepared function as `item` says: its own item, or a code mutant's (its item with another body). A run
 *  that iterated a hash collection is run again with every such iteration reversed: a result that differs depends on
 *  an order the program cannot know (Verus proved the contract for every order), so it is no correct output. */
export function runPreparedFunction(
  prepared: PreparedExecFunction,
  item: FnItem,
  inputs: ReadonlyMap<string, Value>,
  limits: ExecLimits,
): ExecOutcome {
  const fn = prepared.fn;
  if (fn.mode !== 'exec') return { kind: 'not-runnable', reason: `${fn.qualifiedName} is a ${fn.mode} fn`, span: fn.nameSpan };
  const forward = { seen: false, reversed: false };
  const first = runWithIteration(prepared, item, inputs, limits, forward);
  if (!forward.seen || first.kind !== 'returned') return first;
  const second = runWithIteration(prepared, item, inputs, limits, { seen: false, reversed: true });
  return sameReturn(first, second)
    ? first
    : {
        kind: 'unspecified',
        reason: 'the result depends on the order a hash collection iterates in, which the program cannot know',
        span: fn.nameSpan,
      };
}

function sameReturn(a: Extract<ExecOutcome, { kind: 'returned' }>, b: ExecOutcome): boolean {
  if (b.kind !== 'returned' || !valueEquals(a.value, b.value) || a.after.size !== b.after.size) return false;
  return [...a.after].every(([name, value]) => {
    const other = b.after.get(name);
    return other !== undefined && valueEquals(value, other);
  });
}

function runWithIteration(
  prepared: PreparedExecFunction,
  item: FnItem,
  inputs: ReadonlyMap<string, Value>,
  limits: ExecLimits,
  hashIteration: Ctx['hashIteration'],
): ExecOutcome {
  const fn = prepared.fn;
  const ctx: Ctx = {
    model: prepared.model,
    limits,
    counter: { steps: 0, depth: 0, allocations: 0 },
    consts: prepared.consts,
    trusted: { callee: undefined },
    proofBuilt: new Map(),
    hashIteration,
  };
  const slots = new Map<string, Slot>();
  const args: Argument[] = [];
  for (const param of prepared.params) {
    const value = inputs.get(param.name);
    if (value === undefined) return { kind: 'not-runnable', reason: `no input for parameter ${param.name}`, span: param.span };
    const slot: Slot = { value, type: param.type };
    slots.set(param.name, slot);
    args.push(
      param.byPlace
        ? { kind: 'place', place: { root: slot, path: [], type: slot.type } }
        : { kind: 'value', typed: { value, type: slot.type } },
    );
  }
  try {
    const result = invokeFunction(
      ctx,
      { item, qualifiedName: fn.qualifiedName, selfTypeName: fn.selfTypeName },
      args,
      fn.nameSpan,
      prepared.subst,
      ghostInputs(prepared, inputs),
    );
    const after = new Map<string, Value>();
    // A trusted body cannot be the source of what a `&mut` argument's uninterpreted observations become (an opaque
    // token's state): after it they are undetermined.
    const trusted = hasTrustedBody(item.attributes);
    for (const param of prepared.params) {
      const slot = slots.get(param.name);
      if (!param.byPlace || slot === undefined) continue;
      after.set(param.name, trusted ? withPinnedObservations(slot.value, { root: param.name, fields: [] }, []) : slot.value);
    }
    const trustedCallee = ctx.trusted.callee;
    return { kind: 'returned', value: result.value, after, ...(trustedCallee === undefined ? {} : { trustedCallee }) };
  } catch (signal) {
    return outcomeOfSignal(signal);
  }
}

/** The generated values of the fn's ghost parameters, by the names its body binds them to. */
function ghostInputs(prepared: PreparedExecFunction, inputs: ReadonlyMap<string, Value>): Map<string, Value> {
  const ghosts = new Map<string, Value>();
  for (const { input, binding } of prepared.ghosts) {
    const value = inputs.get(input);
    if (value !== undefined) ghosts.set(binding, value);
  }
  return ghosts;
}

/** The value of an exec constant or static (`exec const X86: ArchExec ensures .. { .. }`), computed as a run would
 *  compute it; undefined when its initializer does not run to a value (a panic, what the run cannot follow, the step
 *  budget). */
export function evaluateExecConstant(model: FileModel, constant: ConstItem, limits: ExecLimits): Value | undefined {
  if (constant.value === undefined || constant.mode !== 'exec') return undefined;
  const ctx: Ctx = {
    model,
    limits,
    counter: { steps: 0, depth: 0, allocations: 0 },
    consts: new Map(),
    trusted: { callee: undefined },
    proofBuilt: new Map(),
    hashIteration: { seen: false, reversed: false },
  };
  const type = execTypeOf(constant.type, new Map(), undefined);
  const frame: Frame = { selfTypeName: undefined, selfType: undefined, subst: new Map(), returnType: type };
  try {
    return withDeclaredType(evalExpr(ctx, frame, emptyEnv(), constant.value), type, constant.nameSpan).value;
  } catch (signal) {
    // The run's own outcomes (a panic, a time-out, ...) mean no value; anything else is a bug, rethrown there.
    outcomeOfSignal(signal);
    return undefined;
  }
}

/** The entry fn's generic type parameters at the types the harness measures them with (`T` is `i64`, `K` an impl's
 *  type; see functionTypeContext), so its inputs carry those types inside the body and `K::f(..)` dispatches. */
function instantiatedGenerics(model: FileModel, fn: FunctionContract): TypeSubstitution {
  const instantiated = functionTypeContext(fn, model.scope);
  const generics = instantiated.kind === 'supported' ? instantiated.ctx.generics : undefined;
  const subst = new Map<string, ExecType>();
  for (const [name, type] of generics ?? []) subst.set(name, execTypeOfValueType(type));
  return subst;
}

function entrySelfType(fn: FunctionContract, subst: TypeSubstitution): ExecType | undefined {
  return fn.selfTypeName === undefined ? undefined : implSelfType(fn.selfTypeName, fn.implHeader, subst, subst.size > 0);
}

function outcomeOfSignal(signal: unknown): ExecOutcome {
  if (signal instanceof PanicSignal) {
    const callee = signal.inTrustedCallee;
    return { kind: 'panicked', reason: signal.reason, span: signal.span, ...(callee === undefined ? {} : { trustedCallee: callee }) };
  }
  if (signal instanceof NotRunnableSignal) return { kind: 'not-runnable', reason: signal.reason, span: signal.span };
  if (signal instanceof TimeoutSignal) return { kind: 'timeout' };
  if (signal instanceof AssumeViolatedSignal) return { kind: 'assume-violated', span: signal.span, what: signal.what };
  if (signal instanceof UnspecifiedSignal) return { kind: 'unspecified', reason: signal.reason, span: signal.span };
  // Deep recursion in the user's program exhausts the host stack before our depth limit on some inputs.
  if (signal instanceof RangeError) return { kind: 'timeout' };
  throw signal;
}
