// Which files get a crate model: the nearest Cargo.toml names the roots, `mod` declarations are followed to their
// files (a.rs, a/mod.rs, #[path]); under no Cargo.toml a lib.rs beside or above the file is the root; a file no root
// reaches, or changed since it was read, gets none.

import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createCrateModels } from '../../server/src/host';
import { removeTempDirs, tempDir } from '../setup/temp-dirs';

afterAll(removeTempDirs);

const LEDGER = path.join(__dirname, '..', 'fixtures', 'crates', 'ledger');

async function crateNames(crateDir: string, file: string): Promise<string[] | undefined> {
  const absolute = path.join(crateDir, file);
  const model = await createCrateModels().fileModel(absolute, readFileSync(absolute, 'utf8'));
  if (model === undefined) return undefined;
  // What the crate holds, seen from this file: a spec fn from each of the files the tree reaches.
  const reached = ['crate::types::fits', 'crate::types::nested::under_cap', 'crate::ops::add_capped', 'crate::root_fits'];
  return reached.filter((name) => model.scope.resolveFunction(name.split('::'), undefined, []) !== undefined);
}

describe('createCrateModels', () => {
  it.each(['src/lib.rs', 'src/types.rs', 'src/types/nested.rs', 'src/ops/mod.rs', 'src/extra/limits.rs'])(
    '%s is in the crate and reaches every file of it (a missing module file leaves only that module out)',
    async (file) => {
      expect(await crateNames(LEDGER, file)).toEqual([
        'crate::types::fits',
        'crate::types::nested::under_cap',
        'crate::ops::add_capped',
        'crate::root_fits',
      ]);
    },
  );

  it('gives no model to a file no `mod` reaches that does not name the crate', async () => {
    expect(await crateNames(LEDGER, 'src/orphan.rs')).toBeUndefined();
  });

  it('reads a file no `mod` reaches that names the crate as the module its place implies', async () => {
    const file = path.join(LEDGER, 'src', 'adopted.rs');
    const model = await createCrateModels().fileModel(file, readFileSync(file, 'utf8'));
    expect(model?.scope.resolveFunction(['crate', 'adopted', 'deposit'], undefined, [])?.qualifiedName).toBe('crate::adopted::deposit');
    expect(model?.scope.resolveFunction(['fits'], undefined, ['adopted'])).toBeDefined();
    expect(model?.scope.datatype('Account')).toBeDefined();
    // The files the tree reaches do not see it.
    const lib = path.join(LEDGER, 'src', 'lib.rs');
    const root = await createCrateModels().fileModel(lib, readFileSync(lib, 'utf8'));
    expect(root?.scope.resolveFunction(['crate', 'adopted', 'deposit'], undefined, [])).toBeUndefined();
  });

  it('under no Cargo.toml, takes a lib.rs beside the file or above it as the root (`verus src/lib.rs`)', async () => {
    const dir = tempDir('no-manifest-');
    cpSync(path.join(LEDGER, 'src'), path.join(dir, 'src'), { recursive: true });
    for (const file of ['src/lib.rs', 'src/types/nested.rs', 'src/ops/mod.rs'])
      expect(await crateNames(dir, file)).toEqual([
        'crate::types::fits',
        'crate::types::nested::under_cap',
        'crate::ops::add_capped',
        'crate::root_fits',
      ]);
    expect(await crateNames(dir, 'src/orphan.rs')).toBeUndefined();
    expect(await crateNames(dir, 'src/adopted.rs')).toEqual([
      'crate::types::fits',
      'crate::types::nested::under_cap',
      'crate::ops::add_capped',
      'crate::root_fits',
    ]);
  });

  it('under no Cargo.toml, finds the root of a `#[path]` module four folders below it', async () => {
    const dir = tempDir('deep-path-');
    cpSync(path.join(LEDGER, 'src'), dir, { recursive: true });
    const deep = path.join('controllers', 'shop', 'exec', 'resource', 'deep.rs');
    cpSync(path.join(LEDGER, 'src', 'orphan.rs'), path.join(dir, deep));
    writeFileSync(path.join(dir, 'lib.rs'), `${readFileSync(path.join(dir, 'lib.rs'), 'utf8')}\n#[path = "${deep}"]\npub mod deep;\n`);
    expect(await crateNames(dir, deep)).toEqual([
      'crate::types::fits',
      'crate::types::nested::under_cap',
      'crate::ops::add_capped',
      'crate::root_fits',
    ]);
  });

  it('under no Cargo.toml, finds the root in src/ of a folder above a `#[path]` module beside src/ (specs/)', async () => {
    const dir = tempDir('beside-src-');
    cpSync(path.join(LEDGER, 'src'), path.join(dir, 'src'), { recursive: true });
    const spec = path.join('specs', 'mm', 'limits.rs');
    cpSync(path.join(LEDGER, 'src', 'orphan.rs'), path.join(dir, spec));
    const lib = path.join(dir, 'src', 'lib.rs');
    writeFileSync(lib, `${readFileSync(lib, 'utf8')}\n#[path = "../${spec}"]\npub mod limits;\n`);
    expect(await crateNames(dir, spec)).toEqual([
      'crate::types::fits',
      'crate::types::nested::under_cap',
      'crate::ops::add_capped',
      'crate::root_fits',
    ]);
  });

  it('gives no model to a lone file under no Cargo.toml and beside no root', async () => {
    const dir = tempDir('no-crate-');
    cpSync(path.join(LEDGER, 'src', 'types.rs'), path.join(dir, 'types.rs'));
    expect(await crateNames(dir, 'types.rs')).toBeUndefined();
  });

  it('takes the library root from [lib] path', async () => {
    const dir = tempDir('lib-path-');
    cpSync(LEDGER, dir, { recursive: true });
    writeFileSync(path.join(dir, 'Cargo.toml'), '[package]\nname = "ledger"\n\n[lib]\npath = "src/orphan.rs"\n');
    expect(await crateNames(dir, 'src/orphan.rs')).toEqual([]);
    // src/lib.rs is no root here: the files naming the crate are adopted by the [lib] root at the paths their places
    // imply; lib.rs, naming it nowhere, is not, so its `root_fits` is not the crate's.
    const seenFromOps = await crateNames(dir, 'src/ops/mod.rs');
    expect(seenFromOps).toContain('crate::ops::add_capped');
    expect(seenFromOps).not.toContain('crate::root_fits');
  });

  it('gives no model when the text asked about is not the text on disk (an editor buffer)', async () => {
    const file = path.join(LEDGER, 'src', 'ops', 'mod.rs');
    expect(await createCrateModels().fileModel(file, `${readFileSync(file, 'utf8')}\n`)).toBeUndefined();
  });
});
