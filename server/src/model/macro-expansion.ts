// Calls of the crate's own `macro_rules!` macros, expanded where they are used: the syntax layer transcribes the
// call's arguments by the macro's rules, the text is parsed as an expression (or, for statements, a block), and the
// macro calls inside it are expanded the same way. Every span of an expansion is the call's own span object, so
// what is reported inside one (an unsupported construct, a panic) points at the call, in the call's file.
// Invariant: pure and bounded (MAX_EXPANSION_DEPTH nested expansions); one expansion per scope and call node.

import type { Expr, Span } from '../syntax';
import { parseExpression, transcribeMacroCall } from '../syntax';
import { elided } from '../stdx';
import type { ModelScope } from './types';

export type MacroCallExpr = Extract<Expr, { kind: 'macro-call' }>;

/** What a call of a user macro stands for, or why it cannot be known. */
export type MacroExpansion =
  { readonly kind: 'expanded'; readonly expr: Expr } | { readonly kind: 'unexpandable'; readonly reason: string };

/** The expansion of `call` when it names a `macro_rules!` macro the scope knows; undefined for any other macro
 *  (std's and Verus's own, which the evaluators implement). */
export function expandMacroCall(scope: ModelScope, call: MacroCallExpr): MacroExpansion | undefined {
  let memo = EXPANSIONS.get(scope);
  if (memo === undefined) {
    memo = new WeakMap();
    EXPANSIONS.set(scope, memo);
  }
  if (memo.has(call)) return memo.get(call) ?? undefined;
  const expansion = expand(scope, call, call.span, 0);
  memo.set(call, expansion ?? null);
  return expansion;
}

const EXPANSIONS = new WeakMap<ModelScope, WeakMap<MacroCallExpr, MacroExpansion | null>>();

/** Macros that expand to calls of themselves stop here, with a reason. */
const MAX_EXPANSION_DEPTH = 32;

/** `span`: the outermost call's, which every span of the expansion becomes. */
function expand(scope: ModelScope, call: MacroCallExpr, span: Span, depth: number): MacroExpansion | undefined {
  const name = call.name.split('::').pop() ?? call.name;
  const definition = scope.macroRules(name);
  if (definition === undefined) return undefined;
  const unexpandable = (why: string): MacroExpansion => ({ kind: 'unexpandable', reason: `macro \`${name}!\` cannot be expanded: ${why}` });
  if (depth >= MAX_EXPANSION_DEPTH)
    return unexpandable(`its expansion nests more than ${MAX_EXPANSION_DEPTH} macro calls (a recursive macro?)`);
  const transcription = transcribeMacroCall(definition, call.argsText);
  if (transcription.kind === 'failed') return unexpandable(transcription.reason);
  const parsed = parsedExpansion(transcription.text);
  if (parsed === undefined) return unexpandable(`its expansion \`${elided(transcription.text, 60)}\` is not an expression or a block`);
  const nested: { failure: MacroExpansion | undefined } = { failure: undefined };
  const expr = atCall(parsed, span, (inner) => {
    const inside = expand(scope, inner, span, depth + 1);
    if (inside?.kind === 'unexpandable') nested.failure ??= inside;
    return inside?.kind === 'expanded' ? inside.expr : undefined;
  }) as Expr;
  return nested.failure ?? { kind: 'expanded', expr };
}

/** The transcription as an expression, or as a block when it is statements (`let t = $x; t * t`). */
function parsedExpansion(text: string): Expr | undefined {
  const asExpression = parseExpression(text);
  if (asExpression.diagnostics.length === 0) return asExpression.expr;
  const asBlock = parseExpression(`{ ${text} }`);
  return asBlock.diagnostics.length === 0 ? asBlock.expr : undefined;
}

/** A copy of a parsed tree of plain objects and arrays with every span replaced by `span`, and each macro call that
 *  `expandInner` expands replaced by its expansion. */
export function atCall(node: unknown, span: Span, expandInner: (call: MacroCallExpr) => Expr | undefined): unknown {
  if (Array.isArray(node)) return node.map((child: unknown) => atCall(child, span, expandInner));
  if (typeof node !== 'object' || node === null) return node;
  if (isSpan(node)) return span;
  if (isMacroCall(node)) {
    const expanded = expandInner(node);
    if (expanded !== undefined) return expanded;
  }
  return Object.fromEntries(Object.entries(node).map(([key, child]) => [key, atCall(child, span, expandInner)]));
}

function isSpan(value: object): value is Span {
  return 'start' in value && 'end' in value && typeof value.start === 'number' && typeof value.end === 'number';
}

function isMacroCall(value: object): value is MacroCallExpr {
  return 'kind' in value && value.kind === 'macro-call' && 'argsText' in value;
}
