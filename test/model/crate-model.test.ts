// The crate model as a specification: which item a name written in one file of a crate resolves to, given the
// crate's files and each file's module path (what the host finds; here given by hand).

import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildCrateModel, buildFileModel, moduleDeclarations } from '../../server/src/model';
import type { FileModel } from '../../server/src/model';
import { parseSourceFile } from '../../server/src/syntax';

const LEDGER = path.join(__dirname, '..', 'fixtures', 'crates', 'ledger', 'src');

/** The ledger fixture's files with the module paths rustc gives them. */
const FILES: readonly [string, readonly string[]][] = [
  ['lib.rs', []],
  ['types.rs', ['types']],
  ['types/nested.rs', ['types', 'nested']],
  ['ops/mod.rs', ['ops']],
  ['extra/limits.rs', ['limits']],
  ['model/mod.rs', ['model']],
  ['model/resource/mod.rs', ['model', 'resource']],
  ['model/resource/common.rs', ['model', 'resource', 'common']],
];

const crate = buildCrateModel(
  FILES.map(([file, modulePath]) => ({
    path: file,
    displayName: `src/${file}`,
    source: parseSourceFile(readFileSync(path.join(LEDGER, file), 'utf8')),
    modulePath,
  })),
);

function modelOf(file: string): FileModel {
  const model = crate.files.get(file);
  if (model === undefined) throw new Error(`no model for ${file}`);
  return model;
}

describe('a name written in ops/mod.rs (crate::ops)', () => {
  const scope = modelOf('ops/mod.rs').scope;

  it.each<[string, readonly string[], string]>([
    ['a spec fn re-exported by `pub use` and imported by name', ['under_cap'], 'crate::types::nested::under_cap'],
    ['a spec fn through `super::`', ['super', 'types', 'fits'], 'crate::types::fits'],
    ['a spec fn through a glob import', ['fits'], 'crate::types::fits'],
    ['a spec fn through `crate::`', ['crate', 'types', 'fits'], 'crate::types::fits'],
    [
      'a spec fn through a renamed module, a module with no `use`s and a glob re-export',
      ['model_resource', 'label_of'],
      'crate::model::resource::common::label_of',
    ],
  ])('finds %s', (_, written, qualifiedName) => {
    expect(scope.resolveFunction(written, undefined, [])?.qualifiedName).toBe(qualifiedName);
  });

  it('finds constants through a rename, `crate::` and a `#[path]` module, also where the caller names no module', () => {
    expect(scope.constant(['L'], undefined, [])?.name).toBe('LIMIT');
    expect(scope.constant(['crate', 'limits', 'LIMIT'], undefined, [])?.name).toBe('LIMIT');
    expect(scope.constant(['L'], undefined)?.name).toBe('LIMIT');
  });

  it('finds datatypes and aliases of other files by name', () => {
    expect(scope.datatype('Account')?.kind).toBe('struct');
    expect(scope.enumOfVariant('Insufficient')?.name).toBe('Outcome');
    expect(scope.typeAlias('Amount')?.name).toBe('Amount');
  });

  it('resolves names inside a function of another file from that file: under_cap reads CAP of crate::types::nested', () => {
    const underCap = scope.resolveFunction(['under_cap'], undefined, []);
    expect(underCap?.modulePath).toEqual(['crate', 'types', 'nested']);
    expect(scope.constant(['CAP'], undefined, underCap?.modulePath)?.name).toBe('CAP');
  });

  it('keeps the file its own: functions, qualified names (the pairs keys) and diagnostics as when the file is alone', () => {
    const alone = buildFileModel(modelOf('ops/mod.rs').source);
    expect(modelOf('ops/mod.rs').functions.map((fn) => fn.qualifiedName)).toEqual(alone.functions.map((fn) => fn.qualifiedName));
    expect(modelOf('ops/mod.rs').diagnostics).toEqual(alone.diagnostics);
  });
});

describe('a file alone', () => {
  it('resolves only its own names, as before', () => {
    const alone = buildFileModel(modelOf('ops/mod.rs').source);
    expect(alone.scope.resolveFunction(['under_cap'], undefined, [])).toBeUndefined();
    expect(alone.scope.datatype('Account')).toBeUndefined();
  });
});

describe('moduleDeclarations', () => {
  it('lists out-of-line modules with their #[path], inside inline modules too, and skips configured-out ones', () => {
    const source = parseSourceFile('mod a;\n#[path = "x/b.rs"]\nmod b;\nmod inline { mod c; }\n#[cfg(test)]\nmod tests;\nmod d { }\n');
    expect(moduleDeclarations(source)).toEqual([
      { inlinePath: [], name: 'a', pathAttribute: undefined },
      { inlinePath: [], name: 'b', pathAttribute: 'x/b.rs' },
      { inlinePath: ['inline'], name: 'c', pathAttribute: undefined },
    ]);
  });
});
