// Finding the `verus` executable (the verusPath setting, else `verus` on the PATH the front end passes in; the
// engine never reads process.env) and asking it for its version (`verus --version --output-json`).

import { constants } from 'node:fs';
import { access, stat } from 'node:fs/promises';
import { delimiter, isAbsolute, join, resolve } from 'node:path';
import { VerusBackendError } from './errors';
import { runProcess } from './run';
import { tryParseJson } from './decode-json';
import { isRecord } from '../../stdx';

export interface LocateOptions {
  /** The `verusPath` setting or `--verus-path` option; undefined when not configured. */
  readonly verusPath: string | undefined;
  /** The PATH to search, as the CLI/LSP glue read it; undefined or '' searches nothing. */
  readonly searchPath: string | undefined;
  /** Directory a relative verusPath is resolved against (the workspace or cwd). */
  readonly cwd: string;
  readonly platform: NodeJS.Platform;
}

export interface VerusVersion {
  /** E.g. `0.2026.08.22.eb66c53`, or the first line of the plain output when it is not JSON. */
  readonly version: string;
  readonly raw: string;
}

/** The absolute path of the verus executable, or a VerusBackendError listing every place tried. */
export async function locateVerus(options: LocateOptions): Promise<string> {
  const candidates = candidatePaths(options);
  for (const candidate of candidates) {
    if (await isExecutable(candidate, options.platform)) return candidate;
  }
  const how =
    options.verusPath === undefined
      ? 'Install Verus and put its directory on PATH, or set the verusPath setting (--verus-path).'
      : 'The configured verusPath does not name an executable file.';
  return Promise.reject(new VerusBackendError('not-found', `verus executable not found. ${how}`, candidates));
}

/** Runs `verus --version --output-json` and reads the version from its JSON (or its first line). */
export async function verusVersion(executable: string, signal: AbortSignal, timeLimitMs: number): Promise<VerusVersion> {
  const args = ['--version', '--output-json'];
  const result = await runProcess(executable, args, { signal, timeLimitMs, cwd: undefined });
  const commandLine = `${executable} ${args.join(' ')}`;
  if (result.outcome === 'time-limit' || result.exitCode !== 0) {
    const what = result.outcome === 'time-limit' ? `no answer in ${timeLimitMs} ms` : `exit code ${String(result.exitCode)}`;
    throw new VerusBackendError('version-failed', `verus --version failed (${what}): ${result.stderr.trim()}`, [commandLine]);
  }
  return { version: parseVersion(result.stdout), raw: result.stdout };
}

/** The version string from `--version --output-json` output: `{"verus": {"version": ..}}` or `{"version": ..}`. */
export function parseVersion(stdout: string): string {
  const parsed = tryParseJson(stdout.trim());
  const nested = isRecord(parsed) && isRecord(parsed.verus) ? parsed.verus.version : undefined;
  const flat = isRecord(parsed) ? parsed.version : undefined;
  if (typeof nested === 'string') return nested;
  if (typeof flat === 'string') return flat;
  return stdout.trim().split(/\r?\n/)[0]?.trim() ?? '';
}

// ---------------------------------------------------------------------------------------------------------------

function candidatePaths(options: LocateOptions): string[] {
  const names = options.platform === 'win32' ? ['verus.exe', 'verus.cmd', 'verus'] : ['verus'];
  if (options.verusPath !== undefined && options.verusPath !== '') {
    const path = options.verusPath;
    // A bare name (no separator) is looked up on PATH, like a shell would.
    if (!isAbsolute(path) && !/[\\/]/.test(path)) return pathDirs(options).map((dir) => join(dir, path));
    return [resolve(options.cwd, path)];
  }
  return pathDirs(options).flatMap((dir) => names.map((name) => join(dir, name)));
}

function pathDirs(options: LocateOptions): string[] {
  const separator = options.platform === 'win32' ? ';' : delimiter;
  return (options.searchPath ?? '')
    .split(separator)
    .filter((dir) => dir !== '')
    .map((dir) => resolve(options.cwd, dir));
}

async function isExecutable(path: string, platform: NodeJS.Platform): Promise<boolean> {
  try {
    if (!(await stat(path)).isFile()) return false;
    await access(path, platform === 'win32' ? constants.F_OK : constants.X_OK);
    return true;
  } catch {
    return false;
  }
}
