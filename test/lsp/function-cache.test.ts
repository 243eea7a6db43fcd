// The per-function cache must be invisible: a report merged from cached entries (moved to where their functions now
// are) plus a fresh file-level run equals a fresh full run, on every example.

import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_CHECK_OPTIONS, checkFileSync } from '../../server/src/harness';
import type { FileReport } from '../../server/src/harness';
import { buildFileModel } from '../../server/src/model';
import { parseSourceFile } from '../../server/src/syntax';
import { cacheEntriesOf, functionKeys, mergeReport, moveEntry } from '../../server/src/lsp/function-cache';
import { ROOT } from './lsp-client';

const EXAMPLES = join(ROOT, 'examples');
const examples = readdirSync(EXAMPLES).filter((name) => name.endsWith('.rs')).sort();

function check(text: string, pairsText: string | null, functions?: readonly string[]): FileReport {
  return checkFileSync({ path: 'f.rs', text, pairsPath: 'f.pairs.json', pairsText }, { ...DEFAULT_CHECK_OPTIONS, ...(functions === undefined ? {} : { functions }) });
}

function keysOf(text: string, pairsText: string | null): NonNullable<ReturnType<typeof functionKeys>> {
  const keys = functionKeys(buildFileModel(parseSourceFile(text)), pairsText, 'options');
  if (keys === null) throw new Error('pairs file did not parse');
  return keys;
}

/** Re-scores `after` reusing every cache entry of `before` whose key still matches, as the server does. */
function incremental(before: string, after: string, pairsText: string | null): { report: FileReport; evaluated: string[] } {
  const oldKeys = keysOf(before, pairsText);
  const cached = cacheEntriesOf(check(before, pairsText), oldKeys).entries.filter((entry) => entry.cacheable);
  const cache = new Map(cached.map((entry) => [entry.key.qualifiedName, entry]));
  const newKeys = keysOf(after, pairsText);
  const stale = [...newKeys.values()].filter((key) => cache.get(key.qualifiedName)?.key.hash !== key.hash).map((key) => key.qualifiedName);
  const fresh = check(after, pairsText, stale);
  const { entries, fileLevel } = cacheEntriesOf(fresh, newKeys);
  const reused = [...newKeys.values()].flatMap((key) => {
    const cached = cache.get(key.qualifiedName);
    return stale.includes(key.qualifiedName) || cached === undefined ? [] : [moveEntry(cached, key)];
  });
  return { report: mergeReport(fresh, fileLevel, [...entries, ...reused]), evaluated: stale.filter((name) => fresh.functions.some((fn) => fn.qualifiedName === name)) };
}

const sortedDiagnostics = (report: FileReport): string[] => report.diagnostics.map((d) => JSON.stringify(d)).sort();

describe('function cache', () => {
  it.each(examples)('%s: lines inserted above every function reuse all results, moved exactly', (name) => {
    const text = readFileSync(join(EXAMPLES, name), 'utf8');
    const pairsText = readFileSync(join(EXAMPLES, name.replace(/\.rs$/, '.pairs.json')), 'utf8');
    const shifted = `// a comment\n\n${text}`;
    const { report, evaluated } = incremental(text, shifted, pairsText);
    const expected = check(shifted, pairsText);
    expect(evaluated).toEqual([]);
    expect(report.functions).toEqual(expected.functions);
    expect(sortedDiagnostics(report)).toEqual(sortedDiagnostics(expected));
  });

  it('a contract edit re-evaluates only that function; a body edit re-evaluates nothing', () => {
    const text = readFileSync(join(ROOT, 'test', 'fixtures', 'lsp', 'arith.rs'), 'utf8');
    const pairsText = readFileSync(join(ROOT, 'test', 'fixtures', 'lsp', 'arith.pairs.json'), 'utf8');
    const contractEdit = text.replace('r == x + 2', 'r == x + 1');
    const contract = incremental(text, contractEdit, pairsText);
    expect(contract.evaluated).toEqual(['inc']);
    expect(contract.report.functions).toEqual(check(contractEdit, pairsText).functions);

    const bodyEdit = text.replace('    x * 2\n', '    // doubled\n    x * 2\n');
    const body = incremental(text, bodyEdit, pairsText);
    expect(body.evaluated).toEqual([]);
    expect(body.report.functions).toEqual(check(bodyEdit, pairsText).functions);
    expect(sortedDiagnostics(body.report)).toEqual(sortedDiagnostics(check(bodyEdit, pairsText)));
  });
});
