// Pattern matching for `let`, `match`, `if let`, `while let` and `for` bindings, over typed values so that
// bound variables keep their static integer types.

import type { Expr, Pattern } from '../../syntax';
import type { Value } from '../value';
import type { Ctx, Env, Frame, Typed } from './interpreter-state';
import { fieldType, resolveVariant } from './datatypes';
import type { ExecType } from './exec-types';
import { UNKNOWN } from './exec-types';
import { compareValues, valuesEqual } from './typed-operators';
import { notRunnable } from './signals';
import { unwrappedModePattern } from '../permissions';
import { assertNever } from '../../stdx';

/** Matches `typed` against `pattern`, adding bindings on success. */
export function matchPattern(ctx: Ctx, frame: Frame, pattern: Pattern, typed: Typed, bindings: Map<string, Typed>): boolean {
  const value = typed.value;
  switch (pattern.kind) {
    case 'wild':
    case 'rest':
      return true;
    case 'binding':
      if (pattern.subpattern !== undefined && !matchPattern(ctx, frame, pattern.subpattern, typed, bindings)) return false;
      bindings.set(pattern.name, typed);
      return true;
    case 'ref':
      return matchPattern(ctx, frame, pattern.pattern, typed, bindings);
    case 'or':
      return pattern.alternatives.some((alternative) => matchPattern(ctx, frame, alternative, typed, bindings));
    case 'literal':
      return valuesEqual(literalValue(pattern.value), value);
    case 'range':
      return inPatternRange(ctx, pattern, value);
    case 'tuple':
      return matchList(ctx, frame, pattern.elements, listOf(value), (i) => elementType(typed.type, i), bindings);
    case 'slice':
      return value.kind === 'seq' && matchSlice(ctx, frame, pattern.elements, typed, bindings);
    case 'path':
      return matchPathPattern(ctx, frame, pattern, typed, bindings);
    case 'tuple-struct': {
      const unwrapped = unwrappedModePattern(pattern);
      if (unwrapped !== undefined) return matchPattern(ctx, frame, unwrapped, typed, bindings);
      const fields = matchConstructor(ctx, frame, pattern.path, value);
      if (fields === undefined) return false;
      const variant = value.kind === 'enum' ? value.variant : undefined;
      return matchList(
        ctx,
        frame,
        pattern.elements,
        fields.map((f) => f[1]),
        (i) => fieldType(ctx, typed.type, String(i), variant),
        bindings,
      );
    }
    case 'struct': {
      const fields = matchConstructor(ctx, frame, pattern.path, value);
      if (fields === undefined) return false;
      const variant = value.kind === 'enum' ? value.variant : undefined;
      return pattern.fields.every((field) => {
        const fieldValue = fields.find(([name]) => name === field.name)?.[1];
        if (fieldValue === undefined) return false;
        const type = fieldType(ctx, typed.type, field.name, variant);
        return matchPattern(ctx, frame, field.pattern, { value: fieldValue, type }, bindings);
      });
    }
    default:
      return assertNever(pattern);
  }
}

export function bindPattern(env: Env, bindings: ReadonlyMap<string, Typed>): void {
  for (const [name, typed] of bindings) env.vars.set(name, { kind: 'slot', slot: { value: typed.value, type: typed.type } });
}

function matchList(
  ctx: Ctx,
  frame: Frame,
  patterns: readonly Pattern[],
  values: readonly Value[],
  typeAt: (index: number) => ExecType,
  bindings: Map<string, Typed>,
): boolean {
  const restAt = patterns.findIndex((p) => p.kind === 'rest');
  if (restAt < 0 && patterns.length !== values.length) return false;
  if (restAt >= 0 && patterns.length - 1 > values.length) return false;
  return patterns.every((pattern, i) => {
    if (pattern.kind === 'rest') return true;
    const index = restAt >= 0 && i > restAt ? values.length - (patterns.length - i) : i;
    const value = values[index];
    return value !== undefined && matchPattern(ctx, frame, pattern, { value, type: typeAt(index) }, bindings);
  });
}

function matchSlice(ctx: Ctx, frame: Frame, patterns: readonly Pattern[], typed: Typed, bindings: Map<string, Typed>): boolean {
  const elements = typed.value.kind === 'seq' ? typed.value.elements : [];
  const element = typed.type.kind === 'seq' ? typed.type.element : UNKNOWN;
  return matchList(ctx, frame, patterns, elements, () => element, bindings);
}

function matchPathPattern(
  ctx: Ctx,
  frame: Frame,
  pattern: Extract<Pattern, { kind: 'path' }>,
  typed: Typed,
  bindings: Map<string, Typed>,
): boolean {
  const value = typed.value;
  const variant = resolveVariant(ctx, pattern.path, frame.selfTypeName);
  if (variant !== undefined) return value.kind === 'enum' && value.variant === variant.variant;
  const names = pattern.path.map((s) => s.name);
  const constant = ctx.model.scope.constant(names, frame.selfTypeName);
  if (constant?.value !== undefined) return valuesEqual(literalValue(constant.value), value);
  const lastName = names[names.length - 1] ?? '';
  if (value.kind === 'struct' && (lastName === 'Self' || ctx.model.scope.datatype(lastName) !== undefined))
    return lastName === 'Self' || value.name === lastName;
  // Rust reads a lone identifier that names no variant, constant or unit struct as a binding (`fn f(N: u32)`).
  const lone = pattern.path.length === 1 ? pattern.path[0] : undefined;
  if (lone !== undefined && lone.generics.length === 0) {
    bindings.set(lone.name, typed);
    return true;
  }
  return notRunnable(`pattern \`${names.join('::')}\``, pattern.span);
}

function matchConstructor(
  ctx: Ctx,
  frame: Frame,
  path: readonly { name: string }[],
  value: Value,
): readonly (readonly [string, Value])[] | undefined {
  const names = path.map((s) => s.name);
  const last = names[names.length - 1];
  if (value.kind === 'struct') return value.name === last || last === 'Self' ? value.fields : undefined;
  if (value.kind !== 'enum') return undefined;
  const variant = resolveVariant(ctx, path as never, frame.selfTypeName);
  const variantName = variant?.variant ?? last;
  return value.variant === variantName ? value.fields : undefined;
}

function inPatternRange(ctx: Ctx, pattern: Extract<Pattern, { kind: 'range' }>, value: Value): boolean {
  if (pattern.start !== undefined && compareValues(ctx, value, literalValue(pattern.start)) < 0) return false;
  if (pattern.end === undefined) return true;
  const order = compareValues(ctx, value, literalValue(pattern.end));
  return pattern.inclusive ? order <= 0 : order < 0;
}

/** Literal patterns: ints (possibly negated), bools, chars, strings. */
function literalValue(expr: Expr): Value {
  switch (expr.kind) {
    case 'int':
      return { kind: 'int', value: expr.value };
    case 'bool':
      return { kind: 'bool', value: expr.value };
    case 'char':
      return expr.byte
        ? { kind: 'int', value: BigInt(expr.value.codePointAt(0) ?? 0) }
        : { kind: 'char', codePoint: expr.value.codePointAt(0) ?? 0 };
    case 'str':
      return { kind: 'seq', elements: Array.from(expr.value, (ch) => ({ kind: 'char', codePoint: ch.codePointAt(0) ?? 0 })), text: true };
    case 'unary':
      if (expr.op === '-' && expr.operand.kind === 'int') return { kind: 'int', value: -expr.operand.value };
      return notRunnable('this literal pattern', expr.span);
    case 'paren':
      return literalValue(expr.inner);
    default:
      return notRunnable('this literal pattern', expr.span);
  }
}

function listOf(value: Value): readonly Value[] {
  return value.kind === 'tuple' || value.kind === 'seq' ? value.elements : [];
}

function elementType(type: ExecType, index: number): ExecType {
  return type.kind === 'tuple' ? (type.elements[index] ?? UNKNOWN) : UNKNOWN;
}
