// `check --format sarif|junit|github`: SARIF validated against the official 2.1.0 schema with the fields GitHub
// code scanning reads; JUnit with one test case per function; GitHub workflow commands, capped, and a job summary.

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { removeTempDirs, tempDir } from '../setup/temp-dirs';
import type { CheckReport, FileReport, FunctionReport, ReportDiagnostic } from '../../server/src/harness';
import { MAX_ANNOTATIONS_PER_LEVEL, MAX_SARIF_RESULTS, toGithub, toSarif } from '../../server/src/reports';
import { ROOT, check, sarifValidator } from './helpers';

afterAll(removeTempDirs);

interface SarifLog {
  runs: {
    tool: {
      driver: { rules: { id: string; shortDescription: { text: string }; fullDescription: { text: string }; help: { text: string } }[] };
    };
    results: {
      ruleId: string;
      level: string;
      message: { text: string };
      locations: {
        physicalLocation: {
          artifactLocation: { uri: string };
          region: { startLine: number; startColumn: number; endLine: number; endColumn: number };
        };
      }[];
      partialFingerprints: { primaryLocationLineHash: string };
    }[];
  }[];
}

interface JsonReport {
  files: {
    path: string;
    pairsFile: string | null;
    diagnostics: ReportDiagnostic[];
    functions: { qualifiedName: string; status: string }[];
  }[];
}

const validateSarif = sarifValidator();

describe('check --format sarif', () => {
  it('is valid SARIF 2.1.0 with a rule per diagnostic code of the README', async () => {
    const { code, out } = await check(ROOT, 'examples', 'test/fixtures/reports', '--format', 'sarif');
    expect(code).toBe(0);
    const log = JSON.parse(out) as SarifLog;
    expect(validateSarif(log), JSON.stringify(validateSarif.errors)).toBe(true);
    const rules = log.runs[0]?.tool.driver.rules ?? [];
    const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
    const readmeCodes = [...readme.slice(readme.indexOf('## Diagnostics')).matchAll(/^### ([a-z-]+)$/gm)].map((m) => m[1]);
    expect(rules.map((rule) => rule.id).sort()).toEqual([...readmeCodes].sort());
    for (const rule of rules) {
      expect(rule.shortDescription.text.length).toBeGreaterThan(0);
      expect(rule.fullDescription.text.length).toBeGreaterThan(0);
      expect(rule.help.text.length).toBeGreaterThan(0);
    }
  });

  it('puts one result per diagnostic at its range, 1-based with an exclusive end column, with a fingerprint', async () => {
    const json = JSON.parse((await check(ROOT, 'examples', '--json')).out) as JsonReport;
    const log = JSON.parse((await check(ROOT, 'examples', '--format', 'sarif')).out) as SarifLog;
    const results = log.runs[0]?.results ?? [];
    const expected = json.files.flatMap((file) =>
      file.diagnostics.map((d) => ({
        ruleId: d.code,
        uri: d.file === 'pairs' ? file.pairsFile : file.path,
        region: {
          startLine: d.range.start.line + 1,
          startColumn: d.range.start.character + 1,
          endLine: d.range.end.line + 1,
          endColumn: d.range.end.character + 1,
        },
        message: d.message,
      })),
    );
    expect(
      results.map((r) => ({
        ruleId: r.ruleId,
        uri: r.locations[0]?.physicalLocation.artifactLocation.uri,
        region: r.locations[0]?.physicalLocation.region,
        message: r.message.text,
      })),
    ).toEqual(expected);
    const weak = results.find(
      (r) => r.ruleId === 'weak-postcondition' && r.locations[0]?.physicalLocation.artifactLocation.uri === 'examples/change_case.rs',
    );
    // change_case.rs line 14: `        c.is_ascii_lowercase() ==> ...` starts at column 9.
    expect(weak?.locations[0]?.physicalLocation.region.startLine).toBe(14);
    expect(weak?.level).toBe('warning');
    const fingerprints = results.map(
      (r) => `${r.locations[0]?.physicalLocation.artifactLocation.uri} ${r.partialFingerprints.primaryLocationLineHash}`,
    );
    expect(new Set(fingerprints).size).toBe(fingerprints.length);
    for (const r of results) expect(r.partialFingerprints.primaryLocationLineHash).toMatch(/^[0-9a-f]{16}:\d+$/);
  });

  it('keeps a fingerprint when lines are added above the finding', async () => {
    const json = JSON.parse((await check(ROOT, 'examples/vacuous.rs', '--json')).out) as CheckReport;
    const source = readFileSync(join(ROOT, 'examples/vacuous.rs'), 'utf8');
    const shifted: CheckReport = {
      ...json,
      files: json.files.map((file) => ({
        ...file,
        diagnostics: file.diagnostics.map((d) => ({
          ...d,
          range: { start: { ...d.range.start, line: d.range.start.line + 2 }, end: { ...d.range.end, line: d.range.end.line + 2 } },
        })),
      })),
    };
    const before = toSarif({ report: json, texts: new Map([['examples/vacuous.rs', source]]), version: '0' });
    const after = toSarif({ report: shifted, texts: new Map([['examples/vacuous.rs', `// one\n// two\n${source}`]]), version: '0' });
    const hashes = (log: typeof before): string[] =>
      (log.runs[0]?.results ?? []).map((r) => r.partialFingerprints?.['primaryLocationLineHash'] ?? '');
    expect(hashes(after)).toEqual(hashes(before));
    expect(hashes(before).length).toBeGreaterThan(0);
  });
});

it("keeps a SARIF run within GitHub's result limit, errors first, and says how many it left out", () => {
  const report = syntheticReport(MAX_SARIF_RESULTS + 2);
  const last = report.files[0]?.diagnostics.at(-1);
  const withError: CheckReport = {
    ...report,
    files: report.files.map((file) => ({
      ...file,
      diagnostics: [...file.diagnostics.slice(0, -1), { ...(last as ReportDiagnostic), severity: 'error' }],
    })),
  };
  const run = toSarif({ report: withError, texts: new Map(), version: '0' }).runs[0];
  expect(run?.results).toHaveLength(MAX_SARIF_RESULTS);
  expect(run?.results?.[0]?.level).toBe('error');
  expect(run?.properties).toEqual({ omittedResults: 2 });
  expect(validateSarif(toSarif({ report: withError, texts: new Map(), version: '0' }))).toBe(true);
});

describe('check --format junit', () => {
  it('has one test case per function; a failure is a function below the gate, with the accepted wrong output', async () => {
    const { code, out } = await check(ROOT, 'examples', '--format', 'junit', '--gate', 'post=0.75');
    expect(code).toBe(1);
    const json = JSON.parse((await check(ROOT, 'examples', '--json')).out) as JsonReport;
    const functions = json.files.reduce((sum, file) => sum + file.functions.length, 0);
    expect(out.match(/<testcase /g)).toHaveLength(functions);
    expect(out).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<testsuites name="spec-harness" tests="\d+" failures="3">/);
    expect(out.match(/<testsuite /g)).toHaveLength(json.files.length);
    const failure =
      /<testcase classname="examples\/vacuous.rs" name="count_positive"[^>]*>\s*<failure message="([^"]*)" type="below-gate">([^<]*)<\/failure>/.exec(
        out,
      );
    expect(failure?.[1]).toBe('PostComp 0.00 &lt; 0.75');
    expect(failure?.[2]).toMatch(/accepts the wrong output count_positive\(\[[^\]]*\]\) = \d+ \([^;]+; correct: \d+\)/);
    expect(out).toMatch(/<testcase classname="examples\/argmax.rs" name="argmax"[^>]*>\s*<system-out>PostCorr 1.00/);
    expect(tagsBalance(out)).toBe(true);
  });

  it('skips functions nothing measured', async () => {
    const { out } = await check(ROOT, 'test/fixtures/reports/statuses.rs', '--format', 'junit');
    expect(out).toMatch(/name="no_pairs"[^>]*>\s*<skipped message="no-pairs: no entry for `no_pairs`/);
  });
});

describe('check --format github', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
  });

  it('prints a warning command per problem at its position and appends a job summary to $GITHUB_STEP_SUMMARY', async () => {
    const dir = tempDir('spec-harness-gh-');
    const summaryPath = join(dir, 'summary.md');
    vi.stubEnv('GITHUB_STEP_SUMMARY', summaryPath);
    const { code, out } = await check(ROOT, 'examples', '--format', 'github', '--gate', 'post=0.75');
    expect(code).toBe(1);
    const lines = out.trimEnd().split('\n');
    expect(lines[0]).toMatch(
      /^::warning file=examples\/change_case.rs,line=14,col=9,endLine=14,endColumn=\d+,title=spec-harness weak-postcondition%3A [^:]+::accepts change_case\('a'\) = 'B'/,
    );
    for (const line of lines)
      expect(line).toMatch(/^::(warning|error) file=[^,]+,line=\d+,col=\d+,endLine=\d+,endColumn=\d+,title=[^:]+::\S/);
    const summary = readFileSync(summaryPath, 'utf8');
    expect(summary).toContain('**3 functions fail**');
    expect(summary).toMatch(/\| ❌ \| `examples\/vacuous.rs::count_positive` \| 1.00 \| 0.00 \|/);
    expect(summary).toMatch(/\| ✅ \| `examples\/argmax.rs::argmax` \|/);
  });

  it('caps the annotations GitHub would drop and says how many more there are', () => {
    const report = syntheticReport(25);
    const output = toGithub({ report, failures: new Map(), skipped: [] });
    const lines = output.commands.trimEnd().split('\n');
    expect(lines.filter((line) => line.startsWith('::warning '))).toHaveLength(MAX_ANNOTATIONS_PER_LEVEL);
    expect(lines.at(-1)).toBe(
      `::notice::spec-harness: 15 more problems are not annotated (GitHub shows ${MAX_ANNOTATIONS_PER_LEVEL} per level); see the job summary or the SARIF report`,
    );
    expect(output.summary).toContain('15 problems were not annotated');
  });

  it('escapes newlines and percent signs in messages and commas and colons in properties', () => {
    const report = syntheticReport(1, { message: '50% of\nwrong outputs', path: 'src/a,b:c.rs' });
    const [line] = toGithub({ report, failures: new Map(), skipped: [] }).commands.split('\n');
    expect(line).toMatch(/^::warning file=src\/a%2Cb%3Ac.rs,line=1,.*::50%25 of%0Awrong outputs$/);
  });
});

describe('check --format and its companions', () => {
  it('rejects an unknown format, and --json with another format, as usage errors', async () => {
    const unknown = await check(ROOT, 'examples', '--format', 'xml');
    expect(unknown.code).toBe(2);
    expect(unknown.err).toContain("--format must be one of text, json, mutation-report, sarif, junit, github (got 'xml')");
    const both = await check(ROOT, 'examples', '--json', '--format', 'sarif');
    expect(both.code).toBe(2);
    expect(both.err).toContain('--json is --format json; it cannot be combined with --format sarif');
  });

  it('writes the text format to --output too', async () => {
    const dir = tempDir('spec-harness-text-');
    const { out } = await check(ROOT, 'examples/argmax.rs', '--output', join(dir, 'report.txt'));
    expect(out).toBe('');
    expect(readFileSync(join(dir, 'report.txt'), 'utf8')).toMatch(/^examples\/argmax.rs {2}\(pairs: examples\/argmax.pairs.json\)\n/);
  });
});

function syntheticReport(
  nDiagnostics: number,
  options: { message: string; path: string } = { message: 'accepts f(1) = 2', path: 'src/f.rs' },
): CheckReport {
  const diagnostics: ReportDiagnostic[] = Array.from({ length: nDiagnostics }, (_, line) => ({
    message: options.message,
    severity: 'warning',
    file: 'source',
    range: { start: { line, character: 4 }, end: { line, character: 10 } },
    code: 'weak-postcondition',
  }));
  const functions: FunctionReport[] = [];
  const file: FileReport = { path: options.path, pairsFile: null, diagnostics, functions };
  return {
    files: [file],
    summary: {
      functions: 0,
      scored: 0,
      unscored: 0,
      postHarnessAt: { '0.25': null, '0.5': null, '0.75': null, '1': null },
      harnessAt: { '0.25': null, '0.5': null, '0.75': null, '1': null },
    },
  };
}

/** Every element opened is closed in order (a well-formedness check without an XML parser). */
function tagsBalance(xml: string): boolean {
  const stack: string[] = [];
  for (const match of xml.replace(/<\?xml[^>]*\?>/, '').matchAll(/<(\/?)([a-z-]+)[^>]*?(\/?)>/g)) {
    const [, closing, name, selfClosing] = match;
    if (selfClosing === '/') continue;
    if (closing === '/') {
      if (stack.pop() !== name) return false;
    } else stack.push(name ?? '');
  }
  return stack.length === 0;
}
