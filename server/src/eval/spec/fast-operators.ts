// Operators, methods and casts on the fast path (fast-path.ts), each charged the steps operators.ts, calls.ts and
// collections.ts charge for it.

import type { Expr } from '../../syntax';
import { intRange, isIntTypeName } from '../int-types';
import type { Node, Run, Scope } from './fast-path';
import {
  asBool,
  asInt,
  asSeq,
  bail,
  boolNode,
  checked,
  compileAnd,
  compileBool,
  compileCondBool,
  compileExpr,
  compileInt,
  int,
  withStep,
} from './fast-path';

type Compare = (x: number, y: number) => boolean;

const COMPARE: Readonly<Record<string, Compare>> = {
  '<': (x, y) => x < y,
  '<=': (x, y) => x <= y,
  '>': (x, y) => x > y,
  '>=': (x, y) => x >= y,
  '==': (x, y) => x === y,
  '!=': (x, y) => x !== y,
};

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
      if (op === '||')
        return boolNode((f) => {
          f.steps++;
          return l(f) || r(f);
        });
      if (op === '==>')
        return boolNode((f) => {
          f.steps++;
          return !l(f) || r(f);
        });
      if (op === '<==')
        return boolNode((f) => {
          f.steps++;
          return l(f) || !r(f);
        });
      return boolNode((f) => {
        f.steps++;
        const a = l(f);
        return a === r(f);
      });
    }
    default:
      break;
  }
  const left = compileExpr(expr.left, scope);
  const right = compileExpr(expr.right, scope);
  if (left === undefined || right === undefined) return undefined;
  if (EQUALS.has(op) || NOT_EQUALS.has(op)) {
    const negate = NOT_EQUALS.has(op);
    const l = left.run;
    const r = right.run;
    const rightRead = right.kind === 'bool' ? undefined : right.read;
    if (rightRead !== undefined) {
      const [slot, cost] = [rightRead.slot, rightRead.cost];
      return boolNode((f) => {
        f.steps++;
        const a = l(f);
        f.steps += cost;
        const b = f.slots[slot];
        if (typeof a !== typeof b || typeof a === 'object') return bail();
        return (a === b) !== negate;
      });
    }
    return boolNode((f) => {
      f.steps++;
      const a = l(f);
      const b = r(f);
      if (typeof a !== typeof b || typeof a === 'object') return bail();
      return (a === b) !== negate;
    });
  }
  const a = asInt(left);
  const b = asInt(right);
  if (a === undefined || b === undefined) return undefined;
  const compare = COMPARE[op];
  const rightRead = right.kind === 'bool' ? undefined : right.read;
  if (compare !== undefined && rightRead !== undefined) {
    const [slot, cost] = [rightRead.slot, rightRead.cost];
    // The comparison's own step comes before its left operand's: a quantifier there checks its size against it.
    return boolNode((f) => {
      f.steps++;
      const x = a(f);
      f.steps += cost;
      const y = f.slots[slot];
      return typeof y === 'number' ? compare(x, y) : bail();
    });
  }
  if (compare !== undefined)
    return boolNode((f) => {
      f.steps++;
      const x = a(f);
      return compare(x, b(f));
    });
  switch (op) {
    case '+':
      return int((f) => {
        f.steps++;
        const x = a(f);
        return checked(x + b(f));
      });
    case '-':
      return int((f) => {
        f.steps++;
        const x = a(f);
        return checked(x - b(f));
      });
    case '*':
      return int((f) => {
        f.steps++;
        const x = a(f);
        return checked(x * b(f));
      });
    case '/':
    case '%':
      return int((f) => {
        f.steps++;
        const x = a(f);
        const y = b(f);
        if (y === 0) return bail();
        // JS `%` is exact on integers; the quotient of an exactly divisible difference is exact too.
        const r0 = x % y;
        const r = r0 >= 0 ? r0 : y > 0 ? r0 + y : r0 - y;
        return op === '%' ? r + 0 : checked(checked(x - r) / y) + 0;
      });
    default:
      return undefined;
  }
}

export function compileChain(expr: Extract<Expr, { kind: 'chain' }>, scope: Scope): Node | undefined {
  const runs: Run<number>[] = [];
  const nodes: Node[] = [];
  for (const operand of expr.operands) {
    const node = compileExpr(operand, scope);
    if (node !== undefined) nodes.push(node);
    const run = node === undefined ? undefined : asInt(node);
    if (run === undefined) return undefined;
    runs.push(run);
  }
  const compares: Compare[] = [];
  for (const op of expr.ops) {
    const compare = COMPARE[op];
    if (compare === undefined) return undefined;
    compares.push(compare);
  }
  if (runs.length !== compares.length + 1) return undefined;
  // Every operand is evaluated (and charged) before any comparison.
  if (runs.length === 3) {
    const [r0, r1, r2] = runs as [Run<number>, Run<number>, Run<number>];
    const [c0, c1] = compares as [Compare, Compare];
    const [first, middle] = expr.operands.length === 3 ? [nodes[0], nodes[1]] : [];
    const low = first?.kind === 'int' ? first.constant : undefined;
    const read = middle?.kind === 'bool' ? undefined : middle?.read;
    // `0 <= i < n`, the usual guard: the constant and the name read here, in the same order and steps.
    if (low !== undefined && read !== undefined) {
      const [slot, cost] = [read.slot, 2 + read.cost];
      return boolNode((f) => {
        f.steps += cost;
        const y = f.slots[slot];
        if (typeof y !== 'number') return bail();
        const z = r2(f);
        return c0(low, y) && c1(y, z);
      });
    }
    return boolNode((f) => {
      f.steps++;
      const x = r0(f);
      const y = r1(f);
      const z = r2(f);
      return c0(x, y) && c1(y, z);
    });
  }
  return boolNode((f) => {
    f.steps++;
    const values = runs.map((run) => run(f));
    return compares.every((compare, i) => compare(values[i] as number, values[i + 1] as number));
  });
}

export function compileUnary(expr: Extract<Expr, { kind: 'unary' }>, scope: Scope): Node | undefined {
  const operand = compileExpr(expr.operand, scope);
  if (operand === undefined) return undefined;
  if (expr.op === '-') {
    const run = asInt(operand);
    return run === undefined
      ? undefined
      : int((f) => {
          f.steps++;
          return -run(f);
        });
  }
  if (expr.op === '!') {
    // `!` on an int needs its width: walked.
    const run = asBool(operand);
    return run === undefined
      ? undefined
      : boolNode((f) => {
          f.steps++;
          return !run(f);
        });
  }
  return withStep(operand);
}

export function compileMethod(expr: Extract<Expr, { kind: 'method-call' }>, scope: Scope): Node | undefined {
  const receiver = compileExpr(expr.receiver, scope);
  const seq = receiver === undefined ? undefined : asSeq(receiver);
  if (seq === undefined) return undefined;
  const method = expr.method;
  if (expr.args.length === 0) {
    const read = receiver?.kind === 'any' ? receiver.read : undefined;
    if ((method === 'len' || method === 'spec_len') && read !== undefined) {
      const [slot, cost] = [read.slot, read.cost + 1];
      return int((f) => {
        f.steps += cost;
        const xs = f.slots[slot];
        return typeof xs === 'object' ? xs.length : bail();
      });
    }
    if (method === 'len' || method === 'spec_len')
      return int((f) => {
        f.steps++;
        return seq(f).length;
      });
    if (method === 'is_empty')
      return boolNode((f) => {
        f.steps++;
        return seq(f).length === 0;
      });
    return undefined;
  }
  const index =
    expr.args.length === 1 && (method === 'index' || method === 'spec_index') ? compileInt(expr.args[0] as Expr, scope) : undefined;
  if (index === undefined) return undefined;
  return int((f) => {
    f.steps++;
    const xs = seq(f);
    const i = index(f);
    return i >= 0 && i < xs.length ? (xs[i] as number) : bail();
  });
}

export function compileCast(expr: Extract<Expr, { kind: 'cast' }>, scope: Scope): Node | undefined {
  const type = expr.type;
  const name = type.kind === 'path' && type.segments.length === 1 ? type.segments[0]?.name : undefined;
  if (!isIntTypeName(name)) return undefined;
  const operand = compileExpr(expr.operand, scope);
  if (operand === undefined) return undefined;
  const run = operand.run;
  const range = intRange(name);
  const min = range.min === undefined ? -Infinity : Number(range.min);
  const max = range.max === undefined ? Infinity : Number(range.max);
  // Inside the target's range a cast is the identity; outside it truncates, which is walked.
  return int((f) => {
    f.steps++;
    const v = run(f);
    const n = typeof v === 'number' ? v : typeof v === 'boolean' ? (v ? 1 : 0) : bail();
    return n >= min && n <= max ? n : bail();
  });
}
