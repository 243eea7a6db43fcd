// The Test Explorer's data: the language server pushes `specHarness/testResults` after each run on a file, with
// each function as a test (passed / failed / skipped), its CodeLens score as the description, and for a failure
// the correct output and the accepted wrong output as expected/actual. The client only displays this.

import { copyFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { DEFAULT_CHECK_OPTIONS, checkFileSync } from '../../server/src/harness';
import { TestResultsNotification } from '../../server/src/lsp/protocol';
import type { TestResultsParams } from '../../server/src/lsp/protocol';
import { testResults } from '../../server/src/lsp/test-results';
import { serverBundle, startClient } from '../lsp/lsp-client';
import { FIXTURES } from './helpers';

function resultsFor(name: string): TestResultsParams {
  const text = readFileSync(join(FIXTURES, `${name}.rs`), 'utf8');
  const pairsText = readFileSync(join(FIXTURES, `${name}.pairs.json`), 'utf8');
  const report = checkFileSync({ path: `${name}.rs`, text, pairsPath: `${name}.pairs.json`, pairsText }, DEFAULT_CHECK_OPTIONS);
  return testResults('file:///w/statuses.rs', report, 0.75);
}

describe('test results from a report', () => {
  it('makes each function a test: passed, failed or skipped, described by its CodeLens score', () => {
    const results = resultsFor('statuses');
    expect(results.functions.map((fn) => [fn.qualifiedName, fn.outcome])).toEqual([
      ['index_of', 'passed'],
      ['any_index', 'failed'],
      ['no_ensures', 'failed'],
      ['no_pairs', 'skipped'],
    ]);
    expect(results.functions[0]?.description).toBe('Post 1.00 / 1.00 · Pre 1.00 / N/A · 2 pairs');
    expect(results.functions[3]?.description).toMatch(/^no-pairs: no entry for `no_pairs`/);
    // The item's range is the whole function, so the gutter icon sits on it (0-based lines).
    expect(results.functions[1]?.range.start.line).toBe(
      readFileSync(join(FIXTURES, 'statuses.rs'), 'utf8')
        .split('\n')
        .findIndex((line) => line.startsWith('fn any_index')),
    );
  });

  it('fails with the correct output and the accepted wrong output side by side', () => {
    const anyIndex = resultsFor('statuses').functions[1];
    const [first] = anyIndex?.messages ?? [];
    expect(first).toEqual({
      message: 'The ensures accepts the wrong output any_index([1, 2]) = 1 (replacing the constant `0` with `1`)',
      range: expect.anything(),
      expected: 'input {"a":[1,2]}\noutput 0',
      actual: 'input {"a":[1,2]}\noutput 1',
    });
    expect(anyIndex?.messages.at(-1)?.message).toMatch(/^vacuous postcondition/);
  });

  it('shows a rejected correct pair as accepted vs rejected by its clause', () => {
    const text =
      'verus! {\nfn double(x: u8) -> (r: u8)\n    requires\n        x < 100,\n    ensures\n        r == x + x,\n        r > x,\n{\n    x + x\n}\n}\n';
    const pairsText =
      '{ "version": 1, "functions": { "double": { "pairs": [ { "input": { "x": 0 }, "output": 0 }, { "input": { "x": 3 }, "output": 6 } ] } } }';
    const report = checkFileSync({ path: 'double.rs', text, pairsPath: 'double.pairs.json', pairsText }, DEFAULT_CHECK_OPTIONS);
    const [double] = testResults('file:///w/double.rs', report, 0.75).functions;
    expect(double?.outcome).toBe('failed');
    const rejected = double?.messages.find((m) => m.message.includes('rejects the correct output'));
    expect(rejected).toEqual({
      message: 'clause 2 `r > x` rejects the correct output double(0) = 0',
      range: { start: { line: 6, character: 8 }, end: { line: 6, character: 13 } },
      expected: 'input {"x":0}\noutput 0\naccepted',
      actual: 'input {"x":0}\noutput 0\nrejected by clause 2 `r > x`',
    });
  });
});

describe('the language server pushes test results', () => {
  const folder = mkdtempSync(join(tmpdir(), 'spec-harness-tests-'));
  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  it("sends a file's results before it answers the score command", async () => {
    for (const name of ['statuses.rs', 'statuses.pairs.json']) copyFileSync(join(FIXTURES, name), join(folder, name));
    const uri = pathToFileURL(join(folder, 'statuses.rs')).toString();
    const client = await startClient(
      await serverBundle(),
      { run: 'manual', threshold: 0.75 },
      { trusted: true },
      pathToFileURL(folder).toString(),
    );
    const received: TestResultsParams[] = [];
    client.connection.onNotification(TestResultsNotification, (params: TestResultsParams) => received.push(params));
    await client.connection.sendRequest('workspace/executeCommand', { command: 'specHarness.server.scoreFile', arguments: [uri] });
    expect(received.map((params) => params.uri)).toEqual([uri]);
    expect(received[0]?.functions.map((fn) => `${fn.qualifiedName} ${fn.outcome}`)).toEqual([
      'index_of passed',
      'any_index failed',
      'no_ensures failed',
      'no_pairs skipped',
    ]);
    expect(await client.stop()).toBe(0);
  });
});
