// Ghost fields built from the exec state beside them. Systems code keeps a ghost abstraction next to the exec data it
// describes (`Array { seq: Ghost<Seq<A>>, ar: [A; N] }`, `ArraySet { data: Array<bool, N>, set: Ghost<Set<usize>> }`)
// and the trusted fns over it promise results in terms of the ghost (`*out == self.seq@[i]`) while their bodies read
// the exec data. A random ghost that disagrees with the exec data may still meet `wf` (which often says only the
// length), but then every run through such a fn contradicts its contract and gives no pair. So each row also comes
// with its ghost sequences copied from the exec sequence of the same element type and length, and its ghost integer
// sets made the indices where an exec `bool` sequence is true; the `requires` is still checked on the result.

import type { Value, ValueType } from '../../eval';
import type { TypeContext } from '../../eval';
import { adtShape, int, makeSet, valueTypeText } from '../../eval';
import type { Type } from '../../syntax';

type Row = readonly (Value | undefined)[];

/** The row with every ghost field mirrored from its exec neighbour, or undefined when no field changed. */
export function mirroredRow(row: Row, types: readonly ValueType[], ctx: TypeContext): Row | undefined {
  let changed = false;
  const next = row.map((value, i) => {
    const type = types[i];
    if (value === undefined || type === undefined) return value;
    const mirrored = mirroredValue(value, type, ctx, 0);
    if (mirrored !== value) changed = true;
    return mirrored;
  });
  return changed ? next : undefined;
}

/** Structs nest this deep at most before mirroring stops (a recursive type). */
const MAX_DEPTH = 4;

/** An exec sequence a ghost field may mirror: a field's own value, or a sequence one struct below it (`data.ar`). */
interface ExecSequence {
  readonly value: Extract<Value, { kind: 'seq' }>;
  readonly type: Extract<ValueType, { kind: 'seq' }>;
}

function mirroredValue(value: Value, type: ValueType, ctx: TypeContext, depth: number): Value {
  if (value.kind !== 'struct' || type.kind !== 'adt' || depth >= MAX_DEPTH) return value;
  const shape = adtShape(type, ctx);
  if (shape?.kind !== 'struct' || shape.fields.kind !== 'named') return value;
  const fieldTypes = new Map(shape.fields.fields.map((field) => [field.name, field.type] as const));
  // Inner structs first: `data.seq` mirrors `data.ar` before `set` reads `data`.
  let fields = value.fields.map(([name, field]) => {
    const fieldType = fieldTypes.get(name);
    return [name, fieldType === undefined ? field : mirroredValue(field, fieldType, ctx, depth + 1)] as const;
  });
  const ghost = (name: string): boolean => isGhostField(ctx, value.name, name);
  const exec = fields.flatMap(([name, field]) => (ghost(name) ? [] : execSequences(field, fieldTypes.get(name), ctx)));
  fields = fields.map(([name, field]) => {
    const fieldType = fieldTypes.get(name);
    if (!ghost(name) || fieldType === undefined) return [name, field] as const;
    return [name, mirrorOf(field, fieldType, exec) ?? field] as const;
  });
  const changed = fields.some(([, field], i) => field !== value.fields[i]?.[1]);
  return changed ? { ...value, fields } : value;
}

function execSequences(value: Value, type: ValueType | undefined, ctx: TypeContext): ExecSequence[] {
  if (type === undefined) return [];
  if (value.kind === 'seq' && type.kind === 'seq') return [{ value, type }];
  if (value.kind !== 'struct' || type.kind !== 'adt') return [];
  const shape = adtShape(type, ctx);
  if (shape?.kind !== 'struct' || shape.fields.kind === 'unit') return [];
  const fieldTypes = new Map(shape.fields.fields.map((field) => [field.name, field.type] as const));
  return value.fields.flatMap(([name, field]) => {
    const fieldType = fieldTypes.get(name);
    return field.kind === 'seq' && fieldType?.kind === 'seq' && !isGhostField(ctx, value.name, name)
      ? [{ value: field, type: fieldType }]
      : [];
  });
}

/** A struct field declared `Ghost<..>` or `Tracked<..>`. */
function isGhostField(ctx: TypeContext, structName: string, fieldName: string): boolean {
  const datatype = ctx.scope.datatype(structName);
  if (datatype?.kind !== 'struct' || datatype.fields.kind !== 'named') return false;
  const field = datatype.fields.fields.find((candidate) => candidate.name === fieldName);
  return field !== undefined && isGhostType(field.type);
}

/** The ghost value the exec sequences determine: a sequence of the same element type and length copied, or the
 *  set of indices where a `bool` sequence is true; undefined when none, or more than one, could be meant. */
function mirrorOf(ghost: Value, type: ValueType, exec: readonly ExecSequence[]): Value | undefined {
  if (ghost.kind === 'seq' && type.kind === 'seq') {
    const element = valueTypeText(type.element);
    const same = exec.filter(
      (candidate) => candidate.value.elements.length === ghost.elements.length && valueTypeText(candidate.type.element) === element,
    );
    const source = same.length === 1 ? same[0] : undefined;
    return source === undefined ? undefined : { kind: 'seq', elements: source.value.elements };
  }
  if (ghost.kind === 'set' && type.kind === 'set' && type.element.kind === 'int') {
    const flags = exec.filter((candidate) => candidate.type.element.kind === 'bool');
    const source = flags.length === 1 ? flags[0] : undefined;
    if (source === undefined) return undefined;
    const members = source.value.elements.flatMap((flag, i) => (flag.kind === 'bool' && flag.value ? [int(i)] : []));
    return makeSet(members);
  }
  return undefined;
}

function isGhostType(type: Type): boolean {
  const head = type.kind === 'path' ? type.segments[type.segments.length - 1]?.name : undefined;
  return head === 'Ghost' || head === 'Tracked';
}
