// A proof fn that is not itself proved (its body `assume`s or `admit`s, it is an `axiom fn`, `external_body`, or has
// no body) states an assumption: a caller's proof block that calls it is verified only on runs where its `ensures`
// holds. APAS-style code wraps `assume` in such a helper (`proof fn accept(b: bool) ensures b { assume(b); }`) and
// calls `accept(equal == (self@ == other@))`. A run where the lemma's `ensures` is false on the arguments (its
// `requires` holding) is outside what Verus verified, as an exec `assume(false)` would be. A proved lemma's ensures
// cannot be false there, so only unproved ones are checked, which also keeps proof blocks cheap.

import type { Expr, FnItem, Stmt } from '../../syntax';
import { hasTrustedBody } from '../../model';
import { isRecord } from '../../stdx';
import type { Ctx, Env, Frame } from './interpreter-state';
import { specValueInScope } from './ghost-values';
import { AssumeViolatedSignal } from './signals';

/** Throws AssumeViolatedSignal when `call` is an unproved proof fn whose `ensures` is decided false on its
 *  arguments while its `requires` holds; anything undecided passes. */
export function checkAssumedLemma(ctx: Ctx, frame: Frame, env: Env, call: Extract<Expr, { kind: 'call' }>): void {
  const callee = call.callee;
  if (callee.kind !== 'path') return;
  const resolved = ctx.model.scope.resolveFunction(
    callee.segments.map((segment) => segment.name),
    frame.selfTypeName,
  );
  const item = resolved?.item;
  if (item === undefined || item.mode !== 'proof' || item.ensures.length === 0 || !isUnproved(item)) return;
  const params = item.params.filter((param) => !param.isSelf);
  if (params.length !== call.args.length) return;
  const holds = (clauses: readonly Expr[]): boolean | undefined => {
    // `{ let p = arg; .. clause }`: the arguments bound to the lemma's parameter names, in the caller's scope.
    const span = call.span;
    const stmts: Stmt[] = params.map((param, index) => ({
      kind: 'let',
      pattern: { kind: 'binding', name: param.name, mutable: false, byRef: false, subpattern: undefined, span },
      type: undefined,
      init: call.args[index],
      else: undefined,
      ghostMode: 'exec',
      span,
    }));
    const all = clauses.reduce<Expr | undefined>(
      (acc, clause) => (acc === undefined ? clause : { kind: 'binary', op: '&&', left: acc, right: clause, span }),
      undefined,
    );
    if (all === undefined) return true;
    const value = specValueInScope(ctx, frame, env, { kind: 'block', block: { stmts, tail: all, span }, span });
    return value?.kind === 'bool' ? value.value : undefined;
  };
  if (holds(item.requires.map((clause) => clause.expr)) !== true) return;
  if (holds(item.ensures.map((clause) => clause.expr)) === false)
    throw new AssumeViolatedSignal(call.span, `the unproved lemma \`${resolved?.qualifiedName ?? item.name}\`'s ensures was false`);
}

/** An `axiom fn`, an `external_body` or bodiless proof fn, or one whose body assumes or admits. */
function isUnproved(item: FnItem): boolean {
  if (item.isAxiom || item.body === undefined || hasTrustedBody(item.attributes)) return true;
  let known = UNPROVED.get(item);
  if (known === undefined) {
    known = assumes(item.body, 0);
    UNPROVED.set(item, known);
  }
  return known;
}

const UNPROVED = new WeakMap<FnItem, boolean>();

/** Syntax nests deeper than any real body past this; the walk stops there. */
const MAX_DEPTH = 200;

/** vstd's `admit()` assumes `false`: nothing after it in the run was verified. */
export function isAdmit(expr: Extract<Expr, { kind: 'call' }>): boolean {
  const callee = expr.callee;
  return expr.args.length === 0 && callee.kind === 'path' && callee.segments[callee.segments.length - 1]?.name === 'admit';
}

/** Whether an `assume(..)` or `admit()` occurs under the node (a walk over the plain-data syntax tree). */
function assumes(node: unknown, depth: number): boolean {
  if (depth > MAX_DEPTH) return false;
  if (Array.isArray(node)) return node.some((child) => assumes(child, depth + 1));
  if (!isRecord(node)) return false;
  if (node.kind === 'ghost' && node.form === 'assume') return true;
  // Every record of the tree is an AST node: a `call` one is a call expression.
  if (node.kind === 'call' && isAdmit(node as Extract<Expr, { kind: 'call' }>)) return true;
  return Object.entries(node).some(([key, child]) => key !== 'span' && typeof child === 'object' && assumes(child, depth + 1));
}
