// The Verus backend's API: the Backend itself, stub generation (for `spec-harness stubs`), and its typed error.

export { createVerusBackend, VERUS_DEFAULTS } from './verus-backend';
export type { VerusBackendOptions, VerusRunEvent } from './verus-backend';
export { isVerusBackendError, VerusBackendError } from './errors';
export type { VerusBackendErrorKind } from './errors';
export { locateVerus, parseVersion, verusVersion } from './find-verus';
export type { LocateOptions, VerusVersion } from './find-verus';
export { parseDiagnostics, parseSummary, readStubRun, verdictOfProbes } from './read-output';
export type { ProbeOutcome, RustcDiagnostic, StubRunReading, VerusSummary } from './read-output';
export { verusArgs } from './run';
export { batchObligations, DEFAULT_PROBES_PER_FILE, stubFile } from './stub-file';
export type { StubFile, StubOptions, StubProbe, StubUnsupported } from './stub-file';
export { gradeVerusRun, verifyFile } from './verify-file';
export type { VerifyError, VerifyErrorKind, VerifyOptions, VerifyResult } from './verify-file';
