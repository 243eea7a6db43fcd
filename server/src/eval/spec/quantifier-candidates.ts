// Candidate values for a quantifier binder whose domain is not bounded: the indices of the sequences the body
// reads with it, the elements of the collections it tests it against, the values it is compared with, and the same
// inside the spec fns the body calls (unfolded). A candidate is only ever a value of the binder's type, so a
// `forall` false at one is false, and an `exists` true at one is true; nothing is concluded from their absence.

import type { ModelScope } from '../../model';
import type { Expr, Type } from '../../syntax';

/** Where candidate values come from; `expr` never mentions the binder or a binder bound after it. */
export type CandidateSource =
  /** `c[x + offset]`, `c.index(x)`, `c.subrange(x, ..)`: x + offset ranges over the indices of `c` (and its length). */
  | { readonly kind: 'indices'; readonly collection: Expr; readonly offset: bigint }
  /** `c.contains(x)`, `c has x`, `c.contains_key(x)`: the members (keys) of `c`. */
  | { readonly kind: 'members'; readonly collection: Expr }
  /** `x < e`, `x == e`, ...: e and its neighbours. */
  | { readonly kind: 'near'; readonly value: Expr };

/** What unfolding needs from the evaluation context: the scope and where the quantifier is evaluated. */
export interface UnfoldSite {
  readonly scope: ModelScope;
  readonly selfTypeName: string | undefined;
  readonly modulePath: readonly string[] | undefined;
}

/** How deep calls are unfolded (a call inside an unfolded body counts one more). */
const UNFOLD_DEPTH = 3;

/** Candidate sources for binder `name` in `body`; `excluded` are the binders a source must not mention. */
export function candidateSources(site: UnfoldSite, body: Expr, name: string, excluded: ReadonlySet<string>): CandidateSource[] {
  const out: CandidateSource[] = [];
  collect(site, body, name, excluded, out, 0);
  return out;
}

/** The body of the user spec fn `call` invokes, with its parameters replaced by the call's arguments; undefined
 *  when that is not exact: the fn is not a spec fn with a let-free body in the same module and impl, or its body
 *  binds a parameter's name again. Other free names in the body become `error` nodes (they might be shadowed at
 *  the call site), so whatever mentions them is never used as a bound or a source. */
export function unfoldCall(site: UnfoldSite, call: Extract<Expr, { kind: 'call' }>): Expr | undefined {
  if (call.callee.kind !== 'path') return undefined;
  const names = call.callee.segments.map((segment) => segment.name);
  const resolved = site.scope.resolveFunction(names, site.selfTypeName, site.modulePath);
  const item = resolved?.item;
  const tail = item?.body?.tail;
  if (resolved === undefined || item === undefined || tail === undefined || item.mode !== 'spec') return undefined;
  if (item.body?.stmts.length !== 0 || item.specVisibility === 'uninterp' || item.params.length !== call.args.length) return undefined;
  if ((resolved.selfTypeName ?? site.selfTypeName) !== site.selfTypeName) return undefined;
  if ((resolved.modulePath ?? site.modulePath ?? []).join('::') !== (site.modulePath ?? []).join('::')) return undefined;
  const substitution = new Map<string, Expr>();
  for (let i = 0; i < item.params.length; i++) {
    const pattern = item.params[i]?.pattern;
    const arg = call.args[i];
    if (pattern?.kind !== 'binding' || arg === undefined || item.params[i]?.isSelf === true) return undefined;
    substitution.set(pattern.name, arg);
  }
  // A const generic given by the turbofish as a name (`is_grid::<N>(g)`) is that name at the call site.
  const turbofish = call.callee.segments[call.callee.segments.length - 1]?.generics ?? [];
  item.generics
    .filter((param) => param.kind !== 'lifetime')
    .forEach((param, i) => {
      const arg = turbofish[i];
      const name =
        arg?.kind === 'path' && arg.segments.length === 1 && arg.segments[0]?.generics.length === 0 ? arg.segments[0].name : undefined;
      if (param.kind === 'const' && name !== undefined && arg !== undefined)
        substitution.set(param.name, { kind: 'path', segments: [{ name, generics: [], span: arg.span }], span: arg.span });
    });
  // Names the body binds itself stay; none may be a parameter's or appear in an argument (capture).
  const inner: string[] = [];
  collectPatternNames(tail, inner);
  const local = new Set(inner);
  if (inner.some((name) => substitution.has(name)) || call.args.some((arg) => mentions(arg, local))) return undefined;
  return substitute(tail, substitution, local) as Expr;
}

/** Whether an expression contains an `error` node (a name unfolding could not carry over). */
export function containsError(node: unknown): boolean {
  if (typeof node !== 'object' || node === null) return false;
  if (Array.isArray(node)) return node.some(containsError);
  const record = node as Record<string, unknown>;
  if (record['kind'] === 'error') return true;
  for (const key in record) {
    if (key !== 'span' && containsError(record[key])) return true;
  }
  return false;
}

/** Whether an expression refers to any of `names` (conservatively: shadowing is ignored). */
export function mentions(node: unknown, names: ReadonlySet<string>): boolean {
  if (typeof node !== 'object' || node === null) return false;
  if (Array.isArray(node)) return node.some((child) => mentions(child, names));
  const record = node as Record<string, unknown>;
  if (record['kind'] === 'path' && Array.isArray(record['segments']) && record['segments'].length === 1) {
    const segment = record['segments'][0] as { name?: unknown } | undefined;
    return typeof segment?.name === 'string' && names.has(segment.name);
  }
  for (const key in record) {
    if (key !== 'span' && mentions(record[key], names)) return true;
  }
  return false;
}

/** `x`, `(x)`, `x as int`, `x as nat`: the binder's own value. */
export function isName(expr: Expr, name: string): boolean {
  while (expr.kind === 'paren' || (expr.kind === 'cast' && isUnboundedIntType(expr.type))) {
    expr = expr.kind === 'paren' ? expr.inner : expr.operand;
  }
  return expr.kind === 'path' && expr.segments.length === 1 && expr.segments[0]?.name === name;
}

/** A written `int` or `nat`. */
export function isUnboundedIntType(type: Type): boolean {
  return type.kind === 'path' && type.segments.length === 1 && (type.segments[0]?.name === 'int' || type.segments[0]?.name === 'nat');
}

const INDEXING_METHODS: ReadonlySet<string> = new Set(['index', 'spec_index', 'subrange', 'update', 'remove', 'insert']);
const MEMBER_METHODS: ReadonlySet<string> = new Set(['contains', 'contains_key']);

function collect(site: UnfoldSite, node: Expr, name: string, excluded: ReadonlySet<string>, out: CandidateSource[], depth: number): void {
  const usable = (source: Expr): boolean => !mentions(source, excluded) && !containsError(source);
  switch (node.kind) {
    case 'index': {
      const offset = offsetOf(node.index, name);
      if (offset !== undefined && usable(node.receiver)) out.push({ kind: 'indices', collection: node.receiver, offset });
      break;
    }
    case 'method-call': {
      const first = node.args[0];
      const offset = first === undefined ? undefined : offsetOf(first, name);
      if (INDEXING_METHODS.has(node.method) && offset !== undefined && usable(node.receiver)) {
        out.push({ kind: 'indices', collection: node.receiver, offset });
      }
      const second = node.args[1];
      if (node.method === 'subrange' && second !== undefined && isName(second, name) && usable(node.receiver)) {
        out.push({ kind: 'indices', collection: node.receiver, offset: 0n });
      }
      if (MEMBER_METHODS.has(node.method) && first !== undefined && isName(first, name) && usable(node.receiver)) {
        out.push({ kind: 'members', collection: node.receiver });
      }
      break;
    }
    case 'binary':
      if (node.op === 'has' && isName(node.right, name) && usable(node.left)) out.push({ kind: 'members', collection: node.left });
      else if (COMPARISONS.has(node.op)) nearSources(node.left, node.right, name, usable, out);
      break;
    case 'chain':
      for (let i = 0; i + 1 < node.operands.length; i++)
        nearSources(node.operands[i] as Expr, node.operands[i + 1] as Expr, name, usable, out);
      break;
    case 'call':
      if (depth < UNFOLD_DEPTH && node.args.some((arg) => mentions(arg, new Set([name])))) {
        const unfolded = unfoldCall(site, node);
        if (unfolded !== undefined) collect(site, unfolded, name, excluded, out, depth + 1);
      }
      break;
    case 'quantifier':
    case 'closure':
      // An inner binder of the same name hides ours; inner binders may not appear in a source.
      if (bindsAny(node, new Set([name]))) return;
      collect(site, node.body, name, new Set([...excluded, ...innerBinders(node)]), out, depth);
      return;
    default:
      break;
  }
  forEachChild(node, (child) => collect(site, child, name, excluded, out, depth));
}

const COMPARISONS: ReadonlySet<string> = new Set(['<', '<=', '>', '>=', '==', '!=']);

function nearSources(left: Expr, right: Expr, name: string, usable: (source: Expr) => boolean, out: CandidateSource[]): void {
  if (isName(left, name) && usable(right)) out.push({ kind: 'near', value: right });
  else if (isName(right, name) && usable(left)) out.push({ kind: 'near', value: left });
}

/** `x` -> 0, `x + c` -> c, `x - c` -> -c (literal c); otherwise undefined. */
function offsetOf(index: Expr, name: string): bigint | undefined {
  if (isName(index, name)) return 0n;
  let expr = index;
  while (expr.kind === 'paren' || expr.kind === 'cast') expr = expr.kind === 'paren' ? expr.inner : expr.operand;
  if (expr.kind !== 'binary' || (expr.op !== '+' && expr.op !== '-') || expr.right.kind !== 'int' || !isName(expr.left, name))
    return undefined;
  return expr.op === '+' ? expr.right.value : -expr.right.value;
}

/** The names a quantifier or closure binds: its binders, or its parameters' pattern names. */
export function innerBinders(node: Extract<Expr, { kind: 'quantifier' | 'closure' }>): string[] {
  if (node.kind === 'quantifier') return node.binders.map((binder) => binder.name);
  const names: string[] = [];
  collectPatternNames(node.params, names);
  return names;
}

/** Whether any binder, closure parameter, `let` or pattern inside `node` binds one of `names`. */
function bindsAny(node: unknown, names: ReadonlySet<string>): boolean {
  const bound: string[] = [];
  collectPatternNames(node, bound);
  return bound.some((name) => names.has(name));
}

/** Names bound anywhere under `node`: quantifier binders and `binding` patterns. */
function collectPatternNames(node: unknown, out: string[]): void {
  if (typeof node !== 'object' || node === null) return;
  if (Array.isArray(node)) {
    for (const child of node) collectPatternNames(child, out);
    return;
  }
  const record = node as Record<string, unknown>;
  if (record['kind'] === 'binding' && typeof record['name'] === 'string') out.push(record['name']);
  if (record['kind'] === 'quantifier' && Array.isArray(record['binders'])) {
    for (const binder of record['binders'] as { name?: unknown }[]) if (typeof binder.name === 'string') out.push(binder.name);
  }
  for (const key in record) if (key !== 'span') collectPatternNames(record[key], out);
}

/** A copy of `node` with parameter paths replaced by the arguments and other single-segment value paths (not
 *  bound inside the body: `local`) by `error` nodes. Callees of calls are kept (same module and impl). */
function substitute(node: unknown, substitution: ReadonlyMap<string, Expr>, local: ReadonlySet<string>): unknown {
  if (typeof node !== 'object' || node === null) return node;
  if (Array.isArray(node)) return node.map((child) => substitute(child, substitution, local));
  const record = node as Record<string, unknown>;
  if (record['kind'] === 'path' && Array.isArray(record['segments']) && record['segments'].length === 1) {
    const name = (record['segments'][0] as { name?: unknown } | undefined)?.name;
    if (typeof name === 'string' && local.has(name)) return node;
    const replacement = typeof name === 'string' ? substitution.get(name) : undefined;
    return replacement ?? { kind: 'error', span: record['span'] };
  }
  const copy: Record<string, unknown> = {};
  for (const key in record) {
    const field = record[key];
    // A callee names a fn (kept: same module and impl) unless it is a parameter holding a closure.
    const fnName = key === 'callee' && record['kind'] === 'call' && !mentions(field, new Set(substitution.keys()));
    copy[key] = key === 'span' || key === 'type' || fnName ? field : substitute(field, substitution, local);
  }
  return copy;
}

/** Calls `visit` on each direct sub-expression of `node` (fields holding expressions or lists of them). */
function forEachChild(node: Expr, visit: (child: Expr) => void): void {
  const record = node as unknown as Record<string, unknown>;
  for (const key in record) {
    if (key === 'span' || key === 'type') continue;
    const field = record[key];
    if (Array.isArray(field)) {
      for (const item of field) if (isExprLike(item)) visit(item);
    } else if (isExprLike(field)) visit(field);
    else if (typeof field === 'object' && field !== null && 'stmts' in field) visitBlock(field, visit);
  }
}

function visitBlock(block: Record<string, unknown>, visit: (child: Expr) => void): void {
  const tail = block['tail'];
  if (isExprLike(tail)) visit(tail);
}

function isExprLike(value: unknown): value is Expr {
  return typeof value === 'object' && value !== null && 'kind' in value && 'span' in value && !('stmts' in value);
}
