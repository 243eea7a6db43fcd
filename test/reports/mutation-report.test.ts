// `check --format mutation-report` and `--html`: Stryker's report schema 3.8.4 accepts the report; every wrong
// output is a mutant at its function's ensures with the verdict it got; the pairs are the tests that kill them.

import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { removeTempDirs, tempDir } from '../setup/temp-dirs';
import { jsonForScript } from '../../server/src/reports';
import { ROOT, check, mutationReportValidator } from './helpers';

afterAll(removeTempDirs);

interface Mutant {
  id: string;
  mutatorName: string;
  status: string;
  description: string;
  replacement?: string;
  statusReason?: string;
  killedBy?: string[];
  coveredBy?: string[];
  location: { start: { line: number; column: number }; end: { line: number; column: number } };
}
interface Report {
  files: Record<string, { language: string; source: string; mutants: Mutant[] }>;
  testFiles: Record<string, { tests: { id: string; name: string }[] }>;
}

const validate = mutationReportValidator();

async function mutationReport(...args: string[]): Promise<Report> {
  const { code, out, err } = await check(ROOT, ...args, '--format', 'mutation-report');
  expect(err).toBe('');
  expect(code).toBe(0);
  const report = JSON.parse(out) as Report;
  expect(validate(report), JSON.stringify(validate.errors)).toBe(true);
  return report;
}

function mutantsOf(report: Report, file: string, fn: string): Mutant[] {
  return (report.files[file]?.mutants ?? []).filter((m) => m.description.startsWith(`${fn}: `));
}

describe('check --format mutation-report', () => {
  it('is valid for every example, one file per Verus source, with its source text', async () => {
    const report = await mutationReport('examples');
    const sources = readdirSync(join(ROOT, 'examples'))
      .filter((name) => name.endsWith('.rs'))
      .map((name) => `examples/${name}`);
    expect(Object.keys(report.files).sort()).toEqual(sources.sort());
    for (const path of sources) expect(report.files[path]?.source).toBe(readFileSync(join(ROOT, path), 'utf8'));
  });

  it('lists every wrong output: Survived exactly for the accepted ones, Killed for the rejected ones', async () => {
    const json = JSON.parse((await check(ROOT, 'examples', '--json')).out) as {
      files: {
        path: string;
        functions: {
          qualifiedName: string;
          status: string;
          counts: { mutants: number; indeterminate: number };
          acceptedMutants: unknown[];
        }[];
      }[];
    };
    const report = await mutationReport('examples');
    for (const file of json.files) {
      for (const fn of file.functions.filter((f) => f.status === 'scored')) {
        const mutants = mutantsOf(report, file.path, fn.qualifiedName);
        expect(mutants).toHaveLength(fn.counts.mutants);
        expect(mutants.filter((m) => m.status === 'Survived')).toHaveLength(fn.acceptedMutants.length);
      }
    }
    // Killed: every decided wrong output the ensures rejects.
    const changeCase = mutantsOf(report, 'examples/change_case.rs', 'change_case');
    const changeCaseJson = json.files.flatMap((file) => file.functions).find((fn) => fn.qualifiedName === 'change_case');
    expect(changeCase.filter((m) => m.status === 'Killed')).toHaveLength(
      changeCaseJson!.counts.mutants - changeCaseJson!.acceptedMutants.length,
    );
  });

  it('puts each value mutant at the ensures and each code mutant at its code, with the correct and the wrong output, killed by its pair', async () => {
    const report = await mutationReport('examples/argmax.rs');
    const mutants = mutantsOf(report, 'examples/argmax.rs', 'argmax');
    const value = mutants.find((m) => !/^(code|swapped): /.test(m.mutatorName));
    // A value mutant is shown at the ensures of argmax: lines 13-14 (1-based), from column 9 to one past its end.
    expect(value).toMatchObject({ status: 'Killed', location: { start: { line: 13, column: 9 }, end: { line: 14, column: 66 } } });
    expect(value?.description).toBe(`argmax: correct argmax([1, 5, 3]) = 1; wrong ${value?.replacement} (${value?.mutatorName})`);
    expect(value?.replacement).toMatch(/^argmax\(\[1, 5, 3\]\) = \d+$/);
    // A code mutant is shown at the code it changes, inside the body (after the ensures).
    const code = mutants.filter((m) => m.mutatorName.startsWith('code: '));
    expect(code.length).toBeGreaterThan(0);
    for (const mutant of code) expect(mutant.location.start.line).toBeGreaterThan(14);
    const tests = report.testFiles['examples/argmax.pairs.json']?.tests ?? [];
    expect(tests.map((t) => t.name)).toContain('argmax: argmax([1, 5, 3]) = 1');
    const testIds = new Set(tests.map((t) => t.id));
    for (const mutant of report.files['examples/argmax.rs']?.mutants ?? []) {
      for (const id of [...(mutant.killedBy ?? []), ...(mutant.coveredBy ?? [])]) expect(testIds.has(id)).toBe(true);
    }
  });

  it('maps undecided verdicts to Timeout or RuntimeError with the reason, and unmeasured functions to NoCoverage', async () => {
    const report = await mutationReport('test/fixtures/reports/statuses.rs');
    const file = 'test/fixtures/reports/statuses.rs';
    const indexOf = mutantsOf(report, file, 'index_of');
    const undecided = indexOf.filter((m) => m.status === 'RuntimeError' || m.status === 'Timeout');
    expect(undecided).toHaveLength(17);
    expect(undecided[0]?.statusReason).toMatch(/out of range for length/);
    expect(indexOf.filter((m) => m.status === 'Killed')).toHaveLength(2);
    expect(mutantsOf(report, file, 'any_index').every((m) => m.status === 'Survived')).toBe(true);
    const noEnsures = mutantsOf(report, file, 'no_ensures');
    expect(noEnsures).toHaveLength(8);
    expect(noEnsures.every((m) => m.status === 'Survived')).toBe(true);
    expect(mutantsOf(report, file, 'no_pairs')).toEqual([
      expect.objectContaining({ status: 'NoCoverage', statusReason: expect.stringContaining('no entry for `no_pairs`') }),
    ]);
  });

  it('writes to --output instead of stdout', async () => {
    const dir = tempDir('spec-harness-reports-');
    const { code, out } = await check(ROOT, 'examples/argmax.rs', '--format', 'mutation-report', '--output', join(dir, 'mutation.json'));
    expect(code).toBe(0);
    expect(out).toBe('');
    expect(validate(JSON.parse(readFileSync(join(dir, 'mutation.json'), 'utf8')))).toBe(true);
  });
});

describe('check --html', () => {
  // No Chromium on the machine that wrote this test: the page is checked for what rendering needs (the viewer
  // inlined, the element, the report as a script-safe literal that parses back to the validated report).
  it('writes one self-contained page with the viewer and the report inlined', async () => {
    const dir = tempDir('spec-harness-html-');
    const htmlPath = join(dir, 'report.html');
    const { code } = await check(ROOT, 'examples', '--html', htmlPath, '--format', 'json', '--output', join(dir, 'report.json'));
    expect(code).toBe(0);
    const html = readFileSync(htmlPath, 'utf8');
    const viewer = readFileSync(require.resolve('mutation-testing-elements/dist/mutation-test-elements.js'), 'utf8');
    expect(html).toContain(viewer);
    expect(html).toContain('<mutation-test-report-app');
    expect(html).not.toMatch(/<script[^>]+src=|<link[^>]+href=|https?:\/\/[^"'\s]*\.(js|css)\b/);
    const literal = /\.report = (.*);\n<\/script>/.exec(html)?.[1] ?? '';
    expect(literal).not.toMatch(/[<>&\u2028\u2029]/);
    const report = JSON.parse(literal) as Report;
    expect(validate(report)).toBe(true);
    expect(Object.keys(report.files)).toContain('examples/vacuous.rs');
    expect(report.files['examples/vacuous.rs']?.mutants.some((m) => m.status === 'Survived')).toBe(true);
  });

  it('keeps source text that looks like markup out of the page structure', () => {
    const literal = jsonForScript({ source: '</script><script>alert(1)</script> <!-- a && b \u2028' });
    expect(literal).not.toMatch(/[<>&\u2028]/);
    expect(JSON.parse(literal)).toEqual({ source: '</script><script>alert(1)</script> <!-- a && b \u2028' });
  });
});
