// The direct sub-expressions of an expression, so a walk over a tree (stub rewriting, the places a proof block
// writes) needs no case per kind.

import type { Block, Expr } from './ast';
import { assertNever } from '../stdx';

export function childExpressions(expr: Expr): readonly Expr[] {
  switch (expr.kind) {
    case 'int':
    case 'float':
    case 'bool':
    case 'char':
    case 'str':
    case 'path':
    case 'continue':
    case 'error':
      return [];
    case 'call':
      return [expr.callee, ...expr.args];
    case 'method-call':
      return [expr.receiver, ...expr.args];
    case 'field':
    case 'arrow':
      return [expr.receiver];
    case 'index':
      return [expr.receiver, expr.index];
    case 'view':
    case 'try':
    case 'unary':
    case 'is':
    case 'matches':
    case 'cast':
      return [expr.operand];
    case 'binary':
      return [expr.left, expr.right];
    case 'chain':
      return expr.operands;
    case 'if':
      return [expr.condition, ...blockExpressions(expr.then), ...(expr.else === undefined ? [] : [expr.else])];
    case 'let-condition':
      return [expr.value];
    case 'match':
      return [expr.scrutinee, ...expr.arms.flatMap((arm) => [...(arm.guard === undefined ? [] : [arm.guard]), arm.body])];
    case 'block':
      return blockExpressions(expr.block);
    case 'closure':
    case 'quantifier':
      return [expr.body];
    case 'collection-macro':
      return [
        ...expr.elements,
        ...expr.entries.flatMap(([key, value]) => [key, value]),
        ...(expr.repeat === undefined ? [] : [expr.repeat.value, expr.repeat.count]),
      ];
    case 'macro-call':
      return expr.args;
    case 'struct-literal':
      return [...expr.fields.map((field) => field.value), ...(expr.base === undefined ? [] : [expr.base])];
    case 'tuple':
    case 'array':
      return expr.elements;
    case 'array-repeat':
      return [expr.value, expr.count];
    case 'range':
      return [...(expr.start === undefined ? [] : [expr.start]), ...(expr.end === undefined ? [] : [expr.end])];
    case 'paren':
      return [expr.inner];
    case 'assign':
      return [expr.target, expr.value];
    case 'return':
    case 'break':
      return expr.value === undefined ? [] : [expr.value];
    case 'while':
      return [expr.condition, ...blockExpressions(expr.body)];
    case 'loop':
      return blockExpressions(expr.body);
    case 'for':
      return [expr.iterable, ...blockExpressions(expr.body)];
    case 'ghost':
      // A proof block's statements are its children too: a walk for what ghost code writes must see them.
      return [...(expr.expr === undefined ? [] : [expr.expr]), ...(expr.block === undefined ? [] : blockExpressions(expr.block))];
    default:
      return assertNever(expr);
  }
}

/** Names a quantifier or closure binds over its body (they shadow parameters of the same name). */
export function boundNames(expr: Expr): readonly string[] {
  if (expr.kind === 'quantifier') return expr.binders.map((binder) => binder.name);
  if (expr.kind === 'closure') {
    return expr.params.flatMap((param) => (param.pattern.kind === 'binding' ? [param.pattern.name] : []));
  }
  return [];
}

function blockExpressions(block: Block): readonly Expr[] {
  const fromStmts = block.stmts.flatMap((stmt): readonly Expr[] => {
    if (stmt.kind === 'let') return stmt.init === undefined ? [] : [stmt.init];
    if (stmt.kind === 'expr') return [stmt.expr];
    return [];
  });
  return block.tail === undefined ? fromStmts : [...fromStmts, block.tail];
}
