// The spec evaluator's context, environments and internal result type. Internally a result is a bare `Value`
// or a `Failure` (indeterminate/unsupported), so the hot path allocates no wrapper objects.

import type { ModelScope } from '../../model';
import type { Span, Type } from '../../syntax';
import type { BinderPlan } from './quantifiers';
import type { Value } from '../value';
import { BUDGET_EXHAUSTED, RUN_CANCELLED } from './reasons';

/** The one default step budget per evaluation: the CLI (`check --step-budget`), the editor and the generator's
 *  `requires` checks all start from it, so the same file scores the same everywhere. */
export const DEFAULT_STEP_BUDGET = 200_000;

/** How much JS stack the host gives the evaluator. `default`: Node's own (about 1 MB on the main thread and
 *  in a default worker); `large`: a worker started with `resourceLimits.stackSizeMb: LARGE_STACK_SIZE_MB`
 *  (the `spec-harness` bin runs the CLI in one). The allowance picks fixed limits, so verdicts depend only on
 *  the inputs and the allowance, never on how warm the JIT happens to be. */
export type StackAllowance = 'default' | 'large';

/** What an exception thrown inside the evaluator (a bug, never user input) becomes. `unsupported`: a verdict that
 *  names it, so one clause is lost rather than the run (what users get). `throw`: it propagates, so a bug fails
 *  the test that meets it instead of passing as `unsupported` (the test suites, through the front ends'
 *  SPEC_HARNESS_INTERNAL_ERRORS=throw; see internalErrorsFrom). A JS stack overflow is a limit, not a bug: it is
 *  always an indeterminate verdict. */
export type InternalErrors = 'unsupported' | 'throw';

/** The policy an entry point's setting (SPEC_HARNESS_INTERNAL_ERRORS, read by the front end) asks for. */
export function internalErrorsFrom(setting: string | undefined): InternalErrors {
  return setting === 'throw' ? 'throw' : 'unsupported';
}

/** The worker stack (MB) the `large` allowance is calibrated for. */
export const LARGE_STACK_SIZE_MB = 256;

export interface RecursionLimits {
  /** User spec fn calls nest at most this deep; deeper is "recursion too deep". */
  readonly maxRecursionDepth: number;
  /** The JS stack bound, made deterministic: each active user call holds as many units as its body's expression
   *  nesting depth, and the total stays below this. */
  readonly maxStackUnits: number;
}

/** Limits by allowance. Measured with cold (interpreted) code, Node 20, unlimited caps, bodies of 5-13 units
 *  (if/else, match + let, a quantifier per call): on the default stack the overflow came at 3,400-4,500 units,
 *  in a 256 MB worker at 1,020,000-1,260,000. Both limits keep a margin of about 3x (e.g. `tri`, 8 units a
 *  call, recurses 150 deep by default and 37,500 deep with `large`). A stack overflow that still happens is
 *  caught and is also "recursion too deep". */
export const RECURSION_LIMITS: Readonly<Record<StackAllowance, RecursionLimits>> = {
  default: { maxRecursionDepth: 2_000, maxStackUnits: 1_200 },
  large: { maxRecursionDepth: 100_000, maxStackUnits: 300_000 },
};

/** The allowance a worker's stack size (MB; `worker_threads.resourceLimits.stackSizeMb`) affords. */
export function stackAllowanceFor(stackSizeMb: number | undefined): StackAllowance {
  return stackSizeMb !== undefined && stackSizeMb >= LARGE_STACK_SIZE_MB ? 'large' : 'default';
}

export const DEFAULT_MAX_RECURSION_DEPTH = RECURSION_LIMITS.default.maxRecursionDepth;
export const DEFAULT_MAX_STACK_UNITS = RECURSION_LIMITS.default.maxStackUnits;

export type EvalResult =
  | { readonly kind: 'value'; readonly value: Value }
  | { readonly kind: 'indeterminate'; readonly reason: string; readonly span: Span }
  | { readonly kind: 'unsupported'; readonly construct: string; readonly span: Span };

export type Failure = Exclude<EvalResult, { kind: 'value' }>;
/** What every internal evaluation step returns. `Value` kinds never collide with the failure kinds. */
export type Res = Value | Failure;

export interface SpecContext {
  readonly scope: ModelScope;
  readonly stepBudget: number;
  /** Polled every CANCEL_POLL_STEPS steps: once true, evaluation stops as `run cancelled` (the caller discards it). */
  readonly cancelled: () => boolean;
  /** The impl whose body is being evaluated (for `Self::`); switched while a method body runs. */
  selfTypeName: string | undefined;
  /** The self type, as written, of the impl whose code is being evaluated (switched with selfTypeName): a method
   *  called on `self` goes to this impl when several impls cover one built-in type (`Vec<u8>`, `Vec<T>`). */
  implSelf: Type | undefined;
  readonly maxRecursionDepth: number;
  readonly maxStackUnits: number;
  readonly internalErrors: InternalErrors;
  /** Stack units held by the active user calls (see RECURSION_LIMITS). */
  stackUnits: number;
  /** Steps used so far (one per expression node, plus the size of bulk collection work). */
  steps: number;
  /** Current and deepest user spec fn call depth. */
  callDepth: number;
  maxCallDepth: number;
  /** Closure parameter types by closure body, so `Set::new(|x: u8| ..)` can enumerate `x` by its type. */
  readonly closureParamTypes: WeakMap<object, readonly (Type | undefined)[]>;
  /** Environments rebuilt from closure captures, so applying a closure many times rebuilds it once. */
  readonly closureEnvs: WeakMap<object, Env>;
  /** Quantifier domain plans by quantifier (or comprehension body) node: they depend only on the syntax. */
  readonly quantifierPlans: WeakMap<object, readonly BinderPlan[]>;
  /** Results of user spec fn calls with scalar arguments, by `qualifiedName(args)`: spec fns are pure, so within
   *  one obligation a call is evaluated once (naive `fib(60)` stays linear). Cleared per obligation. */
  readonly memo: Map<string, Value>;
  /** The module whose code is being evaluated (FunctionContract.modulePath), for name resolution. */
  modulePath: readonly string[] | undefined;
  /** The contract's generic parameters by the concrete type's name they are measured at (`K` -> `SHTKey`), so
   *  `K::f(..)` and methods on integer values dispatch to the impl the harness instantiated (enterFunction). */
  typeParams: ReadonlyMap<string, string>;
  /** The contract's const generic parameters at the values they are measured at (`N` -> 3; constInstantiation),
   *  for its clauses and the spec fns they call. */
  constParams: ReadonlyMap<string, bigint>;
  /** The type parameters of the spec fn being evaluated whose values its body can only compare for equality
   *  (parametric-domain.ts); switched by each user spec fn call. */
  parametricTypes: ReadonlySet<string>;
  /** typeParams and constParams by contract, computed once per context (one file's scope): a batch enters the
   *  same contract once per obligation. */
  readonly instantiationByFn: WeakMap<
    object,
    { readonly typeParams: ReadonlyMap<string, string>; readonly constParams: ReadonlyMap<string, bigint> }
  >;
  /** `choose` expressions with several witnesses fixed to one of them while entry.ts re-evaluates the enclosing
   *  clause once per witness (the pick applies only where the witnesses are the same). */
  readonly chosen: Map<object, { readonly witnesses: readonly Value[]; readonly pick: Value }>;
  /** The first `choose` with several witnesses met and not yet fixed, for entry.ts to resolve. */
  pendingChoice: { readonly expr: object; readonly witnesses: readonly Value[] } | undefined;
  /** Whether clauses in fast-path.ts's subset are run compiled (the same verdicts and steps, sooner). */
  readonly fastPath: boolean;
  /** Clauses the fast path decided in this context (tests check it is taken). */
  fastClauses: number;
}

export interface SpecContextOptions {
  readonly stepBudget?: number;
  readonly selfTypeName?: string;
  /** Picks maxRecursionDepth and maxStackUnits (RECURSION_LIMITS); `default` when absent. */
  readonly stackAllowance?: StackAllowance;
  /** Overrides the allowance's limit (tests). */
  readonly maxRecursionDepth?: number;
  /** Overrides the allowance's limit (tests). */
  readonly maxStackUnits?: number;
  readonly modulePath?: readonly string[];
  /** See SpecContext.constParams (enterFunction sets them too). */
  readonly constParams?: ReadonlyMap<string, bigint>;
  /** A newer run made this one moot (the editor's shared flag); never true when absent. A pure input: the
   *  evaluator polls it, it reads no clock. */
  readonly cancelled?: () => boolean;
  /** `unsupported` when absent. */
  readonly internalErrors?: InternalErrors;
  /** On when absent; off only to compare the fast path with the tree walk (tests). */
  readonly fastPath?: boolean;
}

/** Immutable bindings an expression is evaluated under. */
export interface SpecEnv {
  /** Parameters at entry (and the return name bound to the output). */
  readonly values: ReadonlyMap<string, Value>;
  /** `&mut` parameters: `old(x)` is `old`, `final(x)` and plain `x` are `final`. */
  readonly mutables: ReadonlyMap<string, { readonly old: Value; readonly final: Value }>;
  /** Declared types of the names above, where known: values carry no width, and `<<` truncates to its left
   *  operand's. */
  readonly types?: ReadonlyMap<string, Type>;
}

/** Internal environment: the caller's bindings plus a persistent list of local bindings (let, patterns,
 *  quantifier binders). A local may hold a failure: a `matches` whose scrutinee was indeterminate poisons
 *  the names it would have bound, so later uses are indeterminate rather than "unknown name". */
export interface Env {
  readonly base: SpecEnv;
  readonly locals: Local | undefined;
}

export interface Local {
  readonly name: string;
  readonly value: Res;
  /** The declared type, for a binding that has one (a spec fn's parameter). */
  readonly type?: Type;
  readonly next: Local | undefined;
}

export const EMPTY_SPEC_ENV: SpecEnv = { values: new Map(), mutables: new Map() };

const NO_TYPE_PARAMS: ReadonlyMap<string, string> = new Map();
const NO_CONST_PARAMS: ReadonlyMap<string, bigint> = new Map();
const NO_PARAMETRIC_TYPES: ReadonlySet<string> = new Set();

export function createSpecContext(scope: ModelScope, options: SpecContextOptions = {}): SpecContext {
  const limits = RECURSION_LIMITS[options.stackAllowance ?? 'default'];
  return {
    scope,
    stepBudget: options.stepBudget ?? DEFAULT_STEP_BUDGET,
    cancelled: options.cancelled ?? NEVER_CANCELLED,
    selfTypeName: options.selfTypeName,
    implSelf: undefined,
    maxRecursionDepth: options.maxRecursionDepth ?? limits.maxRecursionDepth,
    maxStackUnits: options.maxStackUnits ?? limits.maxStackUnits,
    internalErrors: options.internalErrors ?? 'unsupported',
    stackUnits: 0,
    steps: 0,
    callDepth: 0,
    maxCallDepth: 0,
    closureParamTypes: new WeakMap(),
    closureEnvs: new WeakMap(),
    quantifierPlans: new WeakMap(),
    memo: new Map(),
    modulePath: options.modulePath,
    typeParams: NO_TYPE_PARAMS,
    parametricTypes: NO_PARAMETRIC_TYPES,
    constParams: options.constParams ?? NO_CONST_PARAMS,
    instantiationByFn: new WeakMap(),
    chosen: new Map(),
    pendingChoice: undefined,
    fastPath: options.fastPath ?? true,
    fastClauses: 0,
  };
}

export function indeterminate(reason: string, span: Span): Failure {
  return { kind: 'indeterminate', reason, span };
}

export function unsupported(construct: string, span: Span): Failure {
  return { kind: 'unsupported', construct, span };
}

export function isFailure(res: Res): res is Failure {
  return res.kind === 'indeterminate' || res.kind === 'unsupported';
}

/** `f` of each item, or the first failure among them. */
export function allValues<T>(items: readonly T[], f: (item: T) => Res): Value[] | Failure {
  const values: Value[] = [];
  for (const item of items) {
    const res = f(item);
    if (isFailure(res)) return res;
    values.push(res);
  }
  return values;
}

export { BUDGET_EXHAUSTED, RUN_CANCELLED } from './reasons';

/** How often (in steps) the evaluator polls `cancelled`: often enough to stop within a fraction of a millisecond,
 *  rarely enough that an Atomics.load costs nothing measurable. */
const CANCEL_POLL_STEPS = 4096;

const NEVER_CANCELLED = (): boolean => false;

/** Counts one step; a failure once the budget is spent or the run was cancelled. */
export function step(ctx: SpecContext, span: Span): Failure | undefined {
  if (++ctx.steps > ctx.stepBudget) return indeterminate(BUDGET_EXHAUSTED, span);
  return ctx.steps % CANCEL_POLL_STEPS === 0 && ctx.cancelled() ? indeterminate(RUN_CANCELLED, span) : undefined;
}

/** Charges `n` steps; returns a failure once the budget is spent. */
export function charge(ctx: SpecContext, n: number, span: Span): Failure | undefined {
  ctx.steps += Math.ceil(n);
  return ctx.steps > ctx.stepBudget ? indeterminate(BUDGET_EXHAUSTED, span) : undefined;
}

export function bindLocal(env: Env, name: string, value: Res): Env {
  return { base: env.base, locals: { name, value, next: env.locals } };
}

export function bindTypedLocal(env: Env, name: string, value: Res, type: Type): Env {
  return { base: env.base, locals: { name, value, type, next: env.locals } };
}

export function bindLocals(env: Env, bindings: readonly (readonly [string, Res])[]): Env {
  let locals = env.locals;
  for (const [name, value] of bindings) locals = { name, value, next: locals };
  return { base: env.base, locals };
}

/** Looks a plain name up: locals, then parameters, then `&mut` parameters (their final value). */
export function lookupName(env: Env, name: string): Res | undefined {
  for (let local = env.locals; local !== undefined; local = local.next) {
    if (local.name === name) return local.value;
  }
  const value = env.base.values.get(name);
  if (value !== undefined) return value;
  return env.base.mutables.get(name)?.final;
}

/** The declared type of a plain name, found the way lookupName finds its value; undefined when the binding has
 *  none (a pattern or an untyped binder). */
export function declaredTypeOf(env: Env, name: string): Type | undefined {
  for (let local = env.locals; local !== undefined; local = local.next) {
    if (local.name === name) return local.type;
  }
  return env.base.types?.get(name);
}

/** Every value bound in `env`: locals (not the poisoned ones), parameters, and both values of `&mut` parameters. */
export function heldValues(env: Env): Value[] {
  const held: Value[] = [];
  for (let local = env.locals; local !== undefined; local = local.next) if (!isFailure(local.value)) held.push(local.value);
  held.push(...env.base.values.values());
  for (const { old, final } of env.base.mutables.values()) held.push(old, final);
  return held;
}

/** Key under which a closure's captured environment keeps a `&mut` parameter's entry value. */
export function oldKey(name: string): string {
  return `\u0000old:${name}`;
}

/** Flattens an environment into the map a closure value captures (innermost binding wins). */
export function captureEnv(env: Env): ReadonlyMap<string, Value> {
  const captured = new Map<string, Value>(env.base.values);
  for (const [name, pair] of env.base.mutables) {
    captured.set(name, pair.final);
    captured.set(oldKey(name), pair.old);
  }
  const locals: Local[] = [];
  for (let local = env.locals; local !== undefined; local = local.next) locals.push(local);
  for (let i = locals.length - 1; i >= 0; i--) {
    const local = locals[i];
    if (local !== undefined && !isFailure(local.value)) captured.set(local.name, local.value);
  }
  return captured;
}

/** Rebuilds the environment a closure body runs in from its captured map. */
export function envFromCapture(captured: ReadonlyMap<string, Value>): Env {
  const mutables = new Map<string, { old: Value; final: Value }>();
  for (const [key, old] of captured) {
    if (!key.startsWith('\u0000old:')) continue;
    const name = key.slice(5);
    const final = captured.get(name);
    if (final !== undefined) mutables.set(name, { old, final });
  }
  return { base: { values: captured, mutables }, locals: undefined };
}
