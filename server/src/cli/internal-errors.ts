// How a command tells the user that part of its answer is missing because of a bug: one line per function or file
// that hit an internal error, then a summary asking for a report. The command then exits
// EXIT_CODES.internalError, whatever else it found, so no gate or hook takes the run as passed.

import type { CheckReport, FileReport, InternalError } from '../harness';
import { internalErrorReason } from '../harness';
import type { CliIo } from './io';

export interface InternalErrorSite {
  readonly path: string;
  /** The function (and its 1-based line) whose work hit it; absent for a file-wide step. */
  readonly fn?: { readonly name: string; readonly line: number };
  readonly error: InternalError;
}

/** Every internal error in the reports: the files that could not be scored, then the functions, in report order. */
export function reportInternalErrors(reports: readonly FileReport[]): InternalErrorSite[] {
  const sites: InternalErrorSite[] = [];
  for (const file of reports) {
    if (file.internalError !== undefined) sites.push({ path: file.path, error: file.internalError });
    for (const fn of file.functions)
      if (fn.internalError !== undefined)
        sites.push({ path: file.path, fn: { name: fn.qualifiedName, line: fn.nameRange.start.line + 1 }, error: fn.internalError });
  }
  return sites;
}

/** The internal errors of a check report and, when scored apart, of its held-out half (each site once). */
export function checkInternalErrors(report: CheckReport, heldOut: CheckReport | undefined): InternalErrorSite[] {
  return splitInternalErrors({ feedback: report.files, heldOut: heldOut?.files ?? [] });
}

/** The internal errors of feedback and held-out reports of the same files (each site once). */
export function splitInternalErrors(split: {
  readonly feedback: readonly FileReport[];
  readonly heldOut: readonly FileReport[];
}): InternalErrorSite[] {
  const seen = new Set<string>();
  return [...reportInternalErrors(split.feedback), ...reportInternalErrors(split.heldOut)].filter((site) => {
    const key = `${whereOf(site)}\n${internalErrorReason(site.error)}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** Prints the sites to stderr; says whether there were any (the caller then exits EXIT_CODES.internalError). */
export function printInternalErrors(io: Pick<CliIo, 'stderr'>, command: string, sites: readonly InternalErrorSite[]): boolean {
  if (sites.length === 0) return false;
  for (const site of sites) io.stderr(`spec-harness ${command}: ${whereOf(site)}: ${internalErrorReason(site.error)}\n`);
  const files = sites.filter((site) => site.fn === undefined).length;
  const functions = sites.length - files;
  const counted = [
    functions === 0 ? '' : `${functions} function${functions === 1 ? '' : 's'}`,
    files === 0 ? '' : `${files} file${files === 1 ? '' : 's'}`,
  ].filter((part) => part !== '');
  io.stderr(
    `spec-harness ${command}: ${counted.join(' and ')} hit an internal error (a Spec Harness bug); the rest of the run is complete. Please report ${sites.length === 1 ? 'it' : 'them'} with the file.\n`,
  );
  return true;
}

/** `path:line fn`, or the path alone: where the user finds what was not scored. */
function whereOf(site: InternalErrorSite): string {
  return site.fn === undefined ? site.path : `${site.path}:${site.fn.line} ${site.fn.name}`;
}
