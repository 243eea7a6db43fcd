// Settings arrive as `unknown` from the client; Workspace Trust decides which of them may be used.

import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS, applyTrust, decideTrust, decodeSettings } from '../../server/src/lsp/settings';

describe('settings', () => {
  it('decodes the specHarness section and falls back to defaults for bad values', () => {
    expect(
      decodeSettings({
        threshold: 0.5,
        run: 'onType',
        mutantsPerPair: 4,
        weakPostcondition: 'threshold',
        backend: 'both',
        verus: { path: '/opt/verus', extraArgs: ['--x', 3] },
        solver: 'none',
      }),
    ).toEqual({
      threshold: 0.5,
      run: 'onType',
      mutantsPerPair: 4,
      weakPostcondition: 'threshold',
      backend: 'both',
      verusPath: '/opt/verus',
      verusExtraArgs: ['--x'],
      solver: 'none',
    });
    expect(
      decodeSettings({ threshold: 7, run: 'sometimes', mutantsPerPair: 1.5, weakPostcondition: 'never', backend: 42, solver: 'cvc5' }),
    ).toEqual(DEFAULT_SETTINGS);
    expect(decodeSettings(null)).toEqual(DEFAULT_SETTINGS);
  });

  it('an untrusted workspace gets the embedded backend and no executable settings', () => {
    const configured = decodeSettings({ backend: 'verus', verus: { path: '/tmp/evil', extraArgs: ['--run'] } });
    expect(applyTrust(configured, false)).toEqual({ ...configured, backend: 'embedded', verusPath: null, verusExtraArgs: [] });
    expect(applyTrust(configured, true)).toEqual(configured);
  });

  it('trust fails closed: only a boolean true, or the --trusted flag, is trust', () => {
    const untrusted: unknown[] = [
      undefined,
      null,
      {},
      { trusted: false },
      { trusted: 'true' },
      { trusted: 'false' },
      { trusted: 1 },
      { trusted: 0 },
      [true],
      'trusted',
    ];
    for (const options of untrusted) expect(decideTrust(options, { trustedFlag: false })).toBe(false);
    expect(decideTrust({ trusted: true }, { trustedFlag: false })).toBe(true);
    expect(decideTrust(undefined, { trustedFlag: true })).toBe(true);
    expect(decideTrust({ trusted: false }, { trustedFlag: true })).toBe(true);
  });
});
