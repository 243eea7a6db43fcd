// Inputs inside a strong `requires`: the requires over symbolic inputs (integers within their type's range, bools,
// chars, sequences of a chosen length with symbolic elements), asked for a few models per shape in one
// incremental search, each model blocked before the next check and on later visits of the shape. A sequence's
// lengths are those the requires allows it (the generator's shape reader: `a.len() == 30`, `2 <= a.len()`), else
// 0..8; they follow a schedule fixed by the seed, so the same seed finds the same inputs.

import type { FileModel, FunctionContract } from '../../model';
import type { Value, ValueType } from '../../eval';
import { adtShape, constInstantiation } from '../../eval';
import { functionValueTypes, lengthRanges, readShape } from '../../harness';
import type { FunctionValueTypes } from '../../harness';
import { INT, Untranslatable, intConstraint, intLiteral, rangeConstraint, seqText, sortOf } from './smt-terms';
import type { Sort, Term } from './smt-terms';
import { emptyDeclarations, translateBool } from './translate';
import type { Binding } from './translate';
import { contractFrame } from './query';
import type { ModelConstant, ModelSearchOutcome } from './z3-session';

export interface FindInputsRequest {
  readonly model: FileModel;
  readonly fn: FunctionContract;
  readonly wanted: number;
  readonly seed: number;
  readonly signal: AbortSignal;
  /** Asks for up to `count` models of one script within the run's budget; undefined once the budget is spent. */
  readonly askModels: (script: string, constants: readonly ModelConstant[], count: number) => Promise<ModelSearchOutcome | undefined>;
}

/** Models asked of one shape at a time (one incremental search), before the schedule moves to the next shape. */
const MODELS_PER_SHAPE = 4;

export const MAX_SYMBOLIC_LENGTH = 8;
/** A length the requires fixes above this is not searched (its elements would be too many unknowns). */
const MAX_SHAPED_SYMBOLIC_LENGTH = 64;

export async function findInputs(request: FindInputsRequest): Promise<ReadonlyMap<string, Value>[]> {
  const types = functionValueTypes(request.fn, request.model.scope);
  if (types.kind === 'unsupported' || request.fn.requires.length === 0 || request.wanted <= 0) return [];
  const found: ReadonlyMap<string, Value>[] = [];
  const blocked = new Map<string, string[]>();
  // A shape (the sequences' lengths) without more models, or on which Z3 gave up, is not asked again.
  const exhausted = new Set<string>();
  const ranges = lengthChoices(types, lengthRanges(readShape(request.model.scope, request.fn, types.params, types.typeContext)));
  const shapes = shapeCount(ranges);
  const maxQueries = request.wanted * 3;
  for (let round = 0; round < maxQueries && found.length < request.wanted && exhausted.size < shapes; round += 1) {
    request.signal.throwIfAborted();
    const lengths = lengthsFor(ranges, request.seed, round);
    const shape = declineUntranslatable(() => symbolicInputs(types, lengths));
    if (shape === undefined) return found;
    const key = shape.constants.map((c) => c.name).join(',');
    if (exhausted.has(key)) continue;
    const window = Math.max(MAX_SYMBOLIC_LENGTH, ...lengths.values());
    const requires = declineUntranslatable(() => translateRequires(request.model, request.fn, shape.names, window));
    if (requires === undefined) return found;
    const blocks = blocked.get(key) ?? [];
    const script = [
      ...shape.declarations,
      ...requires.declarations,
      ...shape.ranges.map(assert),
      assert(requires.assertion),
      ...blocks.map(assert),
    ].join('\n');
    const search = await request.askModels(script, shape.constants, Math.min(MODELS_PER_SHAPE, request.wanted - found.length));
    if (search === undefined) return found;
    for (const values of search.models) {
      blocks.push(`(not (and true ${shape.constants.map((c) => `(= ${c.name} ${values.get(c.name) ?? '0'})`).join(' ')}))`);
      const input = shape.read(values);
      if (input !== undefined) found.push(input);
    }
    blocked.set(key, blocks);
    if (search.answer !== 'sat') exhausted.add(key);
  }
  return found;
}

interface SymbolicShape {
  readonly declarations: readonly string[];
  readonly ranges: readonly string[];
  readonly constants: readonly ModelConstant[];
  readonly names: ReadonlyMap<string, Binding>;
  /** The input a model gives, or undefined when a value does not decode. */
  readonly read: (values: ReadonlyMap<string, string>) => ReadonlyMap<string, Value> | undefined;
}

/** The lengths a sequence parameter may take: from its least allowed length, at most MAX_SYMBOLIC_LENGTH + 1
 *  of them (0..8 when the requires says nothing of its length). */
interface LengthChoice {
  readonly least: number;
  readonly count: number;
}

function lengthChoices(
  types: Extract<FunctionValueTypes, { kind: 'supported' }>,
  ranges: ReadonlyMap<string, { readonly low: bigint; readonly high: bigint | undefined }>,
): ReadonlyMap<string, LengthChoice> {
  const choices = new Map<string, LengthChoice>();
  for (const [name, type] of sequencePlaces(types)) {
    if (type.length !== undefined) {
      choices.set(name, { least: type.length, count: 1 });
      continue;
    }
    const range = ranges.get(name);
    const least = range === undefined || range.low > BigInt(MAX_SHAPED_SYMBOLIC_LENGTH) ? 0 : Number(range.low);
    const span =
      range?.high === undefined || range.high - range.low > BigInt(MAX_SYMBOLIC_LENGTH)
        ? MAX_SYMBOLIC_LENGTH
        : Number(range.high - range.low);
    choices.set(name, { least, count: span + 1 });
  }
  return choices;
}

/** Every sequence in the parameters by its place: a parameter, or a field of a struct parameter (`self.data.seq`). */
function sequencePlaces(types: Extract<FunctionValueTypes, { kind: 'supported' }>): [string, Extract<ValueType, { kind: 'seq' }>][] {
  const places: [string, Extract<ValueType, { kind: 'seq' }>][] = [];
  const visit = (place: string, type: ValueType, depth: number): void => {
    if (type.kind === 'seq') places.push([place, type]);
    if (type.kind !== 'adt' || depth >= MAX_STRUCT_DEPTH) return;
    const shape = adtShape(type, types.typeContext);
    if (shape?.kind === 'struct' && shape.fields.kind === 'named')
      for (const field of shape.fields.fields) visit(`${place}.${field.name}`, field.type, depth + 1);
  };
  for (const [name, type] of types.params) visit(name, type, 0);
  return places;
}

/** How many different shapes the schedule visits: every length for each sequence parameter (capped). */
function shapeCount(choices: ReadonlyMap<string, LengthChoice>): number {
  return Math.min(
    [...choices.values()].reduce((product, choice) => product * choice.count, 1),
    1_000,
  );
}

/** A length per sequence parameter for this round. Even rounds give every sequence the same offset from its least
 *  length (contracts often require equal lengths), odd rounds offsets one apart; the seed rotates the schedule. */
function lengthsFor(choices: ReadonlyMap<string, LengthChoice>, seed: number, round: number): ReadonlyMap<string, number> {
  const lengths = new Map<string, number>();
  // Starting at 4 and stepping by 5 mod 9 visits every offset 0..8, the mid-sized ones first.
  const base = 4 + 5 * (Math.floor(round / 2) + seed);
  let k = 0;
  for (const [name, choice] of choices) {
    lengths.set(name, choice.least + (((base + (round % 2) * k) % (MAX_SYMBOLIC_LENGTH + 1)) % choice.count));
    k += 1;
  }
  return lengths;
}

function symbolicInputs(
  types: Extract<FunctionValueTypes, { kind: 'supported' }>,
  lengths: ReadonlyMap<string, number>,
): SymbolicShape | undefined {
  const builder: SymbolicBuilder = { types, lengths, declarations: [], ranges: [], constants: [] };
  const names = new Map<string, Binding>();
  const readers: [string, (values: ReadonlyMap<string, string>) => Value | undefined][] = [];
  for (const [name, type] of types.params) {
    const symbolic = symbolicValue(builder, name, type, 0);
    if (symbolic === undefined) return undefined;
    names.set(name, bindingOf(types, name, symbolic.term));
    readers.push([name, symbolic.read]);
  }
  const read = (values: ReadonlyMap<string, string>): ReadonlyMap<string, Value> | undefined => {
    const input = new Map<string, Value>();
    for (const [name, reader] of readers) {
      const value = reader(values);
      if (value === undefined) return undefined;
      input.set(name, value);
    }
    return input;
  };
  const { declarations, ranges, constants } = builder;
  return { declarations, ranges, constants, names, read };
}

interface SymbolicBuilder {
  readonly types: Extract<FunctionValueTypes, { kind: 'supported' }>;
  /** The length of each sequence, by its place (`a`, `self.data.seq`). */
  readonly lengths: ReadonlyMap<string, number>;
  readonly declarations: string[];
  readonly ranges: string[];
  readonly constants: ModelConstant[];
}

interface SymbolicValue {
  readonly term: Term;
  readonly read: (values: ReadonlyMap<string, string>) => Value | undefined;
}

/** Structs nest this deep at most in a symbolic input. */
const MAX_STRUCT_DEPTH = 4;

/** The symbolic value at a place of an input: a constant for a scalar, a sequence of constants, or a struct of
 *  symbolic fields (kept as its parts: the requires reads its fields and unfolds its spec methods). */
function symbolicValue(builder: SymbolicBuilder, place: string, type: ValueType, depth: number): SymbolicValue | undefined {
  const scalar = (constant: string, scalarType: ValueType): boolean => {
    if (!isScalar(scalarType)) return false;
    const sort = scalarType.kind === 'bool' ? 'Bool' : 'Int';
    builder.declarations.push(`(declare-const ${constant} ${sort})`);
    builder.constants.push({ name: constant, sort });
    const range = scalarType.kind === 'int' ? intConstraint(constant, scalarType.int) : rangeConstraint(constant, scalarType);
    if (range !== 'true') builder.ranges.push(range);
    return true;
  };
  if (type.kind === 'seq') {
    const length = builder.lengths.get(place) ?? type.length ?? 0;
    const elements = Array.from({ length }, (_, i) => `in!${place}!${i}`);
    // Checked before the elements, so that an empty sequence of compound values is not taken for a translation.
    if (!isScalar(type.element) || !elements.every((constant) => scalar(constant, type.element))) return undefined;
    if (type.length !== undefined && type.length !== length) return undefined;
    const text = type.origin === 'String' || type.origin === 'str';
    return {
      term: { smt: seqText(elements, sortOf(type)), sort: sortOf(type) },
      read: (values) =>
        seqValue(
          elements.map((constant) => scalarValue(values.get(constant), type.element)),
          text,
        ),
    };
  }
  if (type.kind === 'adt') return symbolicStruct(builder, place, type, depth);
  const constant = `in!${place}`;
  if (!scalar(constant, type)) return undefined;
  return { term: { smt: constant, sort: sortOf(type) }, read: (values) => scalarValue(values.get(constant), type) };
}

function symbolicStruct(
  builder: SymbolicBuilder,
  place: string,
  type: Extract<ValueType, { kind: 'adt' }>,
  depth: number,
): SymbolicValue | undefined {
  const shape = depth < MAX_STRUCT_DEPTH ? adtShape(type, builder.types.typeContext) : undefined;
  if (shape?.kind !== 'struct' || shape.fields.kind !== 'named') return undefined;
  const fields: { readonly name: string; readonly value: SymbolicValue }[] = [];
  for (const field of shape.fields.fields) {
    const value = symbolicValue(builder, `${place}.${field.name}`, field.type, depth + 1);
    if (value === undefined) return undefined;
    fields.push({ name: field.name, value });
  }
  const sort: Sort = {
    kind: 'struct',
    type,
    fields: fields.map((field) => field.name),
    elements: fields.map((field) => field.value.term.sort),
  };
  return {
    term: { smt: '', sort, parts: fields.map((field) => field.value.term) },
    read: (values) => {
      const read = fields.map((field) => [field.name, field.value.read(values)] as const);
      if (read.some(([, value]) => value === undefined)) return undefined;
      return { kind: 'struct', name: shape.name, fields: read as (readonly [string, Value])[] };
    },
  };
}

function isScalar(type: ValueType): type is Extract<ValueType, { kind: 'int' | 'bool' | 'char' }> {
  return type.kind === 'int' || type.kind === 'bool' || type.kind === 'char';
}

/** In `requires`, a `&mut` parameter's `old(x)` and `x` are both its entry value. */
function bindingOf(types: Extract<FunctionValueTypes, { kind: 'supported' }>, name: string, term: Term): Binding {
  return types.mutParams.includes(name) ? { kind: 'mutable', old: term, final: term } : { kind: 'term', term };
}

function translateRequires(
  model: FileModel,
  fn: FunctionContract,
  names: ReadonlyMap<string, Binding>,
  indexWindow: number,
): { declarations: readonly string[]; assertion: string } {
  const decls = emptyDeclarations();
  // The const generics at the values the function is measured at (what the evaluator reads `N` as).
  const consts = [...constInstantiation(fn, model.scope)].map(
    ([name, value]) => [name, { kind: 'term', term: { smt: intLiteral(value), sort: INT } }] as const,
  );
  const bound = new Map<string, Binding>([...consts, ...names]);
  const frame = { ...contractFrame(model.scope, fn, decls, bound), indexWindow };
  const parts = fn.requires.map((clause) => translateBool(frame, clause.clause.expr));
  return { declarations: decls.lines, assertion: parts.length === 1 ? (parts[0] as string) : `(and ${parts.join(' ')})` };
}

/** What `make` gives, or undefined when a parameter type or the requires has no translation (a stack overflow on
 *  a deeply nested clause included): then no inputs are proposed, and the generator's own inputs stand. */
function declineUntranslatable<T>(make: () => T | undefined): T | undefined {
  try {
    return make();
  } catch (error) {
    if (error instanceof Untranslatable || error instanceof RangeError) return undefined;
    throw error;
  }
}

function assert(formula: string): string {
  return `(assert ${formula})`;
}

function scalarValue(text: string | undefined, type: ValueType): Value | undefined {
  if (text === undefined) return undefined;
  if (type.kind === 'bool')
    return text === 'true' ? { kind: 'bool', value: true } : text === 'false' ? { kind: 'bool', value: false } : undefined;
  const match = /^(?:\(- (\d+)\)|(-?\d+))$/.exec(text.trim());
  if (match === null) return undefined;
  const value = match[1] !== undefined ? -BigInt(match[1]) : BigInt(match[2] as string);
  if (type.kind === 'char') return { kind: 'char', codePoint: Number(value) };
  return { kind: 'int', value };
}

/** `text`: a `String`/`&str` parameter, which exec code tells from a `Vec<char>`. */
function seqValue(elements: readonly (Value | undefined)[], text: boolean): Value | undefined {
  if (elements.some((e) => e === undefined)) return undefined;
  return text ? { kind: 'seq', elements: elements as Value[], text: true } : { kind: 'seq', elements: elements as Value[] };
}
