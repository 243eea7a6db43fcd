// Exec macros: assert!/assert_eq!/assert_ne! (run-time checks, unlike Verus's ghost `assert(..)`), panic!,
// unreachable!, todo!, format!, printing (a no-op: output is not part of a pair) and the ghost code of vstd's
// attribute syntax (`proof!`, `proof_decl!`, `proof_with!`, erased); the crate's own
// `macro_rules!` macros run as their expansion (model/macro-expansion.ts).

import { atomicWithGhost } from './atomic-calls';
import { openInvariant } from './tracked-values';
import type { Expr } from '../../syntax';
import { expandMacroCall } from '../../model';
import type { Value } from '../value';
import type { Ctx, Env, Frame, Typed } from './interpreter-state';
import { lookup, placeOfBinding, readPlace } from './interpreter-state';
import { BOOL, STRING_TYPE } from './exec-types';
import { evalExpr, stringValue, truthy, UNIT_TYPED } from './interpreter';
import { valuesEqual } from './typed-operators';
import { formatDebug } from '../format';
import { formatTemplate } from './format-template';
import { notRunnable, panic } from './signals';

export function evalMacro(ctx: Ctx, frame: Frame, env: Env, expr: Extract<Expr, { kind: 'macro-call' }>): Typed {
  const name = expr.name.replace(/^(std|core)::/, '');
  const args = expr.args;
  const message = (from: number, fallback: string): string => formatted(ctx, frame, env, args.slice(from)) ?? fallback;
  switch (name) {
    case 'assert':
    case 'debug_assert': {
      const [condition] = args;
      if (condition === undefined) return notRunnable('assert! without a condition', expr.span);
      if (!truthy(evalExpr(ctx, frame, env, condition), condition.span)) {
        panic(message(1, `assertion failed: ${ctx.model.source.text.slice(condition.span.start, condition.span.end)}`), expr.span);
      }
      return UNIT_TYPED;
    }
    case 'assert_eq':
    case 'assert_ne':
    case 'debug_assert_eq':
    case 'debug_assert_ne': {
      const [left, right] = args;
      if (left === undefined || right === undefined) return notRunnable(`${name}! needs two operands`, expr.span);
      const a = evalExpr(ctx, frame, env, left).value;
      const b = evalExpr(ctx, frame, env, right).value;
      const wantEqual = name.endsWith('eq');
      if (valuesEqual(a, b) !== wantEqual) {
        const custom = formatted(ctx, frame, env, args.slice(2));
        const head = `assertion \`left ${wantEqual ? '==' : '!='} right\` failed${custom === undefined ? '' : `: ${custom}`}`;
        panic(`${head}\n  left: ${formatDebug(a)}\n right: ${formatDebug(b)}`, expr.span);
      }
      return UNIT_TYPED;
    }
    case 'panic':
      return panic(message(0, 'explicit panic'), expr.span);
    case 'unreachable': {
      const custom = formatted(ctx, frame, env, args);
      return panic(`internal error: entered unreachable code${custom === undefined ? '' : `: ${custom}`}`, expr.span);
    }
    case 'todo':
      return panic('not yet implemented', expr.span, true);
    case 'unimplemented':
      return panic('not implemented', expr.span, true);
    case 'format':
      return { value: stringValue(formatted(ctx, frame, env, args) ?? ''), type: STRING_TYPE };
    // Ghost code in a `#[verus_spec]` fn outside `verus!` (vstd's attribute syntax) that did not parse as a proof
    // block (syntax/expr-special.ts), and ghost arguments: erased from the run.
    case 'proof':
    case 'proof_decl':
    case 'proof_with':
      return UNIT_TYPED;
    case 'atomic_with_ghost':
      return atomicWithGhost(ctx, frame, env, expr);
    case 'open_atomic_invariant':
    case 'open_local_invariant':
      return openInvariant(ctx, frame, env, expr);
    case 'println':
    case 'print':
    case 'eprintln':
    case 'eprint':
      formatted(ctx, frame, env, args);
      return UNIT_TYPED;
    default: {
      // The crate's own `macro_rules!` macros run as their expansion.
      const expansion = expandMacroCall(ctx.model.scope, expr);
      if (expansion?.kind === 'expanded') return evalExpr(ctx, frame, env, expansion.expr);
      return notRunnable(expansion?.reason ?? `calls macro ${expr.name}!`, expr.span);
    }
  }
}

/** The text of `format!`-style arguments, or undefined when there are none. */
function formatted(ctx: Ctx, frame: Frame, env: Env, args: readonly Expr[]): string | undefined {
  const [template, ...rest] = args;
  if (template === undefined) return undefined;
  if (template.kind !== 'str') return formatDebug(evalExpr(ctx, frame, env, template).value);
  const values = rest.map((arg) => evalExpr(ctx, frame, env, arg).value);
  const named = new Map<string, Value>();
  for (const match of template.value.matchAll(/\{([A-Za-z_][A-Za-z_0-9]*)/g)) {
    const variable = match[1] ?? '';
    const binding = lookup(env, variable);
    if (binding !== undefined) named.set(variable, readPlace(placeOfBinding(binding)).value);
  }
  return formatTemplate(template.value, values, named);
}

export { BOOL };
