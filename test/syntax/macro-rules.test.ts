// `macro_rules!` as a specification: a definition and a call's arguments in, the transcription (or why there is
// none) out. The text is what the model parses as the expansion.

import { describe, expect, it } from 'vitest';
import { parseSourceFile, transcribeMacroCall } from '../../server/src/syntax';

function expand(definition: string, args: string): string {
  const item = parseSourceFile(definition).items[0];
  if (item?.kind !== 'macro' || item.definition === undefined) throw new Error('no macro_rules! definition');
  const transcription = transcribeMacroCall(item.definition, args);
  return transcription.kind === 'text' ? transcription.text : `failed: ${transcription.reason}`;
}

describe('macro_rules! transcription', () => {
  it.each<[string, string, string, string]>([
    ['an expression fragment stays one operand', 'macro_rules! bit { ($v:expr) => { 1usize << $v } }', 'a + 1', '1usize << ( a + 1 )'],
    [
      'two fragments split at the comma the matcher writes',
      'macro_rules! m { ($a:expr, $b:expr) => { $a - $b } }',
      'f(x, y), 2',
      '( f ( x , y ) ) - ( 2 )',
    ],
    ['the first rule that matches', 'macro_rules! m { () => { 0 }; ($x:expr) => { $x } }', '', '0'],
    ['literal tokens of the matcher', 'macro_rules! m { ($a:expr => $b:expr) => { $a + $b } }', 'x => 1', '( x ) + ( 1 )'],
    [
      'a repetition with a separator, transcribed once per item',
      'macro_rules! sum { ($($x:expr),+) => { 0 $(+ $x)* } }',
      'a, b * 2, c',
      '0 + ( a ) + ( b * 2 ) + ( c )',
    ],
    [
      '`ident`, `ty` and `tt` fragments, unwrapped',
      'macro_rules! m { ($n:ident : $t:ty ; $k:tt) => { $n as $t + $k } }',
      'x : u64 ; 3',
      'x as u64 + 3',
    ],
    ['`$crate` is the crate', 'macro_rules! m { () => { $crate::f() } }', '', 'crate :: f ( )'],
    [
      'a `let` of the transcriber cannot capture a name the caller passed',
      'macro_rules! twice { ($x:expr) => {{ let a = $x; a + a }} }',
      'a',
      '{ let __macro_local_a = ( a ) ; __macro_local_a + __macro_local_a }',
    ],
  ])('%s', (_, definition, args, expected) => {
    expect(expand(definition, args)).toBe(expected);
  });

  it.each<[string, string, string, string]>([
    ['no rule matches', 'macro_rules! m { ($a:expr => $b:expr) => { $a } }', 'x, 1', 'failed: no rule of `m!` matches its arguments'],
    [
      'a metavariable the rule does not bind',
      'macro_rules! m { ($a:expr) => { $b } }',
      'x',
      'failed: `$b` is not bound by the rule that matched',
    ],
  ])('says why when %s', (_, definition, args, expected) => {
    expect(expand(definition, args)).toBe(expected);
  });

  it('leaves a body it cannot read undefined, without a syntax error', () => {
    const file = parseSourceFile('macro_rules! m { oops }\nfn f() {}');
    expect(file.diagnostics).toEqual([]);
    expect(file.items[0]).toMatchObject({ kind: 'macro', name: 'macro_rules' });
    expect(file.items[0]).not.toHaveProperty('definition');
  });
});
