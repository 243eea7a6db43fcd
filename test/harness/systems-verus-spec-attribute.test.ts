// vstd's attribute syntax (test/fixtures/systems/verus-spec-attribute.rs): contracts written as `#[verus_spec(..)]`
// on plain Rust outside `verus!` are the fns' contracts, scored as if written in the signature; `proof! { }` and
// `proof_decl! { }` are proof blocks, `proof_with!` and call-site `with` attributes ghost arguments the run leaves out.

import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildFileModel } from '../../server/src/model';
import { parseSourceFile } from '../../server/src/syntax';
import { EXACT, scoreSystemsFixture } from './systems-fixture';

const NAME = 'verus-spec-attribute.rs';
const { fn, report } = scoreSystemsFixture(NAME);
const SOURCE = parseSourceFile(readFileSync(join(__dirname, '..', 'fixtures', 'systems', NAME), 'utf8'));
const MODEL = buildFileModel(SOURCE);

function contract(name: string): { requires: string[]; ensures: string[]; returnName: string | undefined; params: string[] } {
  const found = MODEL.functions.find((candidate) => candidate.qualifiedName === name);
  if (found === undefined) throw new Error(`no function ${name}`);
  return {
    requires: found.requires.map((clause) => clause.text),
    ensures: found.ensures.map((clause) => clause.text),
    returnName: found.returnName,
    params: found.params.map((param) => param.name),
  };
}

describe('#[verus_spec(..)] on a fn outside verus!', () => {
  it('parses without a diagnostic', () => {
    expect(SOURCE.diagnostics).toEqual([]);
  });

  it("gives the fn the attribute's return name, `with` parameters and clauses", () => {
    expect(contract('add')).toEqual({
      requires: ['x < 100', 'y < 100'],
      ensures: ['sum < 200', 'sum == x + y'],
      returnName: 'sum',
      params: ['x', 'y'],
    });
    expect(contract('Segment::nr_pages')).toMatchObject({ returnName: 'r', params: ['self', 'pages'] });
    expect(contract('Segment::start_paddr').ensures).toHaveLength(1);
  });

  it('reads a `dual_spec` fn called from a contract as its body', () => {
    expect(fn('Segment::end_paddr')).toMatchObject(EXACT);
  });

  it('scores the fns: `proof! { }` is a proof block, whose ghost updates the after-values carry', () => {
    for (const name of ['add', 'Segment::size', 'Segment::start_paddr', 'Segment::nr_pages', 'scale', 'quadruple', 'record'])
      expect(fn(name), name).toMatchObject(EXACT);
    expect(report.functions.every((found) => found.status === 'scored')).toBe(true);
  });
});
