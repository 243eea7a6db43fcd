// SARIF 2.1.0 for GitHub code scanning: one rule per diagnostic code (README "Diagnostics"), one result per
// diagnostic at its clause's range, with a line-hash fingerprint so re-uploads update alerts instead of adding them.

import { createHash } from 'node:crypto';
import type { Log, ReportingDescriptor, Result } from 'sarif';
import type { CheckReport, FileReport, ReportDiagnostic } from '../harness';
import { oneBased } from './locations';
import { RULES, RULE_CODES } from './rules';

export const SARIF_SCHEMA_URI = 'https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json';

/** GitHub code scanning rejects a run with more results than this. */
export const MAX_SARIF_RESULTS = 25_000;

export interface SarifInput {
  readonly report: CheckReport;
  /** Text of the source and pairs files by the path the report names them with, for fingerprints. */
  readonly texts: ReadonlyMap<string, string>;
  readonly version: string;
}

export function toSarif(input: SarifInput): Log {
  const rules: ReportingDescriptor[] = RULE_CODES.map((code) => ({
    id: code,
    name: code,
    shortDescription: { text: RULES[code].shortDescription },
    fullDescription: { text: RULES[code].fullDescription },
    help: { text: RULES[code].help },
  }));
  const all = input.report.files.flatMap((file) => fileResults(file, input.texts));
  // Past GitHub's limit, errors and warnings are kept before notes; the run says how many were left out.
  const results =
    all.length <= MAX_SARIF_RESULTS
      ? all
      : [...all]
          .sort((a, b) => LEVEL_ORDER.indexOf(a.level ?? 'note') - LEVEL_ORDER.indexOf(b.level ?? 'note'))
          .slice(0, MAX_SARIF_RESULTS);
  const omitted = all.length - results.length;
  return {
    $schema: SARIF_SCHEMA_URI,
    version: '2.1.0',
    runs: [
      {
        tool: { driver: { name: 'spec-harness', version: input.version, rules } },
        results,
        ...(omitted > 0 ? { properties: { omittedResults: omitted } } : {}),
      },
    ],
  };
}

/** A report path as a URI reference: relative paths stay relative (to the directory the command ran in). */
export function artifactUri(reportPath: string): string {
  const encoded = reportPath
    .split('/')
    .map((segment) => encodeURIComponent(segment))
    .join('/');
  return reportPath.startsWith('/') ? `file://${encoded}` : encoded;
}

function fileResults(file: FileReport, texts: ReadonlyMap<string, string>): Result[] {
  const occurrences = new Map<string, number>();
  const lines = new Map<string, readonly string[]>();
  const linesOf = (artifact: string): readonly string[] => {
    let split = lines.get(artifact);
    if (split === undefined) lines.set(artifact, (split = (texts.get(artifact) ?? '').split('\n')));
    return split;
  };
  return file.diagnostics.map((diagnostic) => {
    const artifact = diagnostic.file === 'pairs' ? (file.pairsFile ?? file.path) : file.path;
    const region = oneBased(diagnostic.range);
    // The trimmed text of the line, so a fingerprint survives edits elsewhere in the file (as GitHub's own does).
    const lineHash = hashOf(`${diagnostic.code}\n${(linesOf(artifact)[diagnostic.range.start.line] ?? '').trim()}`);
    const occurrence = occurrences.get(`${artifact}\n${lineHash}`) ?? 0;
    occurrences.set(`${artifact}\n${lineHash}`, occurrence + 1);
    return {
      ruleId: diagnostic.code,
      ruleIndex: RULE_CODES.indexOf(diagnostic.code),
      level: levelOf(diagnostic.severity),
      message: { text: diagnostic.message },
      locations: [{ physicalLocation: { artifactLocation: { uri: artifactUri(artifact) }, region } }],
      partialFingerprints: { primaryLocationLineHash: `${lineHash}:${occurrence + 1}` },
    };
  });
}

const LEVEL_ORDER: readonly Result.level[] = ['error', 'warning', 'note', 'none'];

function levelOf(severity: ReportDiagnostic['severity']): Result.level {
  switch (severity) {
    case 'error':
      return 'error';
    case 'warning':
      return 'warning';
    default:
      return 'note';
  }
}

function hashOf(text: string): string {
  return createHash('sha256').update(text).digest('hex').slice(0, 16);
}
