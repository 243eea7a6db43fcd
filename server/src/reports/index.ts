// Report writers for CI and dashboards, from the harness's CheckReport: Stryker's mutation report and its HTML viewer,
// SARIF, JUnit, GitHub workflow commands, and the baseline ratchet. Presentation only: no scoring, no file IO.

export { decodeBaseline, ratchetFailures } from './baseline';
export type { Baseline, BaselineFunction } from './baseline';
export { toGithub, MAX_ANNOTATIONS_PER_LEVEL } from './github';
export type { GithubInput, GithubOutput } from './github';
export { jsonForScript, mutationReportHtml } from './html';
export { toJunit, evidenceLines } from './junit';
export { ensuresOrName, functionKey, oneBased } from './locations';
export type { FunctionFailures, OneBasedRange } from './locations';
export { moveOutcomes, mutantOutcomes, recordingBackend } from './mutant-outcomes';
export type { FunctionOutcomes, MutantOutcome, PairTest } from './mutant-outcomes';
export { mutantStatus, toMutationReport } from './mutation-report';
export type { MutantStatus, MutationReport, MutationReportInput, MutationReportMutant } from './mutation-report';
export { RULES, RULE_CODES } from './rules';
export type { RuleText } from './rules';
export { MAX_SARIF_RESULTS, SARIF_SCHEMA_URI, artifactUri, toSarif } from './sarif';
export type { SarifInput } from './sarif';
