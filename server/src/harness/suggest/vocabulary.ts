// What a suggested clause may mention, as Verus text with its value type: the outputs (the result, its fields, the
// final values of `&mut` parameters), the inputs (parameters, `old(..)` values, the file's constants, arithmetic
// already written in the contract) and simple conditions on the inputs. Candidates are built from these words only.

import type { ConstItem, Expr, Item, Span } from '../../syntax';
import type { FileModel, FunctionContract } from '../../model';
import type { TypeContext, ValueType } from '../../eval';
import { adtShape, charLiteral, resolveValueType } from '../../eval';
import type { FunctionValueTypes } from '../score/function-types';

/** A term of the vocabulary: its text (already viewed: `a@` for a `Vec`) and its value type. */
export interface Term {
  readonly text: string;
  readonly type: ValueType;
}

/** An output term; `guard` is the condition under which it is defined (`r.is_some()` for `r.unwrap()`). */
export interface OutputTerm extends Term {
  readonly guard?: string;
}

/** A spec fn of the file, callable from a clause. */
export interface SpecFnWord {
  readonly name: string;
  readonly params: readonly ValueType[];
  readonly returnType: ValueType;
}

export interface Vocabulary {
  readonly outputs: readonly OutputTerm[];
  /** Option/Result outputs themselves, with the method that says the value is there (`is_some`, `is_ok`), for
   *  `r.is_none() <==> ..`. */
  readonly optionOutputs: readonly (Term & { readonly present: 'is_some' | 'is_ok' })[];
  readonly inputs: readonly Term[];
  /** Int-valued arithmetic written in the contract that mentions no output (`n * (n + 1) / 2`). */
  readonly contractArithmetic: readonly string[];
  /** Integer literals of the function (its body's branch bounds, `90` in `score >= 90`). */
  readonly literals: readonly bigint[];
  /** Char literals of the function's body, as Verus text (`'a'`): the characters it treats specially. */
  readonly charLiterals: readonly string[];
  readonly specFns: readonly SpecFnWord[];
}

export type SupportedTypes = Extract<FunctionValueTypes, { kind: 'supported' }>;

export function vocabularyOf(model: FileModel, fn: FunctionContract, types: SupportedTypes): Vocabulary {
  const outputs: OutputTerm[] = [];
  const optionOutputs: Vocabulary['optionOutputs'][number][] = [];
  const inputs: Term[] = [];
  for (const param of fn.params) {
    const type = types.params.get(param.name);
    if (type === undefined) continue;
    // A struct is spoken of by its fields (`old(self).count`, `self.count`).
    const words = (base: string): Term[] => fieldTerms(base, type, types.typeContext) ?? [{ text: viewed(base, type), type }];
    if (param.passing === 'mut') {
      inputs.push(...words(`old(${param.name})`));
      outputs.push(...words(param.name));
    } else inputs.push(...words(param.name));
  }
  if (fn.returnName !== undefined && types.returnType !== undefined) {
    outputs.push(...outputTerms(fn.returnName, types.returnType, types.typeContext, optionOutputs));
  }
  inputs.push(...constantTerms(model, types.typeContext));
  const outputNames = [fn.returnName, ...types.mutParams].filter((name): name is string => name !== undefined);
  return {
    outputs,
    optionOutputs,
    inputs,
    contractArithmetic: contractArithmetic(model.source.text, fn, outputNames),
    literals: bodyLiterals(fn, 'int').flatMap((value) => (typeof value === 'bigint' ? [value] : [])),
    charLiterals: bodyLiterals(fn, 'char').flatMap((value) => (typeof value === 'string' ? [charLiteral(value.codePointAt(0) ?? 0)] : [])),
    specFns: specFnWords(model, types.typeContext),
  };
}

/** A sequence's spec view (`a@`); scalars and spec sequences are their own view. */
export function viewed(text: string, type: ValueType): string {
  return type.kind === 'seq' && type.origin !== 'Seq' ? `${text}@` : text;
}

function outputTerms(
  name: string,
  type: ValueType,
  typeContext: TypeContext,
  optionOutputs: Vocabulary['optionOutputs'][number][],
): OutputTerm[] {
  if (type.kind === 'tuple') return type.elements.map((element, i) => ({ text: viewed(`${name}.${i}`, element), type: element }));
  if (type.kind !== 'adt') return [{ text: viewed(name, type), type }];
  const shape = adtShape(type, typeContext);
  if ((type.name === 'Option' || type.name === 'Result') && type.args[0] !== undefined) {
    const present = type.name === 'Option' ? 'is_some' : 'is_ok';
    optionOutputs.push({ text: name, type, present });
    return [{ text: viewed(`${name}.unwrap()`, type.args[0]), type: type.args[0], guard: `${name}.${present}()` }];
  }
  if (shape?.kind === 'struct' && shape.fields.kind === 'named')
    return shape.fields.fields.map((field) => ({ text: viewed(`${name}.${field.name}`, field.type), type: field.type }));
  return [{ text: name, type }];
}

/** The named fields of a struct value as terms (`p.count`); undefined for other types. */
function fieldTerms(base: string, type: ValueType, typeContext: TypeContext): Term[] | undefined {
  if (type.kind !== 'adt' || type.name === 'Option' || type.name === 'Result') return undefined;
  const shape = adtShape(type, typeContext);
  if (shape?.kind !== 'struct' || shape.fields.kind !== 'named') return undefined;
  return shape.fields.fields.map((field) => ({ text: viewed(`${base}.${field.name}`, field.type), type: field.type }));
}

function constantTerms(model: FileModel, typeContext: TypeContext): Term[] {
  const terms: Term[] = [];
  for (const item of fileConstants(model.source.items)) {
    if (item.value === undefined) continue;
    const type = resolveValueType(item.type, typeContext);
    if (type.kind === 'int') terms.push({ text: item.name, type });
  }
  return terms.slice(0, MAX_CONSTANTS);
}

function specFnWords(model: FileModel, typeContext: TypeContext): SpecFnWord[] {
  const words: SpecFnWord[] = [];
  for (const fn of model.functions) {
    if (fn.mode !== 'spec' || fn.returnType === undefined || fn.selfTypeName !== undefined || fn.item.generics.length > 0) continue;
    if (fn.params.length === 0 || fn.params.length > 2) continue;
    const params = fn.params.map((param) => resolveValueType(param.type, typeContext));
    const returnType = resolveValueType(fn.returnType, typeContext);
    if (params.some((type) => type.kind === 'unsupported') || returnType.kind === 'unsupported') continue;
    words.push({ name: fn.qualifiedName, params, returnType });
  }
  return words.slice(0, MAX_SPEC_FNS);
}

function fileConstants(items: readonly Item[]): ConstItem[] {
  return items.flatMap((item) =>
    item.kind === 'const' ? [item] : item.kind === 'mod' && item.items !== undefined ? fileConstants(item.items) : [],
  );
}

/** Arithmetic subexpressions of the contract that mention no output: the terms the author was already reaching for. */
function contractArithmetic(text: string, fn: FunctionContract, outputNames: readonly string[]): string[] {
  const found: string[] = [];
  const mentionsOutput = (span: Span): boolean =>
    outputNames.some((name) => new RegExp(`\\b${name}\\b`).test(text.slice(span.start, span.end)));
  const visit = (expr: Expr): void => {
    if (expr.kind === 'binary' && ARITHMETIC.has(expr.op) && !mentionsOutput(expr.span)) {
      const written = text.slice(expr.span.start, expr.span.end);
      if (!found.includes(written)) found.push(written);
    }
    for (const child of childExprs(expr)) visit(child);
  };
  for (const clause of [...fn.requires, ...fn.ensures]) visit(clause.clause.expr);
  return found.slice(0, MAX_ARITHMETIC);
}

const ARITHMETIC: ReadonlySet<string> = new Set(['+', '-', '*', '/', '%']);

function childExprs(expr: Expr): readonly Expr[] {
  switch (expr.kind) {
    case 'binary':
      return [expr.left, expr.right];
    case 'chain':
      return expr.operands;
    case 'unary':
    case 'paren':
      return expr.kind === 'paren' ? [expr.inner] : [expr.operand];
    case 'quantifier':
      return [expr.body];
    case 'call':
      return expr.args;
    case 'method-call':
      return [expr.receiver, ...expr.args];
    default:
      return [];
  }
}

/** Distinct literal values of one kind in the function's body, in order of appearance. */
function bodyLiterals(fn: FunctionContract, kind: 'int' | 'char'): (bigint | string)[] {
  const found: (bigint | string)[] = [];
  const visit = (node: unknown): void => {
    if (typeof node !== 'object' || node === null || found.length >= MAX_LITERALS) return;
    const record = node as Record<string, unknown>;
    const value = record['value'];
    if (record['kind'] === kind && (typeof value === 'bigint' || typeof value === 'string')) {
      if (!found.includes(value)) found.push(value);
      return;
    }
    for (const child of Object.values(record)) {
      if (Array.isArray(child)) child.forEach(visit);
      else if (typeof child === 'object' && child !== null) visit(child);
    }
  };
  visit(fn.item.body);
  return found;
}

const MAX_CONSTANTS = 4;
const MAX_SPEC_FNS = 8;
const MAX_ARITHMETIC = 8;
const MAX_LITERALS = 16;
