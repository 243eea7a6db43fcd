// A function whose contract has a syntax error is not scored: the syntax error is its one diagnostic, on the
// offending token (a dangling `&&` or `||`), never a score or an "unsupported" note measured on a guessed contract.
// The functions around it are scored as usual.

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkFileSync, DEFAULT_CHECK_OPTIONS } from '../../server/src/harness';

const FIXTURES = join(__dirname, '..', 'fixtures', 'harness', 'contract-syntax');

/** Diagnostics as `line:column code message` (1-based, as editors show them) and each function's status. */
function check(name: string): { readonly diagnostics: string[]; readonly functions: string[]; readonly covered: string[] } {
  const text = readFileSync(join(FIXTURES, `${name}.rs`), 'utf8');
  const pairsText = readFileSync(join(FIXTURES, `${name}.pairs.json`), 'utf8');
  const report = checkFileSync({ path: `${name}.rs`, text, pairsPath: `${name}.pairs.json`, pairsText }, DEFAULT_CHECK_OPTIONS);
  const lines = text.split('\n');
  return {
    diagnostics: report.diagnostics.map((d) => `${d.range.start.line + 1}:${d.range.start.character + 1} ${d.code} ${d.message}`),
    functions: report.functions.map((fn) => `${fn.qualifiedName}: ${fn.status}${fn.reason === null ? '' : ` (${fn.reason})`}`),
    covered: report.diagnostics.map((d) => (lines[d.range.start.line] ?? '').slice(d.range.start.character, d.range.end.character)),
  };
}

describe('a syntax error in a contract', () => {
  it('a dangling `&&` before the body: the error is on the `&&`, the function is not scored, the next one is', () => {
    const result = check('dangling-and');
    expect(result.diagnostics).toEqual(['11:16 syntax expected an expression after `&&`']);
    expect(result.covered).toEqual(['&&']);
    expect(result.functions).toEqual([
      'double: error (syntax error in its signature or contract (line 11): expected an expression after `&&`)',
      'inc: scored',
    ]);
  });

  it('the same in the last function of the verus! block', () => {
    const result = check('dangling-and-last');
    expect(result.diagnostics).toEqual(['19:16 syntax expected an expression after `&&`']);
    expect(result.functions).toEqual([
      'inc: scored',
      'double: error (syntax error in its signature or contract (line 19): expected an expression after `&&`)',
    ]);
  });

  it('a dangling `&&` before a comma, and a `||` before the next spec keyword', () => {
    const result = check('dangling-and-comma');
    expect(result.diagnostics).toEqual([
      '10:16 syntax expected an expression after `&&`',
      '18:16 syntax expected an expression after `||`',
    ]);
    expect(result.covered).toEqual(['&&', '||']);
    expect(result.functions).toEqual([
      'double: error (syntax error in its signature or contract (line 10): expected an expression after `&&`)',
      'clamp: error (syntax error in its signature or contract (line 18): expected an expression after `||`)',
      'inc: scored',
    ]);
  });
});
