// The places in a function's parameters that the shape reader's unknowns live at (`a`, `a[i]`, `q[k].0`,
// `grid[i]`), read through views, `old(..)`, fields and indexing, and the open spec methods of a parameter's type
// (`self.wf()`, a struct's `view`) unfolded into the function's own places, so their clauses read like its own.

import type { Expr } from '../../syntax';
import type { ModelScope, ResolvedFn } from '../../model';
import { resolveSpecMethod } from '../../model';
import { adtShape } from '../../eval';
import type { ValueType } from '../../eval';
import type { Reader } from './shape-reader';

export interface Place {
  /** With `[*]` for each index: `q[*].0`. */
  readonly key: string;
  /** With the binders: `q[k].0`. */
  readonly written: string;
  readonly type: ValueType;
}

export function readPlace(reader: Reader, expr: Expr, binders: ReadonlySet<string>): Place | undefined {
  const viewed = viewOperand(expr);
  if (viewed !== undefined) {
    const place = readPlace(reader, viewed, binders);
    return place?.type.kind === 'adt' ? viewPlace(reader, place) : place;
  }
  const inner = stripped(expr);
  if (inner.kind === 'path') {
    const name = inner.segments.length === 1 ? inner.segments[0]?.name : undefined;
    return name === undefined ? undefined : namedPlace(reader, name, binders);
  }
  if (inner.kind === 'call' && inner.args.length === 1 && inner.callee.kind === 'path' && inner.callee.segments[0]?.name === 'old')
    return readPlace(reader, inner.args[0] as Expr, binders);
  if (inner.kind === 'field') {
    const outer = readPlace(reader, inner.receiver, binders);
    const type = outer === undefined ? undefined : fieldType(reader, outer.type, inner.field);
    return outer === undefined || type === undefined
      ? undefined
      : { key: `${outer.key}.${inner.field}`, written: `${outer.written}.${inner.field}`, type };
  }
  const indexed = indexing(inner);
  if (indexed === undefined) return undefined;
  const index = stripped(indexed.index);
  const binder = index.kind === 'path' && index.segments.length === 1 ? index.segments[0]?.name : undefined;
  const outer = readPlace(reader, indexed.receiver, binders);
  if (binder === undefined || !binders.has(binder) || outer === undefined || outer.type.kind !== 'seq') return undefined;
  return { key: `${outer.key}[*]`, written: `${outer.written}[${binder}]`, type: outer.type.element };
}

/** A name as a place: a parameter of the function, or inside an unfolded method one of its parameters. */
export function namedPlace(reader: Reader, name: string, binders: ReadonlySet<string>): Place | undefined {
  if (binders.has(name)) return undefined;
  if (reader.bindings !== undefined) return reader.bindings.get(name);
  const type = reader.params.get(name);
  return type === undefined ? undefined : { key: name, written: name, type };
}

/** Methods are unfolded this deep (`self.wf()` calling `self.data.wf()` calling `self.len()`). */
const METHOD_DEPTH = 4;

/** `recv.m(args)` where the receiver and every argument are places and `m` is an open spec fn of the receiver's
 *  type with a body of one expression (or an exec fn whose `when_used_as_spec` twin is one): the body, read in a
 *  frame that binds its parameters to those places and the type's const generics to the receiver type's values. */
export function unfoldMethod(
  reader: Reader,
  call: Extract<Expr, { kind: 'method-call' }>,
  binders: ReadonlySet<string>,
): { readonly reader: Reader; readonly body: Expr } | undefined {
  if (reader.depth >= METHOD_DEPTH) return undefined;
  const receiver = readPlace(reader, call.receiver, binders);
  if (receiver?.type.kind !== 'adt') return undefined;
  const args = call.args.map((arg) => readPlace(reader, arg, binders));
  if (args.some((arg) => arg === undefined)) return undefined;
  return methodBody(reader, receiver, call.method, args as Place[]);
}

function methodBody(
  reader: Reader,
  receiver: Place,
  method: string,
  args: readonly Place[],
): { readonly reader: Reader; readonly body: Expr } | undefined {
  const type = receiver.type;
  if (type.kind !== 'adt') return undefined;
  const scope = reader.site.scope;
  const resolved = resolveSpecMethod(scope, type.name, method);
  const item = resolved?.item;
  const body = item?.body;
  if (resolved === undefined || item === undefined || body?.tail === undefined || body.stmts.length > 0) return undefined;
  if (item.specVisibility === 'uninterp' || item.params.length !== args.length + 1 || item.params[0]?.isSelf !== true) return undefined;
  const bindings = new Map<string, Place>([['self', receiver]]);
  for (const [i, param] of item.params.slice(1).entries()) {
    if (param.pattern.kind !== 'binding') return undefined;
    bindings.set(param.pattern.name, args[i] as Place);
  }
  const child: Reader = {
    ...reader,
    site: { scope, selfTypeName: resolved.selfTypeName, modulePath: resolved.modulePath },
    consts: typeConsts(scope, type, resolved),
    bindings,
    depth: reader.depth + 1,
  };
  return { reader: child, body: body.tail };
}

/** The const generics a method of `type` reads, at the type's values: by the datatype's parameter names and by the
 *  names its impl gives them (`impl<A, const M: usize> Array<A, M>`). */
export function typeConsts(
  scope: ModelScope,
  type: Extract<ValueType, { kind: 'adt' }>,
  resolved: ResolvedFn,
): ReadonlyMap<string, bigint> {
  const consts = new Map<string, bigint>();
  const values = type.consts ?? [];
  const datatype = scope.datatype(type.name);
  const declared = datatype?.generics.filter((param) => param.kind !== 'lifetime') ?? [];
  const constNames = declared.filter((param) => param.kind === 'const').map((param) => param.name);
  constNames.forEach((name, i) => {
    const value = values[i];
    if (value !== undefined) consts.set(name, value);
  });
  const selfType = resolved.implHeader?.selfType;
  const written = selfType?.kind === 'path' ? (selfType.segments[selfType.segments.length - 1]?.generics ?? []) : [];
  let constIndex = 0;
  declared.forEach((param, i) => {
    if (param.kind !== 'const') return;
    const arg = written[i];
    const value = values[constIndex];
    constIndex += 1;
    const name = arg?.kind === 'path' && arg.segments.length === 1 ? arg.segments[0]?.name : undefined;
    if (name !== undefined && value !== undefined) consts.set(name, value);
  });
  return consts;
}

/** `x@` of a struct whose `view` is an open spec fn naming a place (`self.seq@`): that place; of a struct without
 *  a `view` (the `@` of the `Ghost` around it, which value types leave out), the struct itself. */
function viewPlace(reader: Reader, place: Place): Place | undefined {
  if (place.type.kind === 'adt' && reader.site.scope.resolveMethod(place.type.name, 'view') === undefined) return place;
  const method = reader.depth < METHOD_DEPTH ? methodBody(reader, place, 'view', []) : undefined;
  return method === undefined ? undefined : readPlace(method.reader, method.body, new Set());
}

/** The operand of `x@`, `x.view()` or `x.deep_view()` (under parentheses and casts). */
function viewOperand(expr: Expr): Expr | undefined {
  let inner = expr;
  while (inner.kind === 'paren' || inner.kind === 'cast') inner = inner.kind === 'paren' ? inner.inner : inner.operand;
  if (inner.kind === 'view') return inner.operand;
  if (inner.kind === 'method-call' && inner.args.length === 0 && (inner.method === 'view' || inner.method === 'deep_view'))
    return inner.receiver;
  return undefined;
}

/** The type of a tuple's element or a struct's field. */
function fieldType(reader: Reader, type: ValueType, field: string): ValueType | undefined {
  if (type.kind === 'tuple') return /^\d+$/.test(field) ? type.elements[Number(field)] : undefined;
  const shape = type.kind === 'adt' ? adtShape(type, reader.typeContext) : undefined;
  return shape?.kind === 'struct' ? shape.fields.fields.find((candidate) => candidate.name === field)?.type : undefined;
}

/** `a[i]`, `a.index(i)`, `a.spec_index(i)`. */
function indexing(expr: Expr): { readonly receiver: Expr; readonly index: Expr } | undefined {
  if (expr.kind === 'index') return expr;
  const first = expr.kind === 'method-call' && expr.args.length === 1 ? expr.args[0] : undefined;
  if (expr.kind !== 'method-call' || first === undefined || (expr.method !== 'index' && expr.method !== 'spec_index')) return undefined;
  return { receiver: expr.receiver, index: first };
}

/** Parentheses, casts, views and `.view()`/`.deep_view()` leave the value as it is for the reader's purposes. */
export function stripped(expr: Expr): Expr {
  let inner = expr;
  for (;;) {
    if (inner.kind === 'paren') inner = inner.inner;
    else if (inner.kind === 'cast' || inner.kind === 'view') inner = inner.operand;
    else if (inner.kind === 'method-call' && inner.args.length === 0 && (inner.method === 'view' || inner.method === 'deep_view'))
      inner = inner.receiver;
    else if (inner.kind === 'method-call' && inner.method === 'map_values' && isRelabelling(inner.args[0])) inner = inner.receiver;
    else return inner;
  }
}

/** `|row| row@.map_values(|x| x as int)`: a closure that only casts or views its argument (element by element),
 *  which leaves every length and every value's place as they were. */
function isRelabelling(expr: Expr | undefined): boolean {
  const param = expr?.kind === 'closure' && expr.params.length === 1 ? expr.params[0]?.pattern : undefined;
  if (expr?.kind !== 'closure' || param?.kind !== 'binding') return false;
  const body = stripped(expr.body);
  return body.kind === 'path' && body.segments.length === 1 && body.segments[0]?.name === param.name;
}
