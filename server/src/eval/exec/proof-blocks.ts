// `proof { .. }` blocks in the shadow execution. Verus erases them from the compiled program, but the ghost state
// they update is what contracts read: atmosphere's `StaticLinkedList::push` does `proof { self.value_list@ =
// self.value_list@.push(ret); }` and promises `self.value_list@ == old(self).value_list@.push(ret)`. Erasing the
// block would leave that field stale, so the after-state would contradict the contract, and a receiver built by
// calling `push` would fail its own `wf()`. So a proof block's assignments run, their right sides computed by the
// spec evaluator; what it cannot compute becomes a placeholder, never a stale value. Verus lets a proof block write
// ghost and tracked places only, so running it never touches exec state.
// What a proof block changes by other means (a proof fn taking `&mut`, `perms.borrow_mut().tracked_insert(..)`, an
// `if` whose condition is not decided) is not modelled: those places become placeholders too.

import type { Block, Expr, Stmt } from '../../syntax';
import type { FileModel } from '../../model';
import { childExpressions } from '../../syntax';
import type { Value } from '../value';
import type { Ctx, Env, Frame, Place } from './interpreter-state';
import { childEnv, lookup, readPlace, writePlace } from './interpreter-state';
import { specValueInScope, UNCOMPUTED_GHOST } from './ghost-values';
import { evalPlace } from './interpreter';
import { AssumeViolatedSignal, NotRunnableSignal } from './signals';
import { checkAssumedLemma, isAdmit } from './assumed-lemmas';
import { UNKNOWN } from './exec-types';
import { patternNames } from '../spec/patterns';

export function runProofBlock(ctx: Ctx, frame: Frame, env: Env, block: Block): void {
  const scope = childEnv(env);
  for (const stmt of block.stmts) runProofStmt(ctx, frame, scope, stmt);
  if (block.tail !== undefined) runProofExpr(ctx, frame, scope, block.tail);
}

function runProofStmt(ctx: Ctx, frame: Frame, env: Env, stmt: Stmt): void {
  if (stmt.kind === 'item') return;
  if (stmt.kind === 'expr') return runProofExpr(ctx, frame, env, stmt.expr);
  const pattern = stmt.pattern;
  // Every local of a proof block is ghost; one the spec evaluator cannot compute is a placeholder, so nothing after
  // it reads an outer binding of the same name.
  const computed =
    pattern.kind === 'binding' && pattern.subpattern === undefined && stmt.init !== undefined
      ? specValueInScope(ctx, frame, env, stmt.init)
      : undefined;
  if (stmt.init !== undefined) invalidateWrites(ctx, frame, env, stmt.init);
  for (const name of patternNames(pattern))
    env.vars.set(name, { kind: 'slot', slot: { value: computed ?? UNCOMPUTED_GHOST, type: UNKNOWN } });
}

function runProofExpr(ctx: Ctx, frame: Frame, env: Env, expr: Expr): void {
  switch (expr.kind) {
    case 'paren':
      return runProofExpr(ctx, frame, env, expr.inner);
    case 'block':
      return runProofBlock(ctx, frame, env, expr.block);
    case 'assign':
      return runGhostAssign(ctx, frame, env, expr);
    case 'if': {
      const condition = specValueInScope(ctx, frame, env, expr.condition);
      if (condition?.kind !== 'bool') return invalidateWrites(ctx, frame, env, expr);
      if (condition.value) return runProofBlock(ctx, frame, env, expr.then);
      if (expr.else !== undefined) runProofExpr(ctx, frame, env, expr.else);
      return;
    }
    case 'ghost':
      if (expr.form === 'assume' && expr.expr !== undefined) checkProofAssume(ctx, frame, env, expr.expr, expr.span);
      if (expr.block !== undefined) runProofBlock(ctx, frame, env, expr.block);
      return;
    case 'call':
      if (isAdmit(expr)) throw new AssumeViolatedSignal(expr.span, 'the body reached `admit()`');
      checkAssumedLemma(ctx, frame, env, expr);
      return invalidateWrites(ctx, frame, env, expr);
    default:
      return invalidateWrites(ctx, frame, env, expr);
  }
}

/** `proof { assume(c) }` is an assumption as an exec `assume` is: Verus checked the fn only for runs where c holds,
 *  so a run where the spec evaluator finds c false is outside what was verified (atmosphere-style kernels assume a
 *  hardware bound, `assume(self.0 & MASK < MAX_PADDR)`, and promise `valid_frame_paddr(res)` on it). */
function checkProofAssume(ctx: Ctx, frame: Frame, env: Env, condition: Expr, span: Expr['span']): void {
  const holds = specValueInScope(ctx, frame, env, condition);
  if (holds?.kind === 'bool' && !holds.value) throw new AssumeViolatedSignal(span);
}

/** `g = e`, `self.f@ = e`, `n = n + 1`: the target takes the spec value of the right side (of `target op e` for a
 *  compound assignment). */
function runGhostAssign(ctx: Ctx, frame: Frame, env: Env, expr: Extract<Expr, { kind: 'assign' }>): void {
  const value: Expr =
    expr.op === '='
      ? expr.value
      : {
          kind: 'binary',
          op: expr.op.slice(0, -1) as Extract<Expr, { kind: 'binary' }>['op'],
          left: expr.target,
          right: expr.value,
          span: expr.span,
        };
  const computed = specValueInScope(ctx, frame, env, value);
  invalidateWrites(ctx, frame, env, expr.value);
  const place = ghostPlace(ctx, frame, env, expr.target);
  if (place !== undefined) writeGhost(place, computed);
}

function writeGhost(place: Place, value: Value | undefined): void {
  writePlace(place, value ?? UNCOMPUTED_GHOST);
  if (place.path.length === 0) place.root.type = UNKNOWN;
}

/** Every place `expr` may write: assignment targets, `&mut` operands, receivers of `&mut self` methods. */
function invalidateWrites(ctx: Ctx, frame: Frame, env: Env, expr: Expr): void {
  const target = writtenPlaceExpr(ctx, expr);
  if (target !== undefined) forgetGhostPlace(ctx, frame, env, target);
  for (const child of childExpressions(expr)) invalidateWrites(ctx, frame, env, child);
}

/** The ghost place `target` names holds a placeholder from now on. */
export function forgetGhostPlace(ctx: Ctx, frame: Frame, env: Env, target: Expr): void {
  const place = ghostPlace(ctx, frame, env, target);
  if (place !== undefined) writeGhost(place, undefined);
}

function writtenPlaceExpr(ctx: Ctx, expr: Expr): Expr | undefined {
  if (expr.kind === 'assign') return expr.target;
  if (expr.kind === 'unary' && expr.op === '&mut') return expr.operand;
  // A view (`s@.push(x)`) is a spec value, never a place a method writes.
  if (expr.kind === 'method-call' && expr.receiver.kind !== 'view' && mutatesReceiver(ctx, expr.method)) return expr.receiver;
  return undefined;
}

/** vstd's tracked mutators (`tracked_insert`, `tracked_remove`, `borrow_mut`), and a method of the file that takes
 *  `&mut self` under that name (the receiver's type is not known here, so the name decides: a write too many only
 *  loses a ghost value). */
function mutatesReceiver(ctx: Ctx, method: string): boolean {
  if (method === 'borrow_mut' || (method.startsWith('tracked_') && method !== 'tracked_borrow')) return true;
  return mutatingMethodNames(ctx.model).has(method);
}

/** The names of the file's `&mut self` methods, found once per model (proof blocks run on every input). */
function mutatingMethodNames(model: FileModel): ReadonlySet<string> {
  let names = MUTATING_METHODS.get(model);
  if (names === undefined) {
    names = new Set(
      model.functions.filter((fn) => fn.params.some((param) => param.isSelf && param.passing === 'mut')).map((fn) => fn.name),
    );
    MUTATING_METHODS.set(model, names);
  }
  return names;
}

const MUTATING_METHODS = new WeakMap<FileModel, ReadonlySet<string>>();

/** The place a ghost write lands in: `x`, `self.f`, `v[i]`; a view `g@` and `*r` are their operand's place, as is
 *  `t.borrow_mut()`. Undefined when the target is not a place of this run (a ghost local of proof code the run did
 *  not bind). */
function ghostPlace(ctx: Ctx, frame: Frame, env: Env, target: Expr): Place | undefined {
  const inner = placeExpr(target);
  if (inner.kind === 'path' && inner.segments.length === 1 && lookup(env, inner.segments[0]?.name ?? '') === undefined) return undefined;
  try {
    const place = evalPlace(ctx, frame, env, inner);
    if (place !== undefined) readPlace(place);
    return place;
  } catch (signal) {
    if (signal instanceof NotRunnableSignal) return undefined;
    throw signal;
  }
}

function placeExpr(target: Expr): Expr {
  if (target.kind === 'paren') return placeExpr(target.inner);
  if (target.kind === 'view') return placeExpr(target.operand);
  if (target.kind === 'unary' && target.op === '*') return placeExpr(target.operand);
  if (target.kind === 'method-call' && target.args.length === 0 && (target.method === 'borrow_mut' || target.method === 'borrow'))
    return placeExpr(target.receiver);
  return target;
}
