// Repairs of an integer's bits toward a `requires` conjunct that reads them through a mask, a shift or a modulus:
// page alignment (`va & !MEM_4k_MASK == 0`, `addr % 4096 == 0`) and fields packed in a word (`va >> 39 & 0x1ff >=
// KERNEL_MEM_END_L4INDEX`). Random integers meet such facts almost never; setting the bits the conjunct reads, and
// keeping the others as drawn, meets them while the rest of the value stays varied. Part of conjunct-repairs.ts.

import type { ComparisonOp, Expr } from '../syntax';
import type { Value } from './value';
import type { Place } from './ghost-places';
import { readPlace } from './ghost-places';
import { holdsOrder } from './spec/operators';

/** What a repair needs of the conjunct's tools (conjunct-repairs.ts's ConjunctTools). */
export interface BitTools {
  readonly inputs: ReadonlyMap<string, Value>;
  evaluate(expr: Expr): Value | undefined;
  place(expr: Expr): Place | undefined;
  write(place: Place, value: Value): ReadonlyMap<string, Value> | undefined;
}

/** `place >> shift & mask` (shift 0 without `>>`), or `place % modulus`. */
type BitView =
  | { readonly kind: 'field'; readonly place: Place; readonly shift: bigint; readonly mask: bigint }
  | { readonly kind: 'modulus'; readonly place: Place; readonly modulus: bigint };

/** The bits of a place the side reads, when it reads them so; casts and parentheses around the place are seen through. */
export function bitView(side: Expr, tools: BitTools): BitView | undefined {
  const expr = bare(side);
  if (expr.kind !== 'binary') return undefined;
  if (expr.op === '%') {
    const place = placeUnder(expr.left, tools);
    const modulus = constant(expr.right, tools);
    return place === undefined || modulus === undefined || modulus <= 0n ? undefined : { kind: 'modulus', place, modulus };
  }
  if (expr.op !== '&') return undefined;
  for (const [operand, maskSide] of [
    [expr.left, expr.right],
    [expr.right, expr.left],
  ] as const) {
    const mask = constant(maskSide, tools);
    if (mask === undefined) continue;
    const inner = bare(operand);
    if (inner.kind === 'binary' && inner.op === '>>') {
      const place = placeUnder(inner.left, tools);
      const shift = constant(inner.right, tools);
      if (place !== undefined && shift !== undefined && shift >= 0n && shift < 128n) return { kind: 'field', place, shift, mask };
    }
    const place = placeUnder(operand, tools);
    if (place !== undefined) return { kind: 'field', place, shift: 0n, mask };
  }
  return undefined;
}

/** The inputs with the bits `view` reads set so that they compare `op` to `bound`, the other bits as drawn;
 *  `nearest` is the value nearest the bound that meets it (conjunct-repairs.ts). */
export function bitRepair(
  view: BitView,
  op: ComparisonOp,
  bound: bigint,
  nearest: bigint,
  tools: BitTools,
): ReadonlyMap<string, Value> | undefined {
  const present = readPlace(tools.inputs, view.place);
  if (present?.kind !== 'int' || present.value < 0n) return undefined;
  const value = present.value;
  if (view.kind === 'modulus') {
    const wanted = wantedIn(op, bound, nearest, value % view.modulus, view.modulus - 1n);
    return wanted === undefined ? undefined : tools.write(view.place, { kind: 'int', value: value - (value % view.modulus) + wanted });
  }
  const field = (value >> view.shift) & view.mask;
  const wanted = wantedIn(op, bound, nearest, field, view.mask);
  // A field value the mask cannot hold (a gap in the mask's bits) would read back as another.
  if (wanted === undefined || (wanted & view.mask) !== wanted) return undefined;
  const cleared = value & ~(view.mask << view.shift);
  return tools.write(view.place, { kind: 'int', value: cleared | (wanted << view.shift) });
}

/** A value in [0, max] that meets `op bound`: the present one when it does, else the nearest that does (for `!=`,
 *  the one below the bound when the one above is out of range). */
function wantedIn(op: ComparisonOp, bound: bigint, nearest: bigint, present: bigint, max: bigint): bigint | undefined {
  const meets = (candidate: bigint): boolean =>
    candidate >= 0n && candidate <= max && holdsOrder(op, candidate < bound ? -1 : candidate > bound ? 1 : 0);
  if (meets(present)) return present;
  if (meets(nearest)) return nearest;
  return op === '!=' && meets(bound - 1n) ? bound - 1n : undefined;
}

function bare(expr: Expr): Expr {
  let inner = expr;
  while (inner.kind === 'paren' || inner.kind === 'cast') inner = inner.kind === 'paren' ? inner.inner : inner.operand;
  return inner;
}

function placeUnder(expr: Expr, tools: BitTools): Place | undefined {
  return tools.place(bare(expr));
}

/** An operand that does not depend on the place: a literal or a constant expression (`!MEM_4k_MASK as usize`). */
function constant(expr: Expr, tools: BitTools): bigint | undefined {
  if (placeUnder(expr, tools) !== undefined) return undefined;
  const value = tools.evaluate(expr);
  return value?.kind === 'int' ? value.value : undefined;
}
