// Stub generation: golden stub files for the examples and fixtures (UPDATE_GOLDEN=1 rewrites them), every stub
// parsed back by the project's own parser, and the rewriting rules shown on small snippets.

import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { batchObligations, stubFile } from '../../server/src/backends/verus';
import type { StubFile } from '../../server/src/backends/verus';
import { runStubsCommand } from '../../server/src/cli/stubs-command';
import { captureIo } from '../../server/src/cli/io';
import { DEFAULT_CHECK_OPTIONS, pendingObligations, planFile } from '../../server/src/harness';
import { parseSourceFile } from '../../server/src/syntax';
import type { FnItem, Item } from '../../server/src/syntax';

const ROOT = resolve(__dirname, '../..');
const FIXTURES = join(ROOT, 'test/fixtures/verus');

/** Every source with a sibling pairs file: the shipped examples and this suite's fixtures. */
const SOURCES = [join(ROOT, 'examples'), FIXTURES].flatMap((dir) =>
  readdirSync(dir)
    .filter((name) => name.endsWith('.rs') && !name.endsWith('.stub.rs') && existsSync(join(dir, name.replace(/\.rs$/, '.pairs.json'))))
    .map((name) => join(dir, name)),
);

/** The stubs for a source's pairs, as `spec-harness stubs` builds them. */
function stubsOf(
  sourcePath: string,
  text = readFileSync(sourcePath, 'utf8'),
  pairsText = readFileSync(sourcePath.replace(/\.rs$/, '.pairs.json'), 'utf8'),
  probesPerFile = 10,
): StubFile[] {
  const plan = planFile({ path: basename(sourcePath), text, pairsPath: 'x.pairs.json', pairsText }, DEFAULT_CHECK_OPTIONS);
  const options = { sourceName: basename(sourcePath), recursionDepths: new Map<string, number>(), defaultFuel: 10 };
  return batchObligations(pendingObligations(plan), probesPerFile).map((batch) => stubFile(plan.model, batch, options));
}

function fnsOf(items: readonly Item[]): FnItem[] {
  return items.flatMap((item): FnItem[] => (item.kind === 'fn' ? [item] : item.kind === 'impl' ? fnsOf(item.items) : []));
}

describe('golden stub files', () => {
  it('finds sources to check', () => {
    expect(SOURCES.map((path) => basename(path))).toContain('datatypes.rs');
  });

  it.each(SOURCES.map((path) => [basename(path), path]))('%s', async (_name, sourcePath) => {
    const io = captureIo(ROOT);
    expect(await runStubsCommand([sourcePath], io)).toBe(0);
    const golden = join(FIXTURES, basename(sourcePath).replace(/\.rs$/, '.stub.rs'));
    const text = io.out().replaceAll(ROOT + '/', '');
    if (process.env.UPDATE_GOLDEN === '1' || !existsSync(golden)) writeFileSync(golden, text);
    expect(text).toBe(readFileSync(golden, 'utf8'));
  });
});

describe('stubs parse back with the project parser', () => {
  it.each(SOURCES.map((path) => [basename(path), path]))('%s', (_name, sourcePath) => {
    for (const stub of stubsOf(sourcePath)) {
      const parsed = parseSourceFile(stub.text);
      expect(parsed.diagnostics.map((d) => `${d.message} at ${stub.text.slice(d.span.start, d.span.start + 40)}`)).toEqual([]);
      const names = fnsOf(parsed.items).map((fn) => fn.name);
      for (const probe of stub.probes) expect(names).toContain(`probe_${probe.id}`);
      expect(names.some((name) => name.startsWith('pre_') || name.startsWith('post_'))).toBe(stub.probes.length > 0);
      const lines = stub.text.split('\n');
      for (const probe of stub.probes) {
        expect(lines[probe.line - 1]).toContain('assert(');
        expect(lines[probe.line - 2]).toContain(probe.tag);
        expect(lines[probe.startLine - 1]).toMatch(/^proof fn probe_/);
        expect(lines[probe.endLine - 1]).toBe('}');
      }
    }
  });
});

/** The predicates (pre_/post_) of the first stub for one snippet and its pairs. */
function predicates(source: string, pairs: object): string {
  const [stub] = stubsOf('snippet.rs', `use vstd::prelude::*;\nverus! {\n${source}\n}\n`, JSON.stringify({ version: 1, functions: pairs }), 1000);
  const text = stub?.text ?? '';
  return text.slice(text.indexOf('verus! {') + 8, text.indexOf('// obligation')).trim();
}

function firstProbe(source: string, pairs: object): string {
  const [stub] = stubsOf('snippet.rs', `use vstd::prelude::*;\nverus! {\n${source}\n}\n`, JSON.stringify({ version: 1, functions: pairs }));
  const lines = (stub?.text ?? '').split('\n');
  const probe = stub?.probes[0];
  return probe === undefined ? '' : lines.slice(probe.startLine - 1, probe.endLine).join('\n');
}

describe('rewriting clauses for the stub', () => {
  it('passes &mut parameters as old_x and final_x, in both notations', () => {
    const source = `fn bump(a: &mut Vec<u8>, b: &mut u8)
    requires old(a)@.len() < 10, *old(b) < 200,
    ensures a@ == old(a)@.push(1), *final(b) == *old(b) + 1, b == old(b) + 1,
{ }`;
    expect(predicates(source, { bump: { pairs: [{ input: { a: [1], b: 5 }, after: { a: [1, 1], b: 6 } }] } })).toMatchInlineSnapshot(`
      "// requires of bump
      spec fn pre_bump(old_a: Seq<u8>, old_b: u8) -> bool {
          &&& (old_a.len() < 10)
          &&& (old_b < 200)
      }

      // ensures of bump
      spec fn post_bump(old_a: Seq<u8>, final_a: Seq<u8>, old_b: u8, final_b: u8) -> bool {
          &&& (final_a =~= old_a.push(1))
          &&& (final_b == old_b + 1)
          &&& (final_b == old_b + 1)
      }"
    `);
  });

  it('renames self, replaces Self:: and drops views of strings', () => {
    const source = `struct Counter { n: u32 }
impl Counter {
    spec fn limit() -> u32 { 100 }
    fn add(&self, s: &str) -> (r: u32)
        requires self.n + s@.len() <= Self::limit(),
        ensures r == self.n + s@.len(),
    { 0 }
}`;
    expect(predicates(source, { 'Counter::add': { pairs: [{ input: { self: { n: 1 }, s: 'ab' }, output: 3 }] } })).toMatchInlineSnapshot(`
      "struct Counter { n: u32 }

      impl Counter {
          spec fn limit() -> u32 { 100 }
      }

      // requires of Counter::add
      spec fn pre_Counter__add(self_: Counter, s: Seq<char>) -> bool {
          self_.n + s.len() <= Counter::limit()
      }

      // ensures of Counter::add
      spec fn post_Counter__add(self_: Counter, s: Seq<char>, r: u32) -> bool {
          r == self_.n + s.len()
      }"
    `);
  });

  it('keeps a quantifier variable that shadows a parameter', () => {
    const source = `fn f(x: &mut Vec<u8>)
    ensures x@.len() > 0, forall|x: int| 0 <= x < 3 ==> x >= 0,
{ }`;
    expect(predicates(source, { f: { pairs: [{ input: { x: [0] }, after: { x: [0] } }] } })).toMatchInlineSnapshot(`
      "// ensures of f
      spec fn post_f(old_x: Seq<u8>, final_x: Seq<u8>) -> bool {
          &&& (final_x.len() > 0)
          &&& (forall|x: int| 0 <= x < 3 ==> x >= 0)
      }"
    `);
  });

  it('compares sequences and sets extensionally, and leaves scalar equality alone', () => {
    const source = `fn g(v: Vec<u8>, n: u8) -> (r: Vec<u8>)
    ensures r@ == v@.subrange(0, 1), r@ != seq![n], r@.to_set() == set![n], r@.len() == v@.len(), r@[0] == n,
{ v }`;
    expect(predicates(source, { g: { pairs: [{ input: { v: [1], n: 1 }, output: [1] }] } })).toMatchInlineSnapshot(`
      "// ensures of g
      spec fn post_g(v: Seq<u8>, n: u8, r: Seq<u8>) -> bool {
          &&& (r =~= v.subrange(0, 1))
          &&& (!(r =~= seq![n]))
          &&& (r.to_set() =~= set![n])
          &&& (r.len() == v.len())
          &&& (r[0] == n)
      }"
    `);
  });

  it('spells out `returns e` as a comparison with the result', () => {
    const source = `fn twice(x: u8) -> u16
    returns 2 * x as u16,
{ 2 * x as u16 }`;
    expect(predicates(source, { twice: { pairs: [{ input: { x: 3 }, output: 6 }] } })).toMatchInlineSnapshot(`
      "// ensures of twice
      spec fn post_twice(x: u8, result: u16) -> bool {
          result == (2 * x as u16)
      }"
    `);
  });

  it('reveals opaque spec fns in each probe', () => {
    const source = `#[verifier::opaque]
spec fn small(x: u8) -> bool { x < 10 }
fn h(x: u8) -> (r: bool)
    ensures r == small(x),
{ x < 10 }`;
    expect(firstProbe(source, { h: { pairs: [{ input: { x: 3 }, output: true }] } })).toMatchInlineSnapshot(`
      "proof fn probe_ob0_P() {
          reveal(small);
          #[verifier::custom_err("SPEC-HARNESS ob0_P")]
          assert(post_h(3u8, true));
      }"
    `);
  });

  it('prints concrete values as Verus literals, and reveals recursive spec fns with fuel', () => {
    const source = `enum Color { Red, Rgb(u8, u8, u8) }
spec fn depth(s: Seq<int>) -> nat decreases s.len() { if s.len() == 0 { 0 } else { 1 + depth(s.drop_first()) } }
fn g(c: Color, o: Option<i8>, t: (char, bool), s: Seq<int>) -> (r: i8)
    ensures depth(s) >= 0,
{ 0 }`;
    const pairs = { g: { pairs: [{ input: { c: { Rgb: [1, 2, 3] }, o: null, t: ['\'', true], s: [7, -2] }, output: -128 }] } };
    expect(firstProbe(source, pairs)).toMatchInlineSnapshot(`
      "proof fn probe_ob0_P() {
          reveal_with_fuel(depth, 10);
          #[verifier::custom_err("SPEC-HARNESS ob0_P")]
          assert(post_g(Color::Rgb(1u8, 2u8, 3u8), Option::<i8>::None, ('\\'', true), seq![7int, -2int], i8::MIN));
      }"
    `);
  });
});

describe('spec-harness stubs', () => {
  it('--fn keeps one function; stubs are split into //- sections of at most --probes-per-file probes', async () => {
    const io = captureIo(ROOT);
    expect(await runStubsCommand([join(FIXTURES, 'datatypes.rs'), '--fn', 'zeros', '--probes-per-file', '4'], io)).toBe(0);
    const out = io.out();
    expect(out.match(/^\/\/- stub_\d+\.rs$/gm)?.length).toBeGreaterThan(1);
    expect(out).not.toContain('post_norm');
    for (const section of out.split(/^\/\/- stub_\d+\.rs$/m).filter((s) => s.trim() !== '')) {
      expect(section.match(/^proof fn probe_/gm)?.length ?? 0).toBeLessThanOrEqual(4);
    }
  });

  it('a missing file or a bad option is a usage error (exit 2)', async () => {
    const missing = captureIo(ROOT);
    expect(await runStubsCommand(['no-such-file.rs'], missing)).toBe(2);
    expect(missing.err()).toContain("cannot read 'no-such-file.rs'");
    const bad = captureIo(ROOT);
    expect(await runStubsCommand([join(FIXTURES, 'datatypes.rs'), '--probes-per-file', '1'], bad)).toBe(2);
    expect(bad.err()).toContain('--probes-per-file');
  });
});
