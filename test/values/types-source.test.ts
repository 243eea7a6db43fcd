// Type resolution from Verus text: parameter and return types of a parsed fn, resolved through the file's scope;
// then decoding pairs-file JSON for those types.
import { describe, expect, it } from 'vitest';
import { parseSourceFile } from '../../server/src/syntax';
import { buildFileModel } from '../../server/src/model';
import { adtShape, resolveValueType, valueTypeText, type TypeContext } from '../../server/src/eval/type-resolution';
import { decodeJson } from '../../server/src/eval/codec';
import { formatValue } from '../../server/src/eval/format';
import type { ValueType } from '../../server/src/eval/value-type';

const SOURCE = `use vstd::prelude::*;
verus! {
pub struct Point { pub x: i32, pub y: i32 }
pub enum Tree<T> { Leaf, Node(Box<Tree<T>>, T, Box<Tree<T>>) }
type Grid = Vec<Vec<u8>>;
const N: usize = 4;

fn sample(a: &[u32], b: [u8; N], c: &mut Vec<char>, d: Option<Point>, e: Tree<u64>, g: Grid, h: Ghost<Seq<int>>,
          k: spec_fn(int) -> bool, m: f64, s: &str, t: (u8, String), q: *const u8, w: Widget) -> (r: Result<usize, String>)
{
    Ok(0)
}

impl Point {
    fn shifted(&self, by: i32) -> (res: Self) { Point { x: self.x + by, y: self.y } }
}
}
`;

const model = buildFileModel(parseSourceFile(SOURCE));
const ctx: TypeContext = { scope: model.scope };

function describeType(type: ValueType): string {
  return type.kind === 'unsupported' ? `unsupported (${type.reason})` : valueTypeText(type);
}

describe('types written in Verus', () => {
  it('resolves every parameter and the return type', () => {
    const fn = model.functions.find((candidate) => candidate.name === 'sample');
    if (fn === undefined) throw new Error('sample not parsed');
    const lines = fn.params.map((param) => `${param.name}: ${describeType(resolveValueType(param.declaredType, ctx))}`);
    lines.push(`-> ${describeType(resolveValueType(fn.returnType ?? { kind: 'never', span: { start: 0, end: 0 } }, ctx))}`);
    expect(lines).toEqual([
      'a: &[u32]',
      'b: [u8; 4]',
      'c: Vec<char>',
      'd: Option<Point>',
      'e: Tree<u64>',
      'g: Vec<Vec<u8>>',
      'h: Seq<int>',
      'k: spec_fn(int) -> bool',
      'm: unsupported (floating-point types are not supported)',
      's: &str',
      't: (u8, String)',
      'q: *mut u8',
      'w: unsupported (unknown type `Widget`)',
      '-> Result<usize, String>',
    ]);
  });

  it('substitutes generic arguments in datatype shapes and decodes values of them', () => {
    const tree: ValueType = { kind: 'adt', name: 'Tree', args: [{ kind: 'int', int: 'u64' }] };
    const shape = adtShape(tree, ctx);
    expect(
      shape?.kind === 'enum' && shape.variants.map((variant) => variant.fields.fields.map((field) => valueTypeText(field.type))),
    ).toEqual([[], ['Tree<u64>', 'u64', 'Tree<u64>']]);
    const res = decodeJson({ Node: ['Leaf', '18446744073709551615', { Node: ['Leaf', 1, 'Leaf'] }] }, tree, ctx);
    expect(res.ok && formatValue(res.value)).toBe('Tree::Node(Tree::Leaf, 18446744073709551615, Tree::Node(Tree::Leaf, 1, Tree::Leaf))');
    const bad = decodeJson({ Node: ['Leaf', -1, 'Leaf'] }, tree, ctx);
    expect(bad.ok ? 'ok' : `${JSON.stringify(bad.error.path)} ${bad.error.message}`).toBe(
      '["Node",1] -1 is out of range for u64 (0..=18446744073709551615)',
    );
  });

  it('resolves Self in a method to the impl type given in the context', () => {
    const fn = model.functions.find((candidate) => candidate.name === 'shifted');
    if (fn === undefined || fn.returnType === undefined) throw new Error('shifted not parsed');
    const selfCtx: TypeContext = { scope: model.scope, selfType: { kind: 'adt', name: 'Point', args: [] } };
    expect(valueTypeText(resolveValueType(fn.returnType, selfCtx))).toBe('Point');
    const self = fn.params.find((param) => param.isSelf);
    expect(self && valueTypeText(resolveValueType(self.declaredType, selfCtx))).toBe('Point');
  });
});
