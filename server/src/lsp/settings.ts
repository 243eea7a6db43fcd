// Decodes the `specHarness` configuration section from `unknown` (whatever the client sends) into HarnessSettings,
// and applies Workspace Trust: an untrusted workspace never gets a backend that starts a process.

import { HARNESS_DEFAULTS } from '../harness';
import type { HarnessSettings } from './protocol';
import { isRecord } from '../stdx';

export const DEFAULT_SETTINGS: HarnessSettings = {
  threshold: HARNESS_DEFAULTS.threshold,
  run: 'onSave',
  mutantsPerPair: HARNESS_DEFAULTS.mutantsPerPair,
  weakPostcondition: 'realistic',
  backend: 'embedded',
  verusPath: null,
  verusExtraArgs: [],
  solver: 'z3',
};

export function decodeSettings(raw: unknown): HarnessSettings {
  const record = isRecord(raw) ? raw : {};
  const verus = isRecord(record['verus']) ? record['verus'] : {};
  return {
    threshold: numberIn(record['threshold'], 0, 1) ?? DEFAULT_SETTINGS.threshold,
    run: oneOf(record['run'], ['onSave', 'onType', 'manual'] as const) ?? DEFAULT_SETTINGS.run,
    mutantsPerPair: integerIn(record['mutantsPerPair'], 0, 1000) ?? DEFAULT_SETTINGS.mutantsPerPair,
    weakPostcondition: oneOf(record['weakPostcondition'], ['realistic', 'threshold'] as const) ?? DEFAULT_SETTINGS.weakPostcondition,
    backend: oneOf(record['backend'], ['embedded', 'verus', 'both'] as const) ?? DEFAULT_SETTINGS.backend,
    verusPath: typeof verus['path'] === 'string' && verus['path'] !== '' ? verus['path'] : null,
    verusExtraArgs: Array.isArray(verus['extraArgs']) ? verus['extraArgs'].filter((arg): arg is string => typeof arg === 'string') : [],
    solver: oneOf(record['solver'], ['z3', 'none'] as const) ?? DEFAULT_SETTINGS.solver,
  };
}

/** How the server was told the workspace is trusted. Trust fails closed: only a boolean `true` in the initialize
 *  options (VS Code sends Workspace Trust that way) or the `--trusted` flag on the command line (the user who starts
 *  the server vouches for the workspace) counts; anything else (`"true"`, `1`, missing options) is untrusted. */
export function decideTrust(initializationOptions: unknown, startedWith: { readonly trustedFlag: boolean }): boolean {
  if (startedWith.trustedFlag) return true;
  return isRecord(initializationOptions) && initializationOptions['trusted'] === true;
}

/** The command-line flag that starts the server trusted (`node dist/server.js --stdio --trusted`). */
export const TRUSTED_FLAG = '--trusted';

/** Untrusted workspaces: embedded only, and executable settings are dropped so nothing downstream can use them. */
export function applyTrust(settings: HarnessSettings, trusted: boolean): HarnessSettings {
  if (trusted) return settings;
  return { ...settings, backend: 'embedded', verusPath: null, verusExtraArgs: [] };
}

function numberIn(value: unknown, min: number, max: number): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) && value >= min && value <= max ? value : undefined;
}

function integerIn(value: unknown, min: number, max: number): number | undefined {
  const number = numberIn(value, min, max);
  return number !== undefined && Number.isInteger(number) ? number : undefined;
}

function oneOf<T extends string>(value: unknown, options: readonly T[]): T | undefined {
  return options.find((option) => option === value);
}
