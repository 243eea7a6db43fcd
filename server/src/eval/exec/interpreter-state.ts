// Interpreter state: typed values, mutable variable slots, places (a slot plus a path into it) for assignment and
// `&mut` write-back, scopes, and the per-run step budget.

import type { Span } from '../../syntax';
import type { FileModel } from '../../model';
import type { Value } from '../value';
import type { StackAllowance } from '../spec/spec-context';
import type { ExecType, TypeSubstitution } from './exec-types';
import { UNKNOWN } from './exec-types';
import { fieldType } from './datatypes';
import { notRunnable, panic, TimeoutSignal } from './signals';
import { isObservationField } from '../observations';
import { valueEquals } from '../value-ops';
import { HIDDEN_FIELD } from '../type-resolution';

/** A run-time value with the static type the program gives it. */
export interface Typed {
  readonly value: Value;
  readonly type: ExecType;
}

/** A variable's storage. Mutable on purpose: assignment and `&mut` write through it. */
export interface Slot {
  value: Value;
  type: ExecType;
}

export type PathStep = { readonly kind: 'index'; readonly index: number } | { readonly kind: 'field'; readonly name: string };

/** An assignable location: `v`, `s.f`, `v[i].0`, `*r`. */
export interface Place {
  readonly root: Slot;
  readonly path: readonly PathStep[];
  readonly type: ExecType;
}

export type Binding = { readonly kind: 'slot'; readonly slot: Slot } | { readonly kind: 'ref'; readonly place: Place };

export interface Env {
  readonly vars: Map<string, Binding>;
  readonly parent: Env | undefined;
}

export interface ExecLimits {
  /** Expression evaluations allowed in one run; exhausting it is a `timeout`. */
  readonly stepBudget: number;
  /** Nested calls allowed (deep recursion would overflow the host stack). */
  readonly maxCallDepth: number;
}

/** Call depth caps by host stack (see StackAllowance). Measured with cold code, Node 20, no cap: a recursive fn
 *  whose body nests blocks, `if`, `match` and `let` (the deepest shape tried) overflowed the default stack at
 *  ~860 calls and a 256 MB worker's at ~58,600; a plain `if n == 0 {..} else {1 + f(n - 1)}` at ~1,770 and
 *  ~121,000. The caps keep a margin of about 3x on the deepest shape. Deeper recursion is a time-out. */
export const EXEC_CALL_DEPTH_LIMITS: Readonly<Record<StackAllowance, number>> = { default: 250, large: 18_000 };

export interface Ctx {
  readonly model: FileModel;
  readonly limits: ExecLimits;
  /** `allocations`: pointers the run created (`PPtr::new`), each at its own address. */
  readonly counter: { steps: number; depth: number; allocations: number };
  /** The entry fn's const generic parameters at the values they are measured at (constInstantiation). */
  readonly consts: ReadonlyMap<string, bigint>;
  /** The first `external_body` fn the run called: Verus trusted its contract instead of its body, so the run's
   *  ghost state may not be what the code's contracts say. */
  readonly trusted: { callee: string | undefined };
  /** `let tracked` locals the run could not compute, each with what built it (`tracked_borrow(..)`): exec code that
   *  reads one cannot run, and the reason says where the value came from. */
  readonly proofBuilt: Map<string, string>;
  /** Whether the run iterated a hash collection (`seen`), and whether it does so in the reversed order: a result
   *  that depends on that order, which the program cannot know, is no correct output (exec/index.ts). */
  readonly hashIteration: { seen: boolean; readonly reversed: boolean };
}

/** What a function body runs in: its impl's self type and generic substitution. */
export interface Frame {
  readonly selfTypeName: string | undefined;
  readonly selfType: ExecType | undefined;
  readonly subst: TypeSubstitution;
  readonly returnType: ExecType;
}

export function tick(ctx: Ctx): void {
  ctx.counter.steps += 1;
  if (ctx.counter.steps > ctx.limits.stepBudget) throw new TimeoutSignal();
}

/** Values are immutable, so writing into a sequence copies it: charge the copy against the step budget, so that
 *  the budget bounds running time even for loops that grow a vector to hundreds of thousands of elements. */
export function chargeWrite(ctx: Ctx, place: Place): void {
  let copied = 0;
  let value: Value | undefined = place.root.value;
  for (const step of [...place.path, undefined]) {
    if (value === undefined) break;
    if (value.kind === 'seq') copied += value.elements.length;
    value = step === undefined ? undefined : stepInto(value, step);
  }
  const cost = Math.floor(copied / 16);
  if (cost === 0) return;
  ctx.counter.steps += cost;
  if (ctx.counter.steps > ctx.limits.stepBudget) throw new TimeoutSignal();
}

export function childEnv(parent: Env): Env {
  return { vars: new Map(), parent };
}

export function lookup(env: Env, name: string): Binding | undefined {
  for (let scope: Env | undefined = env; scope !== undefined; scope = scope.parent) {
    const binding = scope.vars.get(name);
    if (binding !== undefined) return binding;
  }
  return undefined;
}

export function declare(env: Env, name: string, typed: Typed): void {
  env.vars.set(name, { kind: 'slot', slot: { value: typed.value, type: typed.type } });
}

export function placeOfBinding(binding: Binding): Place {
  return binding.kind === 'ref' ? binding.place : { root: binding.slot, path: [], type: binding.slot.type };
}

export function readPlace(place: Place): Typed {
  let value = place.root.value;
  for (const step of place.path) value = stepInto(value, step);
  return { value, type: place.path.length === 0 ? place.root.type : place.type };
}

export function writePlace(place: Place, value: Value): void {
  place.root.value = rebuild(place.root.value, place.path, 0, value);
}

/** The place of `base[index]`, checking bounds as Rust does. */
export function indexPlace(base: Place, index: bigint, span: Span): Place {
  const current = readPlace(base).value;
  const length = current.kind === 'seq' ? current.elements.length : 0;
  if (index < 0n || index >= BigInt(length)) panic(`index out of bounds: the len is ${length} but the index is ${index}`, span);
  const elementType = base.type.kind === 'seq' ? base.type.element : UNKNOWN;
  return { root: base.root, path: [...base.path, { kind: 'index', index: Number(index) }], type: elementType };
}

/** An opaque value as a reason names it: a hidden field's placeholder by the type it stands for. */
function opaqueText(text: string): string {
  const hidden = `${HIDDEN_FIELD} `;
  return text.startsWith(hidden)
    ? `the hidden field value \`${text.slice(hidden.length)}\`, a type the harness does not have`
    : `\`${text}\``;
}

/** The place of `base.field`. An opaque value has no fields to read or write: a hidden field of an `external_body`
 *  struct (a library's state behind a wrapper) is not there, and going on would drop the write or read the
 *  placeholder. */
export function fieldPlace(ctx: Ctx, base: Place, field: string, span: Span): Place {
  const holder = readPlace(base).value;
  if (holder.kind === 'opaque') return notRunnable(`reaches \`.${field}\` inside ${opaqueText(holder.text)}`, span);
  // A field the value does not have is reached through a `Deref` impl (`guard.segment` on ostd's RwLockReadGuard),
  // which the run does not follow: reading on would read the holder itself.
  if (holder.kind === 'struct' && !holder.fields.some(([name]) => name === field))
    return notRunnable(
      `reads \`.${field}\` of a \`${holder.name}\`, which has no such field (through a \`Deref\` the run does not follow)`,
      span,
    );
  return { root: base.root, path: [...base.path, { kind: 'field', name: field }], type: fieldType(ctx, base.type, field, undefined) };
}

function stepInto(value: Value, step: PathStep): Value {
  if (step.kind === 'index') {
    if (value.kind === 'seq') return value.elements[step.index] ?? value;
    return value;
  }
  if (value.kind === 'tuple') return value.elements[Number(step.name)] ?? value;
  if (value.kind === 'struct' || value.kind === 'enum') return value.fields.find(([name]) => name === step.name)?.[1] ?? value;
  return value;
}

function rebuild(value: Value, path: readonly PathStep[], at: number, replacement: Value): Value {
  const step = path[at];
  if (step === undefined) return replacement;
  const inner = (old: Value): Value => rebuild(old, path, at + 1, replacement);
  if (step.kind === 'index' && value.kind === 'seq') {
    const elements = value.elements.slice();
    elements[step.index] = inner(elements[step.index] ?? value);
    return { ...value, elements };
  }
  if (step.kind === 'field' && value.kind === 'tuple') {
    const elements = value.elements.slice();
    const index = Number(step.name);
    elements[index] = inner(elements[index] ?? value);
    return { kind: 'tuple', elements };
  }
  if (step.kind === 'field' && (value.kind === 'struct' || value.kind === 'enum')) {
    const fields = value.fields.map(([name, old]) => [name, name === step.name ? inner(old) : old] as const);
    return { ...value, fields: withoutStaleObservations(value.fields, fields, step.name) };
  }
  return value;
}

/** A struct's uninterpreted observations (`observations.ts`) are functions of the whole value: once one of its
 *  fields changes, nothing says what they are (a trusted call's `ensures` may pin them again). */
function withoutStaleObservations(
  before: readonly (readonly [string, Value])[],
  after: readonly (readonly [string, Value])[],
  written: string,
): readonly (readonly [string, Value])[] {
  if (isObservationField(written) || !after.some(([name]) => isObservationField(name))) return after;
  const unchanged = after.every(([name, value], index) => name !== written || valueEquals(value, before[index]?.[1] ?? value));
  return unchanged ? after : after.filter(([name]) => !isObservationField(name));
}
