// The usage text is the CLI's reference: `spec-harness --help` lists every command the dispatcher runs, and each
// command's `--help` synopsis names exactly the options its parser accepts, so neither can go stale.

import { describe, expect, it } from 'vitest';
import { captureIo } from '../../server/src/cli/io';
import { COMMANDS, runCli } from '../../server/src/cli/main';

async function cli(...args: string[]): Promise<{ code: number; out: string; err: string }> {
  const io = captureIo(process.cwd());
  const code = await runCli(args, io);
  return { code, out: io.out(), err: io.err() };
}

/** The usage's first line and its indented continuation lines: the options, before the prose that explains them. */
function synopsisOf(usage: string): string {
  const [first = '', ...rest] = usage.split('\n');
  const continued = rest.findIndex((line) => !/^\s/.test(line));
  return [first, ...rest.slice(0, continued === -1 ? rest.length : continued)].join('\n');
}

describe('spec-harness usage', () => {
  it('lists every command of the dispatcher in --help', async () => {
    const { code, out } = await cli('--help');
    expect(code).toBe(0);
    const listed = [...out.matchAll(/^ {2}spec-harness (\S+)/gm)].map((match) => match[1]);
    expect(listed).toEqual(['list', 'check', 'pairs', 'stubs', 'gate', 'anonymize', 'lsp', 'mcp']);
    expect(listed).toEqual(COMMANDS.map((command) => command.info.name));
  });

  it.each(COMMANDS.map((command) => [command.info.name, command.info] as const))(
    '%s --help names exactly the options it accepts',
    async (name, info) => {
      const { code, out } = await cli(name, '--help');
      expect([code, out]).toEqual([0, info.usage]);
      const named = new Set([...synopsisOf(info.usage).matchAll(/--([a-z][a-z-]*)/g)].map((match) => match[1]));
      named.delete('help');
      expect([...named].sort()).toEqual(Object.keys(info.options).sort());
    },
  );

  it('says a mistake in the arguments with the command and its usage, exit 2', async () => {
    const { code, err } = await cli('list', '--jsn', 'src');
    expect(code).toBe(2);
    expect(err).toMatch(/^spec-harness list: Unknown option '--jsn'.*\nUsage: spec-harness list PATH\.\.\. \[--json\]\n$/s);
  });
});
