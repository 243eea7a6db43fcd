// One bench file run by itself (`npx tsx bench/<name>.ts`): its lines printed, a failure on stderr with exit code 1.

export function runAlone(bench: () => Promise<readonly string[]>): void {
  bench()
    .then((lines) => process.stdout.write(`${lines.join('\n')}\n`))
    .catch((error: unknown) => {
      process.stderr.write(`bench failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
      process.exitCode = 1;
    });
}
