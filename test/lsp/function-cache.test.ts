// The per-function cache must be invisible: a report merged from cached entries (moved to where their functions now
// are) plus a fresh file-level run equals a fresh full run, on every example.

import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_CHECK_OPTIONS, checkFileSync } from '../../server/src/harness';
import type { FileReport } from '../../server/src/harness';
import { buildFileModel } from '../../server/src/model';
import { parseSourceFile } from '../../server/src/syntax';
import { cacheEntriesOf, functionKeys, mergeReport, moveEntry, withoutPairsDiagnostics } from '../../server/src/lsp/function-cache';
import { entryRanges, reducePairsText } from '../../server/src/lsp/pairs-reduce';
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

/** Re-scores `after` reusing every cache entry of `before` whose key still matches, as the server does: the worker
 *  gets the pairs text with the reused functions' entries blanked. */
function incremental(before: string, after: string, pairsText: string | null): { report: FileReport; evaluated: string[]; sentPairs: string | null } {
  const ranges = pairsText === null ? null : entryRanges(pairsText);
  const oldKeys = keysOf(before, pairsText);
  const cached = cacheEntriesOf(check(before, pairsText), oldKeys, ranges).entries.filter((entry) => entry.cacheable);
  const cache = new Map(cached.map((entry) => [entry.key.qualifiedName, entry]));
  const newKeys = keysOf(after, pairsText);
  const stale = [...newKeys.values()].filter((key) => cache.get(key.qualifiedName)?.key.hash !== key.hash).map((key) => key.qualifiedName);
  const blankable = new Set([...cache.values()].filter((entry) => entry.ownsPairsDiagnostics && !stale.includes(entry.key.qualifiedName)).map((entry) => entry.key.qualifiedName));
  const reduced = pairsText === null || ranges === null ? null : reducePairsText(pairsText, blankable);
  const blanked = reduced === null ? new Set<string>() : blankable;
  const sentPairs = reduced ?? pairsText;
  const fresh = check(after, sentPairs, stale);
  const { entries, fileLevel } = cacheEntriesOf(fresh, newKeys, ranges);
  const reused = [...newKeys.values()].flatMap((key) => {
    const cached = cache.get(key.qualifiedName);
    if (stale.includes(key.qualifiedName) || cached === undefined) return [];
    const moved = moveEntry(cached, key);
    return [blanked.has(key.qualifiedName) ? moved : withoutPairsDiagnostics(moved)];
  });
  return { report: mergeReport(fresh, fileLevel, [...entries, ...reused]), evaluated: stale.filter((name) => fresh.functions.some((fn) => fn.qualifiedName === name)), sentPairs };
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

  it('a contract or body edit re-evaluates only that function (code mutants run the body)', () => {
    const text = readFileSync(join(ROOT, 'test', 'fixtures', 'lsp', 'arith.rs'), 'utf8');
    const pairsText = readFileSync(join(ROOT, 'test', 'fixtures', 'lsp', 'arith.pairs.json'), 'utf8');
    const contractEdit = text.replace('r == x + 2', 'r == x + 1');
    const contract = incremental(text, contractEdit, pairsText);
    expect(contract.evaluated).toEqual(['inc']);
    expect(contract.report.functions).toEqual(check(contractEdit, pairsText).functions);

    const bodyEdit = text.replace('    x * 2\n', '    // doubled\n    x * 2\n');
    const body = incremental(text, bodyEdit, pairsText);
    expect(body.evaluated).toEqual(['double']);
    expect(body.report.functions).toEqual(check(bodyEdit, pairsText).functions);
    expect(sortedDiagnostics(body.report)).toEqual(sortedDiagnostics(check(bodyEdit, pairsText)));
  });

  it('the worker reads only the entries it scores; pairs-file diagnostics inside reused entries come from the cache', () => {
    const text = readFileSync(join(ROOT, 'test', 'fixtures', 'lsp', 'arith.rs'), 'utf8');
    const pairsText = readFileSync(join(ROOT, 'test', 'fixtures', 'lsp', 'arith.pairs.json'), 'utf8')
      .replace('{ "input": { "x": 0 }, "output": 0 },', '{ "input": { "x": "zero" }, "output": 0 },')
      .replace('"identity": {', '"identity": {\n      "acceptable": [ { "input": { "x": 77 }, "output": 7 } ],')
      .replace('"functions": {', '"functions": {\n    "nope": { "pairs": [] },');
    const contractEdit = text.replace('r == x + 2', 'r == x + 1');
    const { report, evaluated, sentPairs } = incremental(text, contractEdit, pairsText);
    const expected = check(contractEdit, pairsText);
    expect(evaluated).toEqual(['inc']);
    // Only `inc`'s entry (and the unknown `nope`) reach the worker, at their real offsets.
    const sent = JSON.parse(sentPairs ?? '{}') as { functions: Record<string, unknown> };
    expect(Object.keys(sent.functions)).toEqual(['nope', 'inc']);
    expect(sentPairs?.length).toBe(pairsText.length);
    expect(sentPairs?.split('\n').length).toBe(pairsText.split('\n').length);
    const pairsCodes = (r: FileReport): string[] => r.diagnostics.filter((d) => d.file === 'pairs').map((d) => `${d.range.start.line}: ${d.message}`).sort();
    expect(pairsCodes(expected)).toHaveLength(3);
    expect(pairsCodes(report)).toEqual(pairsCodes(expected));
    expect(sortedDiagnostics(report)).toEqual(sortedDiagnostics(expected));
    expect(report.functions).toEqual(expected.functions);
  });

  it('a pairs file with a duplicate entry is sent whole', () => {
    const pairs = '{ "version": 1, "functions": { "inc": { "pairs": [] }, "inc": { "pairs": [] } } }';
    expect(entryRanges(pairs)).toBeNull();
    expect(reducePairsText('{ "version": 1, "functions": { "a": {}, "b": {}, "c": {} } }', new Set(['b', 'c']))).toBe('{ "version": 1, "functions": { "a": {}                   } }');
    expect(reducePairsText('{ "version": 1, "functions": { "a": {}, "b": {}, "c": {} } }', new Set(['a', 'c']))).toBe('{ "version": 1, "functions": {          "b": {}          } }');
  });
});
