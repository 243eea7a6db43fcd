// Tracked values in exec code. Verus erases them from the compiled program, and exec code never reads one, so the
// run needs a tracked value only where the shadow execution models what it stands for: a pointer's permission, a
// cell's, an atomic's. `Tracked(e)` whose `e` the run cannot compute (`Map::tracked_empty()`, a proof fn's
// result, `Tracked::assume_new()`) is a placeholder instead of stopping the run; whatever later needs the real
// permission (a read through a pointer) is not runnable there, saying why.

import type { Expr } from '../../syntax';
import { opaqueValue } from '../value';
import type { Value } from '../value';
import type { Ctx, Env, Frame, Typed } from './interpreter-state';
import { childEnv } from './interpreter-state';
import { evalExpr } from './interpreter';
import { UNKNOWN } from './exec-types';
import { notRunnable, NotRunnableSignal } from './signals';
import { UNCOMPUTED_GHOST } from './ghost-values';

/** A tracked value the run does not compute, with why (the reason the computation stopped, or its builder). */
export function uncomputedTracked(why: string): Value {
  return opaqueValue(`a tracked value the run does not compute (${why})`);
}

/** `Tracked(e)`, a `tracked` field's initializer: `e`'s value when the run computes it, else a placeholder. */
export function trackedValue(ctx: Ctx, frame: Frame, env: Env, operand: Expr): Typed {
  try {
    return evalExpr(ctx, frame, env, operand);
  } catch (signal) {
    if (!(signal instanceof NotRunnableSignal)) throw signal;
    return { value: uncomputedTracked(signal.reason), type: UNKNOWN };
  }
}

/** `open_atomic_invariant!(inv => inner => { body })` (and `open_local_invariant!`): the body runs, with `inner`,
 *  the invariant's tracked contents, a placeholder that shadows any outer binding of the name. */
export function openInvariant(ctx: Ctx, frame: Frame, env: Env, call: Extract<Expr, { kind: 'macro-call' }>): Typed {
  const [, binding, body] = call.args;
  const name = binding?.kind === 'path' ? binding.segments[0]?.name : undefined;
  if (name === undefined || body === undefined) return notRunnable(`a \`${call.name}!\` call of a form the run does not read`, call.span);
  const scope = childEnv(env);
  scope.vars.set(name, {
    kind: 'slot',
    slot: { value: uncomputedTracked(`the contents of an invariant opened by ${call.name}!`), type: UNKNOWN },
  });
  return evalExpr(ctx, frame, scope, body);
}

/** `Tracked::assume_new()`, `Ghost::assume_new()`: a value proof code takes on trust, never computed. */
export function assumedGhostValue(names: readonly string[]): Value | undefined {
  const [wrapper, constructor] = names;
  if (constructor !== 'assume_new' || (wrapper !== 'Tracked' && wrapper !== 'Ghost')) return undefined;
  return wrapper === 'Tracked' ? uncomputedTracked('Tracked::assume_new()') : UNCOMPUTED_GHOST;
}
