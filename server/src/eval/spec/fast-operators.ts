// Operators, methods and casts on the fast path (fast-path.ts), each charged the steps operators.ts, calls.ts and
// collections.ts charge for it.

import type { Expr } from '../../syntax';
import { intRange, isIntTypeName } from '../int-types';
import type { Node, Scope } from './fast-path';
import {
  asBool,
  asInt,
  asSeq,
  boolNode,
  compileAnd,
  compileBool,
  compileCondBool,
  compileExpr,
  compileInt,
  int,
  numberCode,
  temp,
  withStep,
} from './fast-path';

/** Integer comparisons as JS operators: on safe integers they agree with Verus's. */
const COMPARE: Readonly<Record<string, string>> = { '<': '<', '<=': '<=', '>': '>', '>=': '>=', '==': '===', '!=': '!==' };

const EQUALS: ReadonlySet<string> = new Set(['==', '===', '=~=', '=~~=']);
const NOT_EQUALS: ReadonlySet<string> = new Set(['!=', '!==', '!~=', '!~~=']);

/** Which conditions evalCond may bind names in (operators.ts bindsNames): `==>` evaluates such a left side as a
 *  condition, so its parentheses and `&&` cost what evalCond charges. */
function bindsNames(expr: Expr): boolean {
  return expr.kind === 'paren' || (expr.kind === 'binary' && expr.op === '&&');
}

export function compileBinary(expr: Extract<Expr, { kind: 'binary' }>, scope: Scope): Node | undefined {
  const op = expr.op;
  switch (op) {
    case '&&': {
      const and = compileAnd(expr.left, expr.right, scope);
      return and === undefined ? undefined : withStep(and);
    }
    case '||':
    case '==>':
    case '<==':
    case '<==>': {
      const l = op === '==>' && bindsNames(expr.left) ? compileCondBool(expr.left, scope) : compileBool(expr.left, scope);
      const r = compileBool(expr.right, scope);
      if (l === undefined || r === undefined) return undefined;
      // JS's `||` short-circuits as Kleene logic on known truth values does; `===` evaluates both sides.
      if (op === '||') return boolNode(`${l} || ${r}`);
      if (op === '==>') return boolNode(`!${l} || ${r}`);
      if (op === '<==') return boolNode(`${l} || !${r}`);
      return boolNode(`${l} === ${r}`);
    }
    default:
      break;
  }
  const left = compileExpr(expr.left, scope);
  const right = compileExpr(expr.right, scope);
  if (left === undefined || right === undefined) return undefined;
  if (EQUALS.has(op)) return boolNode(`eq(${left.code}, ${right.code})`);
  if (NOT_EQUALS.has(op)) return boolNode(`!eq(${left.code}, ${right.code})`);
  const a = asInt(left);
  const b = asInt(right);
  if (a === undefined || b === undefined) return undefined;
  const compare = COMPARE[op];
  if (compare !== undefined) return boolNode(`${a} ${compare} ${b}`);
  switch (op) {
    case '+':
    case '-':
    case '*':
      return int(`checked(${a} ${op} ${b})`);
    case '/':
      return int(`ediv(${a}, ${b})`);
    case '%':
      return int(`emod(${a}, ${b})`);
    default:
      return undefined;
  }
}

export function compileChain(expr: Extract<Expr, { kind: 'chain' }>, scope: Scope): Node | undefined {
  const operands: string[] = [];
  for (const operand of expr.operands) {
    const code = compileInt(operand, scope);
    if (code === undefined) return undefined;
    operands.push(code);
  }
  const compares: string[] = [];
  for (const op of expr.ops) {
    const compare = COMPARE[op];
    if (compare === undefined) return undefined;
    compares.push(compare);
  }
  if (operands.length !== compares.length + 1) return undefined;
  // Every operand is evaluated (and charged) before any comparison.
  const temps = operands.map(() => temp(scope));
  const assigned = operands.map((code, i) => `${temps[i] as string} = ${code}`);
  const compared = compares.map((compare, i) => `${temps[i] as string} ${compare} ${temps[i + 1] as string}`);
  return boolNode(`${assigned.join(', ')}, ${compared.join(' && ')}`);
}

export function compileUnary(expr: Extract<Expr, { kind: 'unary' }>, scope: Scope): Node | undefined {
  const operand = compileExpr(expr.operand, scope);
  if (operand === undefined) return undefined;
  if (expr.op === '-') {
    const code = asInt(operand);
    return code === undefined ? undefined : int(`-${code}`);
  }
  if (expr.op === '!') {
    // `!` on an int needs its width: walked.
    const code = asBool(operand);
    return code === undefined ? undefined : boolNode(`!${code}`);
  }
  return withStep(operand);
}

export function compileMethod(expr: Extract<Expr, { kind: 'method-call' }>, scope: Scope): Node | undefined {
  const receiver = compileExpr(expr.receiver, scope);
  const seq = receiver === undefined ? undefined : asSeq(receiver);
  if (seq === undefined) return undefined;
  const method = expr.method;
  if (expr.args.length === 0) {
    if (method === 'len' || method === 'spec_len') return int(`${seq}.length`);
    if (method === 'is_empty') return boolNode(`${seq}.length === 0`);
    return undefined;
  }
  const index =
    expr.args.length === 1 && (method === 'index' || method === 'spec_index') ? compileInt(expr.args[0] as Expr, scope) : undefined;
  return index === undefined ? undefined : int(`at(${seq}, ${index})`);
}

export function compileCast(expr: Extract<Expr, { kind: 'cast' }>, scope: Scope): Node | undefined {
  const type = expr.type;
  const name = type.kind === 'path' && type.segments.length === 1 ? type.segments[0]?.name : undefined;
  if (!isIntTypeName(name)) return undefined;
  const operand = compileExpr(expr.operand, scope);
  if (operand === undefined) return undefined;
  const range = intRange(name);
  const min = range.min === undefined ? '-Infinity' : numberCode(Number(range.min));
  const max = range.max === undefined ? 'Infinity' : numberCode(Number(range.max));
  return int(`cast(${operand.code}, ${min}, ${max})`);
}
