// Source files as text. The rule: a Rust source file is UTF-8 (rustc refuses anything else) and holds no NUL byte
// (binary formats do, text never needs one), so a file that breaks either is binary and is refused, with the offset
// of its first such byte, before anything parses it: random bytes decoded with replacement characters parse slowly
// and report nothing useful.

import { isUtf8 } from 'node:buffer';
import { readFile } from 'node:fs/promises';
import { describeFsError } from './fs-errors';

export type SourceTextRead =
  | { readonly kind: 'text'; readonly text: string }
  | { readonly kind: 'binary'; readonly reason: string }
  | { readonly kind: 'unreadable'; readonly reason: string };

/** The file as UTF-8 text, or why it is not a Rust source file, or why it could not be read. */
export async function readSourceText(absolutePath: string): Promise<SourceTextRead> {
  let bytes: Buffer;
  try {
    bytes = await readFile(absolutePath);
  } catch (error) {
    return { kind: 'unreadable', reason: describeFsError(error) };
  }
  const binaryAt = firstBinaryByte(bytes);
  if (binaryAt !== undefined) return { kind: 'binary', reason: `not a text file (binary content at byte ${binaryAt})` };
  return { kind: 'text', text: bytes.toString('utf8') };
}

/** The 0-based offset of the first NUL byte or the first byte of an invalid UTF-8 sequence, if there is one. */
export function firstBinaryByte(bytes: Buffer): number | undefined {
  const nul = bytes.indexOf(0);
  const checked = nul === -1 ? bytes : bytes.subarray(0, nul);
  if (isUtf8(checked)) return nul === -1 ? undefined : nul;
  return firstInvalidUtf8(checked);
}

/** Where the decoder put its first replacement character for bytes it could not decode: every U+FFFD before it was
 *  written in the file (as EF BF BD), so counting the UTF-8 length of the text between them finds its byte. */
function firstInvalidUtf8(bytes: Buffer): number | undefined {
  const text = bytes.toString('utf8');
  let byteOffset = 0;
  let from = 0;
  for (let at = text.indexOf('\uFFFD'); at !== -1; at = text.indexOf('\uFFFD', from)) {
    byteOffset += Buffer.byteLength(text.slice(from, at));
    if (bytes[byteOffset] !== 0xef || bytes[byteOffset + 1] !== 0xbf || bytes[byteOffset + 2] !== 0xbd) return byteOffset;
    byteOffset += 3;
    from = at + 1;
  }
  return undefined;
}
