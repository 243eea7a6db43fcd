// Rewrites a clause's source text for the stub's `pre_f`/`post_f`, by AST spans so user syntax is kept:
// parameters become their views (`v@` -> `v` for Vec/slice/array/String), `&mut x` becomes `old_x`/`final_x`.

import type { ValueType } from '../../eval';
import type { Expr } from '../../syntax';
import { boundNames, childExpressions } from '../../syntax';

/** A parameter (or the named result) as the stub's predicate sees it. */
export interface StubParamBinding {
  /** The name the clause uses (`self` for receivers). */
  readonly sourceName: string;
  /** Its value type in the source, where a seq with an origin other than `Seq` is a Vec-like the stub passes viewed. */
  readonly type: ValueType;
  /** The stub name for plain uses, and for `&mut` parameters the names of the entry and final values. */
  readonly plainName: string;
  readonly oldName: string | undefined;
  readonly finalName: string | undefined;
  /** The declared type is a collection (HashMap, String, ...) the stub passes as its view, so `x@` drops the `@`. */
  readonly viewedByStub: boolean;
}

export interface ClauseRewriteContext {
  readonly text: string;
  readonly bindings: ReadonlyMap<string, StubParamBinding>;
  /** The impl's self type, which replaces `Self` in paths (the predicates live outside the impl). */
  readonly selfTypeName: string | undefined;
}

/** The clause expression's text with parameters, views and `Self` rewritten for the stub. */
export function rewriteClauseText(ctx: ClauseRewriteContext, expr: Expr): string {
  // `returns e` is lowered to a synthetic `r == e` whose left side spans the whole clause: print it structurally.
  const synthetic = expr.kind === 'binary' && expr.left.span.start === expr.span.start && expr.left.span.end === expr.span.end;
  if (synthetic) {
    return `${rewrite(ctx, expr.left, new Set())} ${expr.op} (${rewrite(ctx, expr.right, new Set())})`;
  }
  return rewrite(ctx, expr, new Set());
}

// ---------------------------------------------------------------------------------------------------------------

interface Rewritten {
  readonly text: string;
  /** The source type of the expression when the rewriter tracks it (parameters, their views and elements). */
  readonly type: ValueType | undefined;
  /** The stub already passes this expression's view: a following `@` is dropped. */
  readonly viewed: boolean;
}

function rewrite(ctx: ClauseRewriteContext, expr: Expr, shadowed: ReadonlySet<string>): string {
  return rewriteSpecial(ctx, expr, shadowed)?.text ?? rewriteChildren(ctx, expr, shadowed);
}

/** Copies the expression's text, replacing each child by its rewritten text. */
function rewriteChildren(ctx: ClauseRewriteContext, expr: Expr, shadowed: ReadonlySet<string>): string {
  const bound = boundNames(expr);
  const inner = bound.length === 0 ? shadowed : new Set([...shadowed, ...bound]);
  const children = [...childExpressions(expr)].sort((a, b) => a.span.start - b.span.start);
  let out = '';
  let position = expr.span.start;
  for (const child of children) {
    if (child.span.start < position || child.span.end > expr.span.end) continue;
    out += ctx.text.slice(position, child.span.start) + rewrite(ctx, child, inner);
    position = child.span.end;
  }
  return out + ctx.text.slice(position, expr.span.end);
}

/** Expressions the stub changes: parameter references, `old`/`final`, derefs, views and `Self` paths. */
function rewriteSpecial(ctx: ClauseRewriteContext, expr: Expr, shadowed: ReadonlySet<string>): Rewritten | undefined {
  switch (expr.kind) {
    case 'paren': {
      const inner = rewriteSpecial(ctx, expr.inner, shadowed);
      return inner === undefined ? undefined : { ...inner, text: `(${inner.text})` };
    }
    case 'path':
      return rewritePath(ctx, expr, shadowed);
    case 'call':
      return rewriteOldFinal(ctx, expr, shadowed);
    case 'unary': {
      if (expr.op !== '*') return undefined;
      const operand = rewriteSpecial(ctx, expr.operand, shadowed);
      // `*old(x)`, `*final(x)` and `*x` name a value the stub already passes by value.
      return operand !== undefined && isParamReference(expr.operand) ? operand : undefined;
    }
    case 'view':
      return rewriteView(ctx, expr.operand, shadowed);
    case 'binary':
      return rewriteCollectionEquality(ctx, expr, shadowed);
    case 'method-call':
      return expr.method === 'view' && expr.args.length === 0 ? rewriteView(ctx, expr.receiver, shadowed) : undefined;
    case 'index': {
      const receiver = rewriteSpecial(ctx, expr.receiver, shadowed);
      if (receiver === undefined || receiver.type?.kind !== 'seq') return undefined;
      const index = rewrite(ctx, expr.index, shadowed);
      return { text: `${receiver.text}[${index}]`, type: receiver.type.element, viewed: isVecLike(receiver.type.element) };
    }
    default:
      return undefined;
  }
}

function rewritePath(
  ctx: ClauseRewriteContext,
  expr: Extract<Expr, { kind: 'path' }>,
  shadowed: ReadonlySet<string>,
): Rewritten | undefined {
  const [first, ...rest] = expr.segments;
  if (first === undefined) return undefined;
  if (first.name === 'Self' && ctx.selfTypeName !== undefined && rest.length > 0) {
    return { text: ctx.selfTypeName + ctx.text.slice(first.span.end, expr.span.end), type: undefined, viewed: false };
  }
  if (rest.length > 0 || shadowed.has(first.name)) return undefined;
  const binding = ctx.bindings.get(first.name);
  if (binding === undefined) return undefined;
  return { text: binding.plainName, type: binding.type, viewed: binding.viewedByStub || isVecLike(binding.type) };
}

function rewriteOldFinal(
  ctx: ClauseRewriteContext,
  expr: Extract<Expr, { kind: 'call' }>,
  shadowed: ReadonlySet<string>,
): Rewritten | undefined {
  const callee = expr.callee.kind === 'path' && expr.callee.segments.length === 1 ? expr.callee.segments[0]?.name : undefined;
  const [arg] = expr.args;
  if ((callee !== 'old' && callee !== 'final') || expr.args.length !== 1 || arg?.kind !== 'path') return undefined;
  const name = arg.segments.length === 1 ? arg.segments[0]?.name : undefined;
  const binding = name === undefined || shadowed.has(name) ? undefined : ctx.bindings.get(name);
  if (binding === undefined) return undefined;
  const stubName = callee === 'old' ? (binding.oldName ?? binding.plainName) : (binding.finalName ?? binding.plainName);
  return { text: stubName, type: binding.type, viewed: binding.viewedByStub || isVecLike(binding.type) };
}

/** `e@` of a Vec-like parameter (or element) is the stub's value itself: drop the view. */
function rewriteView(ctx: ClauseRewriteContext, operand: Expr, shadowed: ReadonlySet<string>): Rewritten | undefined {
  const inner = rewriteSpecial(ctx, operand, shadowed);
  if (inner === undefined || !inner.viewed) return undefined;
  const type = inner.type?.kind === 'seq' ? { ...inner.type, origin: 'Seq' as const } : inner.type;
  return { text: inner.text, type, viewed: false };
}

/** `a == b` on sequences, sets or maps becomes `a =~= b`: the same meaning, but Z3 proves collection equality only
 *  through the extensionality axioms that `=~=` triggers (verus-semantics.md section 6). */
function rewriteCollectionEquality(
  ctx: ClauseRewriteContext,
  expr: Extract<Expr, { kind: 'binary' }>,
  shadowed: ReadonlySet<string>,
): Rewritten | undefined {
  if (expr.op !== '==' && expr.op !== '!=') return undefined;
  if (!isCollection(ctx, expr.left, shadowed) && !isCollection(ctx, expr.right, shadowed)) return undefined;
  const equal = `${rewrite(ctx, expr.left, shadowed)} =~= ${rewrite(ctx, expr.right, shadowed)}`;
  return { text: expr.op === '==' ? equal : `!(${equal})`, type: undefined, viewed: false };
}

/** Whether an expression denotes a Seq, Set, Map or Multiset, as far as the stub can tell without type checking:
 *  a viewed parameter, a collection literal or constructor, or a collection operation on one of those. */
function isCollection(ctx: ClauseRewriteContext, expr: Expr, shadowed: ReadonlySet<string>): boolean {
  switch (expr.kind) {
    case 'paren':
      return isCollection(ctx, expr.inner, shadowed);
    case 'collection-macro':
      return expr.macro !== 'vec';
    case 'call': {
      const callee = expr.callee.kind === 'path' ? expr.callee.segments.map((segment) => segment.name) : [];
      if (callee.length === 2 && COLLECTION_TYPES.has(callee[0] ?? '')) return true;
      break;
    }
    case 'method-call':
      if (COLLECTION_RESULTS.has(expr.method) && isCollection(ctx, expr.receiver, shadowed)) return true;
      break;
    default:
      break;
  }
  const special = rewriteSpecial(ctx, expr, shadowed);
  const kind = special?.viewed === false ? special.type?.kind : undefined;
  return kind === 'seq' || kind === 'set' || kind === 'map' || kind === 'multiset';
}

const COLLECTION_TYPES: ReadonlySet<string> = new Set(['Seq', 'Set', 'Map', 'Multiset']);

/** Methods of vstd collections that return a collection. */
const COLLECTION_RESULTS: ReadonlySet<string> = new Set([
  'push',
  'update',
  'subrange',
  'add',
  'take',
  'skip',
  'drop_last',
  'drop_first',
  'insert',
  'remove',
  'filter',
  'map',
  'map_values',
  'reverse',
  'to_set',
  'to_multiset',
  'union',
  'intersect',
  'difference',
  'dom',
  'union_prefer_right',
  'restrict',
  'remove_keys',
  'sub',
  'view',
]);

function isVecLike(type: ValueType): boolean {
  return type.kind === 'seq' && type.origin !== 'Seq';
}

function isParamReference(expr: Expr): boolean {
  if (expr.kind === 'paren') return isParamReference(expr.inner);
  return expr.kind === 'path' || expr.kind === 'call';
}
