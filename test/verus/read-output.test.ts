// The output reader: rustc JSON diagnostics and the --output-json object, mapped back to probes and verdicts.

import { describe, expect, it } from 'vitest';
import { parseDiagnostics, parseSummary, readStubRun, verdictOfProbes } from '../../server/src/backends/verus';
import type { StubProbe } from '../../server/src/backends/verus';

const STUB = '/tmp/spec-harness-verus-x/stub_0.rs';

/** Two obligations, each with its P and !P probe, laid out as the stub generator writes them. */
const PROBES: readonly StubProbe[] = [
  probe('ob0_P', 'f/post/pair0', 'P', 20),
  probe('ob0_notP', 'f/post/pair0', 'notP', 26),
  probe('ob1_P', 'f/post/pair0/mutant0', 'P', 32),
  probe('ob1_notP', 'f/post/pair0/mutant0', 'notP', 38),
];

function probe(id: string, obligationId: string, polarity: 'P' | 'notP', startLine: number): StubProbe {
  return { id, obligationId, polarity, startLine, line: startLine + 2, endLine: startLine + 3, tag: `SPEC-HARNESS ${id}` };
}

function diagnostic(message: string, line: number, extra: { code?: unknown; file?: string; level?: string } = {}): string {
  const span = {
    file_name: extra.file ?? STUB,
    byte_start: 0,
    byte_end: 10,
    line_start: line,
    line_end: line,
    column_start: 5,
    column_end: 30,
    is_primary: true,
    text: [],
    label: null,
  };
  return JSON.stringify({
    message,
    code: extra.code ?? null,
    level: extra.level ?? 'error',
    spans: [span],
    children: [],
    rendered: `error: ${message}\n --> ${STUB}:${line}:5\n`,
  });
}

function summary(results: Record<string, unknown>): string {
  return JSON.stringify({
    'func-details': {},
    'verification-results': results,
    'times-ms': {},
    verus: { profile: 'release', version: '0.2026.08.22.eb66c53', platform: { os: 'linux', arch: 'x86_64' } },
  });
}

const ABORTING = JSON.stringify({
  message: 'aborting due to 2 previous errors',
  code: null,
  level: 'error',
  spans: [],
  rendered: 'error: aborting due to 2 previous errors\n',
});

function read(stderrLines: readonly string[], stdout: string, exitCode: number | undefined) {
  const reading = readStubRun(PROBES, STUB, { stderr: stderrLines.join('\n'), stdout, exitCode });
  return reading.kind === 'probes' ? Object.fromEntries(reading.outcomes) : reading;
}

describe('readStubRun', () => {
  it('maps custom_err messages to their probes; unmentioned probes are proved', () => {
    const out = read(
      [diagnostic('SPEC-HARNESS ob0_notP', 28), diagnostic('SPEC-HARNESS ob1_P', 34), ABORTING],
      summary({ 'encountered-error': true, 'encountered-vir-error': false, success: false, verified: 2, errors: 2 }),
      1,
    );
    expect(out).toEqual({ ob0_P: 'proved', ob0_notP: 'failed', ob1_P: 'failed', ob1_notP: 'proved' });
  });

  it('maps a plain "assertion failed" by the line of its primary span (basename match)', () => {
    const out = read(
      [diagnostic('assertion failed', 40, { file: 'stub_0.rs' })],
      summary({ 'encountered-error': true, 'encountered-vir-error': false, verified: 3, errors: 1 }),
      1,
    );
    expect(out).toMatchObject({ ob1_notP: 'failed', ob1_P: 'proved' });
  });

  it('reads the rlimit message (spanned on the proof fn signature) as rlimit for that probe', () => {
    const rlimit = 'function body check: Resource limit (rlimit) exceeded; consider rerunning with --profile for more details';
    const out = read(
      [diagnostic(rlimit, 20), diagnostic('SPEC-HARNESS ob0_notP', 28)],
      summary({ 'encountered-error': true, 'encountered-vir-error': false, verified: 2, errors: 2 }),
      1,
    );
    expect(out).toMatchObject({ ob0_P: 'rlimit', ob0_notP: 'failed' });
  });

  it('skips garbage lines, warnings and the "aborting due to" line', () => {
    const warning = diagnostic('unused variable: `x`', 5, { level: 'warning' });
    const out = read(
      ['thread panicked garbage', '{not json', warning, ABORTING, ''],
      'noise\n' + summary({ 'encountered-error': false, 'encountered-vir-error': false, success: true, verified: 4, errors: 0 }),
      0,
    );
    expect(out).toEqual({ ob0_P: 'proved', ob0_notP: 'proved', ob1_P: 'proved', ob1_notP: 'proved' });
  });

  it('calls a rustc type error a stub error, even on a probe line (never a rejection)', () => {
    const out = read(
      [diagnostic('mismatched types', 22, { code: { code: 'E0308', explanation: null } }), ABORTING],
      summary({ 'encountered-error': true, 'encountered-vir-error': false, verified: 0, errors: 0 }),
      1,
    );
    expect(out).toMatchObject({ kind: 'stub-error' });
    expect((out as { message: string }).message).toContain('mismatched types');
  });

  it('calls an error outside every probe a stub error', () => {
    const out = read(
      [diagnostic('cannot find function `len2` in this scope', 8)],
      summary({ 'encountered-error': true, 'encountered-vir-error': false }),
      1,
    );
    expect(out).toMatchObject({ kind: 'stub-error' });
  });

  it('calls encountered-vir-error a stub error', () => {
    const out = read(
      [diagnostic('The verifier does not yet support the following Rust feature', 10)],
      summary({ 'encountered-error': true, 'encountered-vir-error': true }),
      1,
    );
    expect(out).toMatchObject({ kind: 'stub-error', message: expect.stringContaining('VIR error') });
  });

  it('calls a crash without diagnostics or summary a stub error', () => {
    expect(read(['garbage only'], '', 101)).toMatchObject({ kind: 'stub-error', message: expect.stringContaining('code 101') });
  });
});

describe('verdictOfProbes', () => {
  it.each([
    ['proved', 'failed', { kind: 'holds' }],
    ['failed', 'proved', { kind: 'fails' }],
    ['proved', 'proved', { kind: 'indeterminate', reason: 'suspect: both P and !P proved' }],
    ['failed', 'failed', { kind: 'indeterminate', reason: expect.stringMatching(/^unprovable/) }],
    ['rlimit', 'failed', { kind: 'indeterminate', reason: expect.stringMatching(/^rlimit exceeded/) }],
    ['failed', 'rlimit', { kind: 'indeterminate', reason: expect.stringMatching(/^rlimit exceeded/) }],
  ] as const)('P %s, !P %s', (positive, negative, expected) => {
    expect(verdictOfProbes(positive, negative)).toEqual(expected);
  });
});

describe('parsing', () => {
  it('decodes diagnostics with rustc code objects and Verus null codes', () => {
    const parsed = parseDiagnostics(
      [diagnostic('assertion failed', 3), diagnostic('mismatched types', 4, { code: { code: 'E0308' } })].join('\n'),
    );
    expect(parsed.map((d) => [d.message, d.code, d.spans[0]?.lineStart])).toEqual([
      ['assertion failed', undefined, 3],
      ['mismatched types', 'E0308', 4],
    ]);
  });

  it('finds the summary and its version; absent counts on VIR errors stay undefined', () => {
    expect(parseSummary(summary({ 'encountered-error': true, 'encountered-vir-error': true }))).toEqual({
      encounteredError: true,
      encounteredVirError: true,
      verified: undefined,
      errors: undefined,
      version: '0.2026.08.22.eb66c53',
    });
    expect(parseSummary('verification results:: 1 verified, 0 errors')).toBeUndefined();
  });
});
