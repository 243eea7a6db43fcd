// The CLI's window on the world, passed in so commands can be tested in-process.

export interface CliIo {
  stdout(text: string): void;
  stderr(text: string): void;
  readonly cwd: string;
}

export function nodeIo(): CliIo {
  return {
    stdout: (text) => process.stdout.write(text),
    stderr: (text) => process.stderr.write(text),
    cwd: process.cwd(),
  };
}

/** An in-memory CliIo for tests: collects what a command prints. */
export function captureIo(cwd: string): CliIo & { readonly out: () => string; readonly err: () => string } {
  let out = '';
  let err = '';
  return {
    stdout: (text) => {
      out += text;
    },
    stderr: (text) => {
      err += text;
    },
    cwd,
    out: () => out,
    err: () => err,
  };
}
