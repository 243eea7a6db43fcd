// Stand-in for the verus binary: process plumbing tests only
// Behaviour comes from STAND_IN_* environment variables the test's wrapper script sets:
//   STAND_IN_MODE      ok (default) | sleep | hang | exit | garbage
//   STAND_IN_FAIL      comma-separated probe ids whose assert fails (custom_err message)
//   STAND_IN_RLIMIT    comma-separated probe ids that hit the rlimit
//   STAND_IN_SLEEP_MS  for `sleep`; STAND_IN_EXIT for `exit`; STAND_IN_PID_FILE for `hang` (appends its own pid and
//                      its grandchild's, one line each: several runs may share the file)
//   STAND_IN_ARGV_FILE where to record argv as JSON
import { spawn } from 'node:child_process';
import { appendFileSync, readFileSync, writeFileSync } from 'node:fs';

const env = process.env;
const args = process.argv.slice(2);
if (env.STAND_IN_ARGV_FILE) writeFileSync(env.STAND_IN_ARGV_FILE, JSON.stringify(args));

if (args.includes('--version')) {
  const version = { verus: { version: '0.2026.08.22.eb66c53', platform: { os: 'linux', arch: 'x86_64' }, toolchain: '1.97.1-x86_64-unknown-linux-gnu', commit: 'eb66c536' } };
  process.stdout.write(`${JSON.stringify(version)}\n`);
  process.exit(0);
}

const mode = env.STAND_IN_MODE ?? 'ok';
if (mode === 'exit') {
  process.stderr.write('Error: stand-in told to fail\n');
  process.exit(Number(env.STAND_IN_EXIT ?? '1'));
}
if (mode === 'garbage') {
  process.stderr.write('thread main panicked at garbage\n{not json\n');
  process.stdout.write('garbage on stdout\n');
  process.exit(101);
}
if (mode === 'hang') {
  // A grandchild in the same process group holding the output pipes open, as rustc and z3 hold verus's: stopping
  // the run must take it down too, or the run would wait on its pipes.
  const grandchild = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: ['ignore', 'inherit', 'inherit'] });
  appendFileSync(env.STAND_IN_PID_FILE ?? 'stand-in.pid', `${process.pid}\n${grandchild.pid}\n`);
  setInterval(() => {}, 1000);
} else if (mode === 'sleep') {
  setTimeout(report, Number(env.STAND_IN_SLEEP_MS ?? '60000'));
} else {
  report();
}

/** Reads the stub's probes (their custom_err tags and proof fn lines) and reports canned results for them. */
function report() {
  const stubPath = args[0] ?? '';
  const lines = readFileSync(stubPath, 'utf8').split('\n');
  const failing = new Set((env.STAND_IN_FAIL ?? '').split(',').filter(Boolean));
  const rlimited = new Set((env.STAND_IN_RLIMIT ?? '').split(',').filter(Boolean));
  let errors = 0;
  let verified = 0;
  lines.forEach((line, idx) => {
    const match = /custom_err\("SPEC-HARNESS ([^"]+)"\)/.exec(line);
    if (match === null) return;
    const id = match[1];
    if (failing.has(id)) {
      errors++;
      diagnostic(`SPEC-HARNESS ${id}`, stubPath, idx + 2, 'assertion failed');
    } else if (rlimited.has(id)) {
      errors++;
      const fnLine = lines.slice(0, idx + 1).findLastIndex((l) => l.startsWith('proof fn')) + 1;
      diagnostic('function body check: Resource limit (rlimit) exceeded; consider rerunning with --profile for more details', stubPath, fnLine, null);
    } else {
      verified++;
    }
  });
  if (errors > 0) process.stderr.write(`${JSON.stringify({ message: `aborting due to ${errors} previous errors`, code: null, level: 'error', spans: [], children: [], rendered: `error: aborting due to ${errors} previous errors\n\n` })}\n`);
  const summary = {
    'func-details': {},
    'verification-results': { 'encountered-error': errors > 0, 'encountered-vir-error': false, success: errors === 0, verified, errors, 'is-verifying-entire-crate': true },
    'times-ms': {},
    verus: { profile: 'release', version: '0.2026.08.22.eb66c53', platform: { os: 'linux', arch: 'x86_64' }, toolchain: '1.97.1', commit: 'eb66c536' },
  };
  process.stdout.write(`${JSON.stringify(summary)}\n`);
  process.exit(errors > 0 ? 1 : 0);
}

function diagnostic(message, file, line, label) {
  const span = { file_name: file, byte_start: 0, byte_end: 1, line_start: line, line_end: line, column_start: 5, column_end: 40, is_primary: true, text: [], label, suggested_replacement: null, suggestion_applicability: null, expansion: null };
  process.stderr.write(`${JSON.stringify({ $message_type: 'diagnostic', message, code: null, level: 'error', spans: [span], children: [], rendered: `error: ${message}\n --> ${file}:${line}:5\n` })}\n`);
}
