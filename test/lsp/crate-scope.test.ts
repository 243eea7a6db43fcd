// The editor scores a file of a crate with the crate's other files in scope, as `check src/` does: the score worker
// reads the crate around the document (its unsaved text standing in for its file), generates pairs the same way, and
// reads the crate again when a source file changed on disk, so a contract reaching an edited spec fn is re-scored.

import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { EngineSession } from '../../server/src/engine';
import type { FileReport } from '../../server/src/harness';
import { perform, WorkerCrates } from '../../server/src/lsp/score-worker';
import type { GenerateResult, ScoreResult, WorkerRequest } from '../../server/src/lsp/worker-protocol';
import { scoreOptionsFor } from '../../server/src/lsp/scoring';
import { DEFAULT_SETTINGS } from '../../server/src/lsp/settings';
import { removeTempDirs, tempDir } from '../setup/temp-dirs';
import { ROOT } from './lsp-client';

afterAll(removeTempDirs);

const crate = tempDir('crate-scope-');
cpSync(join(ROOT, 'test', 'fixtures', 'crates', 'ledger'), crate, { recursive: true });
const opsPath = join(crate, 'src', 'ops', 'mod.rs');
const opsText = readFileSync(opsPath, 'utf8');
const pairsPath = join(crate, 'src', 'ops', 'mod.pairs.json');

function scoreRequest(text: string, pairsText: string | null): WorkerRequest {
  return {
    kind: 'score',
    uri: pathToFileURL(opsPath).toString(),
    input: { path: opsPath, text, pairsPath, pairsText },
    options: scoreOptionsFor(DEFAULT_SETTINGS),
    backend: { kind: 'embedded' },
    partials: false,
  };
}

/** Function to PostComp, or to its status when it has none. */
function postComp(report: FileReport): Record<string, number | string> {
  return Object.fromEntries(report.functions.map((fn) => [fn.qualifiedName, fn.scores.postCompleteness ?? fn.status]));
}

describe('a crate file in the editor', () => {
  const session = new EngineSession();
  const crates = new WorkerCrates();
  let pairsText = '';

  it('generates pairs for contracts that name types, constants and spec fns of other files', async () => {
    const request: WorkerRequest = { kind: 'generate', path: opsPath, text: opsText, pairsText: null, functions: null, solver: 'none' };
    const generated = (await perform(session, request, () => false, undefined, crates)) as GenerateResult;
    expect(generated.ok).toBe(true);
    if (!generated.ok) return;
    pairsText = generated.text;
    writeFileSync(pairsPath, pairsText);
    expect(generated.summary).toContain('withdraw: 20 pairs');
  });

  it('scores them, where the file alone leaves them unsupported', async () => {
    const scored = (await perform(session, scoreRequest(opsText, pairsText), () => false, undefined, crates)) as ScoreResult;
    expect(postComp(scored.report)).toEqual({ add_capped: 1, withdraw: 1, within_limit: 1, fits_here: 1, label: 1 });
    const alone = (await perform(new EngineSession(), scoreRequest(opsText, pairsText), () => false)) as ScoreResult;
    expect(postComp(alone.report)['withdraw']).toBe('unsupported');
  });

  it('keeps the crate in scope while the document has unsaved edits', async () => {
    const edited = opsText.replace('pub fn within_limit', '// an unsaved comment\npub fn within_limit');
    const scored = (await perform(session, scoreRequest(edited, pairsText), () => false, undefined, crates)) as ScoreResult;
    expect(postComp(scored.report)['withdraw']).toBe(1);
  });

  it('re-scores a contract whose spec fn in another file changed on disk, once told the files changed', async () => {
    const typesPath = join(crate, 'src', 'types.rs');
    writeFileSync(typesPath, readFileSync(typesPath, 'utf8').replace('a + b <= u64::MAX', 'a + b < u64::MAX'));
    await perform(session, { kind: 'files-changed' }, () => false, undefined, crates);
    const scored = (await perform(session, scoreRequest(opsText, pairsText), () => false, undefined, crates)) as ScoreResult;
    const fits = scored.report.functions.find((fn) => fn.qualifiedName === 'fits_here');
    // The body allows x + y == u64::MAX, which the edited spec fn no longer does: a correct pair is now rejected.
    expect(fits?.scores.postCorrectness).toBeLessThan(1);
    expect(postComp(scored.report)['withdraw']).toBe(1);
  });
});
