// `std::mem::swap`, `replace` and `take` (also through `core::mem`): they move values between places, as the
// verified BST maps of Verus's guide do with `std::mem::swap(&mut node.left, &mut tmp)`.

import type { Expr, Span } from '../../syntax';
import type { Value } from '../value';
import type { Ctx, Env, Frame, Place, Typed } from './interpreter-state';
import { chargeWrite, readPlace, writePlace } from './interpreter-state';
import { evalExpr, evalPlace, UNIT_TYPED } from './interpreter';
import { notRunnable } from './signals';

/** `mem::swap(&mut a, &mut b)`, `mem::replace(&mut a, v)` (the old value), `mem::take(&mut a)` (the old value, `a`
 *  left at its type's default); undefined for any other `mem::` function. */
export function memCall(ctx: Ctx, frame: Frame, env: Env, name: string, args: readonly Expr[], span: Span): Typed | undefined {
  switch (name) {
    case 'swap': {
      const [a, b] = args.map((arg) => placeOf(ctx, frame, env, arg, span));
      if (a === undefined || b === undefined || args.length !== 2) return notRunnable('`mem::swap` needs two arguments', span);
      const [first, second] = [readPlace(a), readPlace(b)];
      write(ctx, a, second.value);
      write(ctx, b, first.value);
      return UNIT_TYPED;
    }
    case 'replace': {
      const [target, replacement] = args;
      if (target === undefined || replacement === undefined || args.length !== 2)
        return notRunnable('`mem::replace` needs two arguments', span);
      const place = placeOf(ctx, frame, env, target, span);
      const old = readPlace(place);
      write(ctx, place, evalExpr(ctx, frame, env, replacement).value);
      return old;
    }
    case 'take': {
      const [target] = args;
      if (target === undefined || args.length !== 1) return notRunnable('`mem::take` needs one argument', span);
      const place = placeOf(ctx, frame, env, target, span);
      const old = readPlace(place);
      write(ctx, place, defaultOf(old) ?? notRunnable('`mem::take` of a value whose default the run does not know', span));
      return old;
    }
    default:
      return undefined;
  }
}

function placeOf(ctx: Ctx, frame: Frame, env: Env, arg: Expr, span: Span): Place {
  const inner = arg.kind === 'unary' && arg.op === '&mut' ? arg.operand : arg;
  return evalPlace(ctx, frame, env, inner) ?? notRunnable('a `mem::` function on a value that is not a place', span);
}

function write(ctx: Ctx, place: Place, value: Value): void {
  chargeWrite(ctx, place);
  writePlace(place, value);
}

/** `Default::default()` of a value's type, known from the value itself: empty collections and strings, zero,
 *  `false`, `None`. */
function defaultOf(old: Typed): Value | undefined {
  const value = old.value;
  switch (value.kind) {
    case 'seq':
      return { kind: 'seq', elements: [], ...(value.text === true ? { text: true } : {}) };
    case 'set':
      return { kind: 'set', elements: [] };
    case 'map':
      return { kind: 'map', entries: [] };
    case 'int':
      return { kind: 'int', value: 0n };
    case 'bool':
      return { kind: 'bool', value: false };
    case 'enum':
      return value.name === 'Option' ? { kind: 'enum', name: 'Option', variant: 'None', fields: [] } : undefined;
    default:
      return undefined;
  }
}
