// Mutants: each operator on a type + output in, the mutants (operator and value) out; range limits, the
// never-equal rules, &mut parameters, the per-pair bound and determinism.
import { describe, expect, it } from 'vitest';
import { generateMutants, type MutantRequest } from '../../server/src/harness/mutants/value-mutants';
import { formatValue } from '../../server/src/eval/format';
import { makeMap, makeMultiset, makeSet } from '../../server/src/eval/value-ops';
import type { Value } from '../../server/src/eval/value';
import type { ValueType } from '../../server/src/eval/value-type';
import { CTX, T, V } from './helpers';

function request(type: ValueType, output: Value, extra: Partial<MutantRequest> = {}): MutantRequest {
  return { ctx: CTX, outputType: type, output, after: new Map(), inputs: new Map(), forbidden: [], seed: 7, maxPerPair: 100, ...extra };
}

function mutants(type: ValueType, output: Value, extra: Partial<MutantRequest> = {}): string[] {
  return generateMutants(request(type, output, extra)).map(
    (mutant) => `${mutant.operator} ${mutant.output === undefined ? '-' : formatValue(mutant.output, type)}`,
  );
}

describe('operators per type (all candidates)', () => {
  it.each<[string, ValueType, Value, string[]]>([
    [
      'u8 255 has no +1 and no MAX',
      T.int('u8'),
      V.int(255),
      [
        'int-1 254',
        'int=0 0',
        'int-2 253',
        'int-k(3) 252',
        'int-k(4) 251',
        'int-k(5) 250',
        'int-k(6) 249',
        'int-k(7) 248',
        'int-k(8) 247',
        'int-k(9) 246',
        'int-k(10) 245',
      ],
    ],
    [
      'i8 MIN has no -1, no MIN and no negation (128 overflows)',
      T.int('i8'),
      V.int(-128),
      [
        'int+1 -127',
        'int=0 0',
        'int=MAX 127',
        'int+2 -126',
        'int+k(3) -125',
        'int+k(4) -124',
        'int+k(5) -123',
        'int+k(6) -122',
        'int+k(7) -121',
        'int+k(8) -120',
        'int+k(9) -119',
        'int+k(10) -118',
      ],
    ],
    [
      'nat 0 only goes up',
      T.int('nat'),
      V.int(0),
      [
        'int+1 1',
        'int+2 2',
        'int+k(3) 3',
        'int+k(4) 4',
        'int+k(5) 5',
        'int+k(6) 6',
        'int+k(7) 7',
        'int+k(8) 8',
        'int+k(9) 9',
        'int+k(10) 10',
      ],
    ],
    ['bool', T.bool, V.bool(true), ['bool-flip false']],
    ['char', T.char, V.char('a'), ["char+1 'b'", "char-1 '`'"]],
    ['char skips surrogates', T.char, { kind: 'char', codePoint: 0xd7ff }, ["char+1 '\ue000'", "char-1 '\ud7fe'"]],
    [
      'Option Some',
      T.adt('Option', T.int('u8')),
      V.some(V.int(3)),
      [
        'option-none None',
        'option-inner:int+1 Some(4)',
        'option-inner:int-1 Some(2)',
        'option-inner:int=0 Some(0)',
        'option-inner:int=MAX Some(255)',
      ],
    ],
    ['Option None', T.adt('Option', T.int('u8')), V.none, ['option-some Some(0)']],
    [
      'Result Ok',
      T.adt('Result', T.int('u8'), T.bool),
      V.variant('Result', 'Ok', V.int(1)),
      ['result-err Err(false)', 'result-inner:int+1 Ok(2)', 'result-inner:int-1 Ok(0)', 'result-inner:int=MAX Ok(255)'],
    ],
    [
      'unit enum variant',
      T.adt('Color'),
      V.variant('Color', 'Red'),
      ['enum-variant(Green) Color::Green', 'enum-variant(Rgb) Color::Rgb(0, 0, 0)'],
    ],
    [
      'recursive enum',
      T.adt('List'),
      V.variant('List', 'Cons', V.int(1), V.variant('List', 'Nil')),
      [
        'enum-variant(Nil) List::Nil',
        'enum-field(0):int+1 List::Cons(2, List::Nil)',
        'enum-field(0):int-1 List::Cons(0, List::Nil)',
        'enum-field(1):enum-variant(Cons) List::Cons(1, List::Cons(0, List::Nil))',
        'enum-field(0):int+2 List::Cons(3, List::Nil)',
      ],
    ],
    [
      'tuple: one component at a time',
      T.tuple(T.int('u8'), T.bool),
      V.tuple(V.int(0), V.bool(false)),
      [
        'tuple-field(0):int+1 (1, false)',
        'tuple-field(1):bool-flip (0, true)',
        'tuple-field(0):int=MAX (255, false)',
        'tuple-field(0):int+2 (2, false)',
        'tuple-field(0):int+k(3) (3, false)',
      ],
    ],
    [
      'fixed-length array keeps its length',
      T.seq(T.int('u8'), 'array', 3),
      V.ints(1, 2, 3),
      [
        'seq-change-element(2):int+1 [1, 2, 4]',
        'seq-change-element(2):int-1 [1, 2, 2]',
        'seq-change-element(2):int=0 [1, 2, 0]',
        'seq-change-element(2):int=MAX [1, 2, 255]',
        'seq-change-element(0):int+1 [2, 2, 3]',
        'seq-change-element(0):int-1 [0, 2, 3]',
        'seq-change-element(0):int=MAX [255, 2, 3]',
        'seq-swap [2, 1, 3]',
        'seq-reverse [3, 2, 1]',
        'seq-rotate [2, 3, 1]',
      ],
    ],
    [
      'Vec: structural operators; reverse equals the swap and is deduplicated',
      T.seq(T.int('u8')),
      V.ints(3, 1, 2),
      [
        'seq-drop-last [3, 1]',
        'seq-change-element(2):int+1 [3, 1, 3]',
        'seq-change-element(2):int-1 [3, 1, 1]',
        'seq-drop-first [1, 2]',
        'seq-empty []',
        'seq-change-element(2):int=0 [3, 1, 0]',
        'seq-change-element(2):int=MAX [3, 1, 255]',
        'seq-change-element(0):int+1 [4, 1, 2]',
        'seq-change-element(0):int-1 [2, 1, 2]',
        'seq-change-element(0):int=0 [0, 1, 2]',
        'seq-change-element(0):int=MAX [255, 1, 2]',
        'seq-duplicate [3, 3, 1, 2]',
        'seq-insert [3, 1, 2, 0]',
        'seq-swap [2, 1, 3]',
        'seq-sort [1, 2, 3]',
        'seq-truncate-half [3]',
      ],
    ],
    [
      'String mutates as Seq<char> and stays text',
      T.string,
      V.text('ab'),
      [
        'seq-drop-last "a"',
        'seq-change-element(1):char+1 "ac"',
        'seq-change-element(1):char-1 "aa"',
        'seq-drop-first "b"',
        'seq-empty ""',
        'seq-change-element(0):char+1 "bb"',
        'seq-change-element(0):char-1 "`b"',
        'seq-duplicate "aab"',
        'seq-insert "aba"',
        'seq-swap "ba"',
      ],
    ],
    ['empty Vec can only grow', T.seq(T.int('u8')), V.ints(), ['seq-insert [0]']],
    ['set', T.set(T.int('int')), makeSet([V.int(0), V.int(1)]), ['set-remove {1}', 'set-insert {0, 1, 2}', 'set-empty {}']],
    [
      'map',
      T.map(T.int('int'), T.bool),
      makeMap([[V.int(1), V.bool(true)]]),
      ['map-change-value:bool-flip map![1 => false]', 'map-remove map![]', 'map-insert map![0 => false, 1 => true]'],
    ],
    [
      'multiset',
      T.multiset(T.int('int')),
      makeMultiset([V.int(1), V.int(1)]),
      ['multiset-add multiset![1, 1, 1]', 'multiset-remove multiset![1]'],
    ],
    ['unit has no mutants', T.tuple(), V.tuple(), []],
  ])('%s', (_, type, output, expected) => {
    expect(mutants(type, output)).toEqual(expected);
  });

  it('struct: one field at a time, strongest first', () => {
    const point = V.struct('Point', [
      ['x', V.int(1)],
      ['y', V.int(2)],
    ]);
    expect(mutants(T.adt('Point'), point).slice(0, 4)).toEqual([
      'field(x):int+1 Point { x: 2, y: 2 }',
      'field(x):int-1 Point { x: 0, y: 2 }',
      'field(y):int+1 Point { x: 1, y: 3 }',
      'field(y):int-1 Point { x: 1, y: 1 }',
    ]);
  });

  it('signed ints are negated', () => {
    expect(mutants(T.int('i32'), V.int(5))).toContain('negate -5');
    expect(mutants(T.int('u32'), V.int(5)).some((line) => line.startsWith('negate'))).toBe(false);
  });

  it('adds and subtracts the length of each sequence input', () => {
    const inputs = new Map<string, Value>([
      ['a', V.ints(1, 5, 3)],
      ['n', V.int(4)],
      ['empty', V.ints()],
    ]);
    const lines = mutants(T.int('usize'), V.int(9), { inputs });
    expect(lines).toContain('int+len(a) 12');
    expect(lines).toContain('int-len(a) 6');
    expect(lines.filter((line) => line.includes('len('))).toHaveLength(2);
  });
});

describe('never equal to the pair or a forbidden outcome', () => {
  it('skips forbidden outputs (acceptable outputs, other pairs for the same input)', () => {
    const lines = mutants(T.int('u8'), V.int(5), { forbidden: [{ output: V.int(6) }, { output: V.int(0) }] });
    expect(lines.some((line) => line.endsWith(' 6') || line.endsWith(' 0'))).toBe(false);
    expect(lines[0]).toBe('int-1 4');
  });

  it('skips a mutant equal to the output made by another operator (kept once, strongest operator)', () => {
    const lines = mutants(T.int('u8'), V.int(1));
    expect(lines.filter((line) => line.endsWith(' 0'))).toEqual(['int-1 0']);
  });
});

describe('&mut parameters', () => {
  it('mutates the after-value keeping the return, and the return keeping the after-value', () => {
    const after = new Map([['v', { value: V.ints(1, 7), type: T.seq(T.int('u8')) }]]);
    const all = generateMutants(request(T.bool, V.bool(true), { after }));
    const flip = all.find((mutant) => mutant.operator === 'bool-flip');
    expect(flip?.output).toEqual(V.bool(false));
    expect(flip?.after.get('v')).toEqual(V.ints(1, 7));
    const drop = all.find((mutant) => mutant.operator === 'after(v):seq-drop-last');
    expect(drop?.output).toEqual(V.bool(true));
    expect(drop?.after.get('v')).toEqual(V.ints(1));
  });

  it('works for unit returns, and forbidden after-values are respected', () => {
    const after = new Map([['x', { value: V.int(3), type: T.int('u8') }]]);
    const forbidden = [{ output: undefined, after: new Map([['x', V.int(4)]]) }];
    const all = generateMutants(request(T.tuple(), V.tuple(), { outputType: undefined, output: undefined, after, forbidden }));
    expect(all.map((mutant) => `${mutant.operator} ${formatValue(mutant.after.get('x') as Value)}`).slice(0, 3)).toEqual([
      'after(x):int-1 2',
      'after(x):int=0 0',
      'after(x):int=MAX 255',
    ]);
    expect(all.every((mutant) => mutant.output === undefined)).toBe(true);
  });
});

describe('bounded, prioritised and deterministic', () => {
  const long = V.ints(...Array.from({ length: 20 }, (_, idx) => (idx * 7) % 11));
  const vecType = T.seq(T.int('i32'));

  it('keeps at most maxPerPair (default 8), a fair share per operator family, strongest of each family first', () => {
    const chosen = generateMutants({ ...request(vecType, long), maxPerPair: undefined });
    expect(chosen.map((mutant) => mutant.operator)).toEqual([
      'seq-drop-last',
      'seq-change-element(19):int+1',
      'seq-empty',
      'seq-duplicate',
      'seq-insert',
      'seq-swap',
      'seq-reverse',
      'seq-sort',
    ]);
  });

  it('offers values taken from the inputs: another parameter, an element, an index', () => {
    const inputs = new Map<string, Value>([
      ['a', V.ints(1, 7, 3)],
      ['k', V.int(8)],
    ]);
    const lines = mutants(T.int('i32'), V.int(5), { inputs });
    expect(lines).toEqual(expect.arrayContaining(['input(k) 8', 'element(a[0]) 1', 'element(a[1]) 7', 'element(a[2]) 3', 'index(a, 2) 2']));
  });

  it('gives the same mutants in the same order for the same seed', () => {
    const first = mutants(vecType, long, { maxPerPair: 8, seed: 42 });
    expect(mutants(vecType, long, { maxPerPair: 8, seed: 42 })).toEqual(first);
    const seeds = [1, 2, 3, 4, 5].map((seed) => mutants(vecType, long, { maxPerPair: 8, seed }).join('|'));
    expect(new Set(seeds).size).toBeGreaterThan(1);
  });
});
