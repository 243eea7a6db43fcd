// Pattern matching for `match`, `matches`, `if let`, `let` and closure parameters. A match yields the extended
// environment, `undefined` for no match, or a failure (a literal or constant in the pattern could not be evaluated).

import type { Expr, PathSegment, Pattern } from '../../syntax';
import type { Value } from '../value';
import { valueEquals } from '../value-ops';
import type { Env, Failure, Res, SpecContext } from './spec-context';
import { bindLocal, isFailure, unsupported } from './spec-context';
import { enumHasVariant, resolveConstructor } from './adt';
import { ORDERING_VARIANTS } from '../std-enums';
import { evalExpr } from './evaluate';
import { unwrappedModePattern } from '../permissions';

export type MatchOutcome = Env | undefined | Failure;

export function matchPattern(ctx: SpecContext, pattern: Pattern, value: Value, env: Env): MatchOutcome {
  switch (pattern.kind) {
    case 'wild':
    case 'rest':
      return env;
    case 'binding': {
      const inner = pattern.subpattern === undefined ? env : matchPattern(ctx, pattern.subpattern, value, env);
      if (inner === undefined || 'kind' in inner) return inner;
      return bindLocal(inner, pattern.name, value);
    }
    case 'ref':
      return matchPattern(ctx, pattern.pattern, value, env);
    case 'literal':
      return matchLiteral(ctx, pattern.value, value, env);
    case 'range':
      return matchRange(ctx, pattern, value, env);
    case 'tuple':
      if (value.kind !== 'tuple') return unsupported(`tuple pattern on a ${value.kind} value`, pattern.span);
      return matchSequence(ctx, pattern.elements, value.elements, env);
    case 'slice':
      if (value.kind !== 'seq') return unsupported(`slice pattern on a ${value.kind} value`, pattern.span);
      return matchSequence(ctx, pattern.elements, value.elements, env);
    case 'or':
      for (const alternative of pattern.alternatives) {
        const outcome = matchPattern(ctx, alternative, value, env);
        if (outcome !== undefined) return outcome;
      }
      return undefined;
    case 'path':
      return matchPath(ctx, pattern.path, value, env, pattern.span);
    case 'tuple-struct': {
      const unwrapped = unwrappedModePattern(pattern);
      if (unwrapped !== undefined) return matchPattern(ctx, unwrapped, value, env);
      const fields = fieldsIfNamed(pattern.path, value);
      if (fields === undefined) return undefined;
      return matchSequence(
        ctx,
        pattern.elements,
        fields.map(([, v]) => v),
        env,
      );
    }
    case 'struct': {
      const fields = fieldsIfNamed(pattern.path, value);
      if (fields === undefined) return undefined;
      let current: Env = env;
      for (const field of pattern.fields) {
        const entry = fields.find(([name]) => name === field.name);
        if (entry === undefined) return unsupported(`unknown field \`${field.name}\` in pattern`, field.span);
        const outcome = matchPattern(ctx, field.pattern, entry[1], current);
        if (outcome === undefined || 'kind' in outcome) return outcome;
        current = outcome;
      }
      return current;
    }
    default:
      return unsupported('unknown pattern', (pattern as { span: Pattern['span'] }).span);
  }
}

/** Binds every name a pattern would bind to a failure, so later uses report it instead of "unknown name". */
export function bindPoisoned(env: Env, pattern: Pattern, failure: Failure): Env {
  let current = env;
  for (const name of patternNames(pattern)) current = bindLocal(current, name, failure);
  return current;
}

export function patternNames(pattern: Pattern): string[] {
  switch (pattern.kind) {
    case 'binding':
      return [pattern.name, ...(pattern.subpattern === undefined ? [] : patternNames(pattern.subpattern))];
    case 'ref':
      return patternNames(pattern.pattern);
    case 'tuple':
    case 'slice':
    case 'tuple-struct':
      return pattern.elements.flatMap(patternNames);
    case 'struct':
      return pattern.fields.flatMap((field) => patternNames(field.pattern));
    case 'or':
      return pattern.alternatives[0] === undefined ? [] : patternNames(pattern.alternatives[0]);
    default:
      return [];
  }
}

/** The last segment of a path; `Option::Some` and `Some` both name the variant `Some`. */
export function lastName(path: readonly PathSegment[]): string {
  return path[path.length - 1]?.name ?? '';
}

function fieldsIfNamed(path: readonly PathSegment[], value: Value): readonly (readonly [string, Value])[] | undefined {
  const name = lastName(path);
  if (value.kind === 'enum') return value.variant === name ? value.fields : undefined;
  if (value.kind === 'struct') return value.fields;
  return undefined;
}

function matchSequence(ctx: SpecContext, patterns: readonly Pattern[], values: readonly Value[], env: Env): MatchOutcome {
  const restIdx = patterns.findIndex((p) => p.kind === 'rest' || (p.kind === 'binding' && p.subpattern?.kind === 'rest'));
  if (restIdx < 0 && patterns.length !== values.length) return undefined;
  if (restIdx >= 0 && patterns.length - 1 > values.length) return undefined;
  let current: Env = env;
  for (let i = 0; i < patterns.length; i++) {
    const pattern = patterns[i];
    if (pattern === undefined) continue;
    if (i === restIdx) {
      if (pattern.kind === 'binding') {
        const restValues = values.slice(restIdx, values.length - (patterns.length - 1 - restIdx));
        current = bindLocal(current, pattern.name, { kind: 'seq', elements: restValues });
      }
      continue;
    }
    const valueIdx = restIdx >= 0 && i > restIdx ? values.length - (patterns.length - i) : i;
    const element = values[valueIdx];
    if (element === undefined) return undefined;
    const outcome = matchPattern(ctx, pattern, element, current);
    if (outcome === undefined || 'kind' in outcome) return outcome;
    current = outcome;
  }
  return current;
}

function matchLiteral(ctx: SpecContext, literal: Expr, value: Value, env: Env): MatchOutcome {
  const expected = evalExpr(ctx, literal, env);
  if (isFailure(expected)) return expected;
  return valueEquals(expected, value) ? env : undefined;
}

function matchRange(ctx: SpecContext, pattern: Extract<Pattern, { kind: 'range' }>, value: Value, env: Env): MatchOutcome {
  const key = orderKey(value);
  if (key === undefined) return unsupported(`range pattern on a ${value.kind} value`, pattern.span);
  for (const [bound, isStart] of [
    [pattern.start, true],
    [pattern.end, false],
  ] as const) {
    if (bound === undefined) continue;
    const res: Res = evalExpr(ctx, bound, env);
    if (isFailure(res)) return res;
    const limit = orderKey(res);
    if (limit === undefined) return unsupported('range pattern bound', pattern.span);
    if (isStart ? key < limit : pattern.inclusive ? key > limit : key >= limit) return undefined;
  }
  return env;
}

function orderKey(value: Value): bigint | undefined {
  if (value.kind === 'int') return value.value;
  if (value.kind === 'char') return BigInt(value.codePoint);
  return undefined;
}

/** A variant or struct a bare name constructs (the prelude's too), a constant, or a datatype. */
function namesAnItem(ctx: SpecContext, name: string): boolean {
  return (
    resolveConstructor(ctx, [name]) !== undefined ||
    ORDERING_VARIANTS.includes(name) ||
    ctx.scope.constant([name], ctx.selfTypeName, ctx.modulePath) !== undefined ||
    ctx.scope.datatype(name) !== undefined
  );
}

function matchPath(ctx: SpecContext, path: readonly PathSegment[], value: Value, env: Env, span: Pattern['span']): MatchOutcome {
  const name = lastName(path);
  if (value.kind === 'enum' && enumHasVariant(ctx, value.name, name)) return value.variant === name ? env : undefined;
  if (value.kind === 'struct' && value.name === name) return env;
  // Rust reads a lone identifier that names no variant, constant or datatype as a binding (`let P = ..;`).
  const lone = path.length === 1 ? path[0] : undefined;
  if (lone !== undefined && lone.generics.length === 0 && !namesAnItem(ctx, lone.name)) return bindLocal(env, lone.name, value);
  // A constant: compare by value.
  const constant: Expr = { kind: 'path', segments: path, span };
  const expected = evalExpr(ctx, constant, env);
  if (isFailure(expected)) return expected;
  return valueEquals(expected, value) ? env : undefined;
}
