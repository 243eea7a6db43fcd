// Seeds for generation found in the file itself: integer and string literals, and example calls of a function
// (in `fn main`, in `assert_eq!`/`assert!`, anywhere in exec code, and in doc comments such as `/// f(3) == 4`).

import type { ConstItem, Expr } from '../../syntax';
import type { FileModel, FunctionContract } from '../../model';
import type { Value } from '../../eval';
import type { ValueType } from '../../eval';
import type { ExecLimits, TypeContext } from '../../eval';
import { evaluateExecConstant, inRange, resolveValueType, valueTypeText } from '../../eval';

export interface FileLiterals {
  readonly ints: readonly bigint[];
  readonly strings: readonly string[];
  /** Bit masks the file uses (`0x0000_ffff_ffff_f000`, as a literal or the value of a constant it names, in any
   *  file of the crate): systems code checks addresses against them (`va & !MEM_4k_MASK == 0`), which random
   *  integers almost never pass and `random & mask` often does. */
  readonly masks?: readonly bigint[];
}

/** Distinct integer and string literals of the whole file (bounded, in source order), and its bit masks; walked
 *  once per model (every function's generation asks). */
export function collectLiterals(model: FileModel): FileLiterals {
  let literals = LITERALS.get(model);
  if (literals === undefined) {
    literals = fileLiterals(model);
    LITERALS.set(model, literals);
  }
  return literals;
}

const LITERALS = new WeakMap<FileModel, FileLiterals>();

function fileLiterals(model: FileModel): FileLiterals {
  const ints: bigint[] = [];
  const strings: string[] = [];
  const masks: bigint[] = [];
  const addMask = (value: bigint): void => {
    if (isMask(value) && !masks.includes(value) && masks.length < MAX_MASKS) masks.push(value);
  };
  const constantsSeen = new Set<string>();
  walk(model.source.items, (node) => {
    if (node.kind === 'int' && typeof node.value === 'bigint') {
      if (!ints.includes(node.value) && ints.length < 24) ints.push(node.value);
      addMask(node.value);
    }
    if (node.kind === 'str' && typeof node.value === 'string' && !strings.includes(node.value) && strings.length < 12)
      strings.push(node.value);
    // Expression paths only (a type or pattern path has other fields).
    const path = node as unknown as Partial<Extract<Expr, { kind: 'path' }>>;
    if (node.kind === 'path' && Array.isArray(path.segments) && path.segments.every((segment) => typeof segment.name === 'string')) {
      const segments = path.segments.map((segment) => segment.name);
      const key = segments.join('::');
      if (constantsSeen.has(key) || !/^[A-Z][A-Z0-9_]*$/.test(segments[segments.length - 1] ?? '')) return;
      constantsSeen.add(key);
      const value = model.scope.constant(segments, undefined)?.value;
      if (value?.kind === 'int') addMask(value.value);
    }
  });
  return { ints, strings, masks };
}

const MAX_MASKS = 8;

/** Eight or more bits set in at most two contiguous runs (`0xffff_f000`, `0x1ff`): an address or index mask, not a
 *  count, a bound or a prime modulus. */
function isMask(value: bigint): boolean {
  if (value <= 0n) return false;
  let bits = 0;
  let runs = 0;
  let previous = 0n;
  for (let rest = value; rest > 0n; rest >>= 1n) {
    const bit = rest & 1n;
    bits += Number(bit);
    if (bit === 1n && previous === 0n) runs += 1;
    previous = bit;
  }
  return bits >= 8 && runs <= 2;
}

/** The values of the crate's exec constants of `type` (`exec const x86_arch_exec: ArchExec`): a datatype's
 *  constants are values its own code builds, which meet the invariants random values of it almost never do
 *  (`self@.inv()`). Computed by running their initializers, once per model and constant. */
export function constantValues(model: FileModel, type: ValueType, typeContext: TypeContext, limits: ExecLimits): readonly Value[] {
  if (type.kind !== 'adt') return [];
  const text = valueTypeText(type);
  return model.scope.constantsOfType(type.name).flatMap((constant) => {
    if (valueTypeText(resolveValueType(constant.type, typeContext)) !== text) return [];
    let byConstant = CONSTANT_VALUES.get(model);
    if (byConstant === undefined) {
      byConstant = new WeakMap();
      CONSTANT_VALUES.set(model, byConstant);
    }
    if (!byConstant.has(constant)) byConstant.set(constant, evaluateExecConstant(model, constant, limits));
    const value = byConstant.get(constant);
    return value === undefined ? [] : [value];
  });
}

const CONSTANT_VALUES = new WeakMap<FileModel, WeakMap<ConstItem, Value | undefined>>();

/** Argument lists of example calls of `fn`, as literal values typed by its parameters (calls with non-literal
 *  arguments are skipped: their values are not known without running the caller). */
export function exampleInputs(model: FileModel, fn: FunctionContract, paramTypes: readonly ValueType[]): readonly (readonly Value[])[] {
  const examples: (readonly Value[])[] = [];
  const consider = (args: readonly LiteralArg[]): void => {
    if (args.length !== paramTypes.length) return;
    const values = args.map((arg, i) => literalValue(arg, paramTypes[i] as ValueType));
    if (values.every((v) => v !== undefined)) examples.push(values);
  };
  walk(model.source.items, (node) => {
    const expr = node as unknown as Expr;
    if (expr.kind === 'call' && expr.callee.kind === 'path' && expr.callee.segments[expr.callee.segments.length - 1]?.name === fn.name) {
      consider(expr.args.map(exprLiteral));
    }
  });
  for (const args of docExampleArgs(fn.item.docs, fn.name)) consider(args);
  return examples.slice(0, 16);
}

/** A literal argument in a neutral form, typed later by the parameter it is passed to. */
type LiteralArg =
  | { readonly kind: 'int'; readonly value: bigint }
  | { readonly kind: 'bool'; readonly value: boolean }
  | { readonly kind: 'char'; readonly value: string }
  | { readonly kind: 'str'; readonly value: string }
  | { readonly kind: 'list'; readonly elements: readonly LiteralArg[] }
  | { readonly kind: 'none' }
  | { readonly kind: 'some'; readonly inner: LiteralArg }
  | { readonly kind: 'unknown' };

function exprLiteral(expr: Expr): LiteralArg {
  switch (expr.kind) {
    case 'int':
      return { kind: 'int', value: expr.value };
    case 'bool':
      return { kind: 'bool', value: expr.value };
    case 'char':
      return expr.byte ? { kind: 'int', value: BigInt(expr.value.codePointAt(0) ?? 0) } : { kind: 'char', value: expr.value };
    case 'str':
      return { kind: 'str', value: expr.value };
    case 'paren':
      return exprLiteral(expr.inner);
    case 'unary': {
      if (expr.op === '&' || expr.op === '&mut') return exprLiteral(expr.operand);
      const inner = exprLiteral(expr.operand);
      return expr.op === '-' && inner.kind === 'int' ? { kind: 'int', value: -inner.value } : { kind: 'unknown' };
    }
    case 'array':
    case 'tuple':
      return { kind: 'list', elements: expr.elements.map(exprLiteral) };
    case 'collection-macro':
      return expr.macro === 'vec' && expr.repeat === undefined
        ? { kind: 'list', elements: expr.elements.map(exprLiteral) }
        : { kind: 'unknown' };
    case 'path':
      return expr.segments.length === 1 && expr.segments[0]?.name === 'None' ? { kind: 'none' } : { kind: 'unknown' };
    case 'call': {
      const callee = expr.callee.kind === 'path' ? expr.callee.segments.map((s) => s.name).join('::') : '';
      const [arg] = expr.args;
      if (callee === 'Some' && arg !== undefined) return { kind: 'some', inner: exprLiteral(arg) };
      if ((callee === 'String::from' || callee === 'Vec::from') && arg !== undefined) return exprLiteral(arg);
      return { kind: 'unknown' };
    }
    case 'method-call':
      return ['to_string', 'to_vec', 'to_owned', 'into'].includes(expr.method) && expr.args.length === 0
        ? exprLiteral(expr.receiver)
        : { kind: 'unknown' };
    default:
      return { kind: 'unknown' };
  }
}

function literalValue(arg: LiteralArg, type: ValueType): Value | undefined {
  switch (type.kind) {
    case 'int':
      return arg.kind === 'int' && inRange(arg.value, type.int) ? { kind: 'int', value: arg.value } : undefined;
    case 'bool':
      return arg.kind === 'bool' ? arg : undefined;
    case 'char':
      return arg.kind === 'char' ? { kind: 'char', codePoint: arg.value.codePointAt(0) ?? 0 } : undefined;
    case 'seq': {
      if (arg.kind === 'str' && type.element.kind === 'char') {
        return { kind: 'seq', elements: Array.from(arg.value, (ch) => ({ kind: 'char', codePoint: ch.codePointAt(0) ?? 0 })), text: true };
      }
      if (arg.kind !== 'list' || (type.length !== undefined && arg.elements.length !== type.length)) return undefined;
      const elements = arg.elements.map((element) => literalValue(element, type.element));
      return elements.every((e) => e !== undefined) ? { kind: 'seq', elements: elements } : undefined;
    }
    case 'tuple': {
      if (arg.kind !== 'list' || arg.elements.length !== type.elements.length) return undefined;
      const elements = arg.elements.map((element, i) => literalValue(element, type.elements[i] as ValueType));
      return elements.every((e) => e !== undefined) ? { kind: 'tuple', elements: elements } : undefined;
    }
    case 'adt': {
      if (type.name !== 'Option') return undefined;
      if (arg.kind === 'none') return { kind: 'enum', name: 'Option', variant: 'None', fields: [] };
      const inner = arg.kind === 'some' && type.args[0] !== undefined ? literalValue(arg.inner, type.args[0]) : undefined;
      return inner === undefined ? undefined : { kind: 'enum', name: 'Option', variant: 'Some', fields: [['0', inner]] };
    }
    default:
      return undefined;
  }
}

/** `f(3, [1, 2])` occurrences in doc text, arguments parsed as literals. */
function docExampleArgs(docs: string, name: string): LiteralArg[][] {
  const found: LiteralArg[][] = [];
  const pattern = new RegExp(`\\b${name.replace(/[^A-Za-z0-9_]/g, '')}\\(`, 'g');
  for (const match of docs.matchAll(pattern)) {
    const start = (match.index ?? 0) + match[0].length;
    const parsed = parseLiteralList(docs, start, ')');
    if (parsed !== undefined) found.push(parsed.items);
    if (found.length >= 8) break;
  }
  return found;
}

function parseLiteralList(text: string, at: number, close: string): { items: LiteralArg[]; end: number } | undefined {
  const items: LiteralArg[] = [];
  let pos = skipSpace(text, at);
  if (text[pos] === close) return { items, end: pos + 1 };
  for (let guard = 0; guard < 64; guard += 1) {
    const item = parseLiteral(text, pos);
    if (item === undefined) return undefined;
    items.push(item.value);
    pos = skipSpace(text, item.end);
    if (text[pos] === ',') pos = skipSpace(text, pos + 1);
    else if (text[pos] === close) return { items, end: pos + 1 };
    else return undefined;
    if (text[pos] === close) return { items, end: pos + 1 };
  }
  return undefined;
}

function parseLiteral(text: string, at: number): { value: LiteralArg; end: number } | undefined {
  const rest = text.slice(at);
  const number = /^-?\d[\d_]*(?:[iu](?:8|16|32|64|128|size))?/.exec(rest);
  if (number !== null)
    return { value: { kind: 'int', value: BigInt(number[0].replace(/[iu]\w+$/, '').replace(/_/g, '')) }, end: at + number[0].length };
  const word = /^(true|false|None)\b/.exec(rest);
  if (word !== null)
    return { value: word[1] === 'None' ? { kind: 'none' } : { kind: 'bool', value: word[1] === 'true' }, end: at + word[0].length };
  const chr = /^'(\\.|[^'\\])'/u.exec(rest);
  if (chr !== null) return { value: { kind: 'char', value: unescape(chr[1] ?? '') }, end: at + chr[0].length };
  const str = /^"((?:\\.|[^"\\])*)"/u.exec(rest);
  if (str !== null) return { value: { kind: 'str', value: unescape(str[1] ?? '') }, end: at + str[0].length };
  const open = /^(vec!\[|\[|\()/.exec(rest);
  if (open !== null) {
    const list = parseLiteralList(text, at + open[0].length, open[0] === '(' ? ')' : ']');
    return list === undefined ? undefined : { value: { kind: 'list', elements: list.items }, end: list.end };
  }
  return undefined;
}

function unescape(text: string): string {
  return text.replace(/\\(.)/g, (_, ch: string) => ({ n: '\n', t: '\t', r: '\r', '0': '\0' })[ch] ?? ch);
}

function skipSpace(text: string, at: number): number {
  let pos = at;
  while (pos < text.length && /\s/.test(text[pos] ?? '')) pos += 1;
  return pos;
}

/** Visits every object node with a `kind` in the syntax tree (items, statements, expressions). */
function walk(root: unknown, visit: (node: { readonly kind: unknown; readonly value?: unknown }) => void): void {
  const stack: unknown[] = [root];
  for (let budget = 0; stack.length > 0 && budget < 2_000_000; budget += 1) {
    const node = stack.pop();
    if (Array.isArray(node)) {
      for (let i = node.length - 1; i >= 0; i -= 1) stack.push(node[i]);
    } else if (typeof node === 'object' && node !== null) {
      const record = node as Record<string, unknown>;
      if ('kind' in record) visit(record as { kind: unknown; value?: unknown });
      for (const key of Object.keys(record)) if (key !== 'span') stack.push(record[key]);
    }
  }
}
