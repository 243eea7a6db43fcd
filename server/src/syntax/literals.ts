// Decodes literal token text into values: integers with suffixes (`5u8`, `7int`, `0x1F`, `1_000`), chars,
// strings (escapes, raw strings, byte forms). Malformed literals decode to undefined; the caller reports them.

const INT_SUFFIXES = new Set(['u8', 'u16', 'u32', 'u64', 'u128', 'usize', 'i8', 'i16', 'i32', 'i64', 'i128', 'isize', 'int', 'nat']);

export interface DecodedInt {
  readonly value: bigint;
  readonly suffix: string | undefined;
}

export function decodeInt(text: string): DecodedInt | undefined {
  if (isPlainDecimal(text)) return { value: BigInt(text), suffix: undefined }; // The common `0`, `1`, `100`.
  const clean = text.replace(/_/g, '');
  let digitsEnd: number;
  let prefix = '';
  if (/^0[xob]/.test(clean)) {
    prefix = clean.slice(0, 2);
    const digitClass = prefix === '0x' ? /[0-9a-fA-F]/ : prefix === '0o' ? /[0-7]/ : /[01]/;
    digitsEnd = 2;
    // Hex digits include `a`-`f`; a suffix starts at `u`/`i`/`n`, which are never hex digits.
    while (digitsEnd < clean.length && digitClass.test(clean.charAt(digitsEnd))) digitsEnd++;
  } else {
    digitsEnd = 0;
    while (digitsEnd < clean.length && isDigit(clean.charCodeAt(digitsEnd))) digitsEnd++;
  }
  const digits = clean.slice(prefix.length, digitsEnd);
  const suffix = clean.slice(digitsEnd);
  if (digits.length === 0 || (suffix !== '' && !INT_SUFFIXES.has(suffix))) return undefined;
  return { value: BigInt(prefix + digits), suffix: suffix === '' ? undefined : suffix };
}

function isPlainDecimal(text: string): boolean {
  if (text.length === 0 || text.length > 15) return false;
  for (let idx = 0; idx < text.length; idx++) if (!isDigit(text.charCodeAt(idx))) return false;
  return true;
}

export interface DecodedText {
  readonly value: string;
  readonly byte: boolean;
}

/** Decodes `'a'`, `'\n'`, `'\u{1F600}'`, `b'x'`. */
export function decodeChar(text: string): DecodedText | undefined {
  const byte = text.startsWith('b');
  const body = text.slice(byte ? 2 : 1, -1);
  const value = unescape(body);
  if (value === undefined || [...value].length !== 1) return undefined;
  return { value, byte };
}

/** Decodes `"..."`, `b"..."`, `r"..."`, `r#"..."#`, `br"..."`, `c"..."`. */
export function decodeString(text: string): DecodedText | undefined {
  let idx = 0;
  let byte = false;
  if (text.charAt(idx) === 'b' || text.charAt(idx) === 'c') {
    byte = text.charAt(idx) === 'b';
    idx++;
  }
  if (text.charAt(idx) === 'r') {
    idx++;
    let hashes = 0;
    while (text.charAt(idx) === '#') {
      hashes++;
      idx++;
    }
    if (text.charAt(idx) !== '"') return undefined;
    return { value: text.slice(idx + 1, text.length - 1 - hashes), byte };
  }
  if (text.charAt(idx) !== '"' || text.length < idx + 2) return undefined;
  const value = unescape(text.slice(idx + 1, -1));
  return value === undefined ? undefined : { value, byte };
}

function unescape(body: string): string | undefined {
  if (!body.includes('\\')) return body;
  let out = '';
  let i = 0;
  while (i < body.length) {
    const ch = body.charAt(i);
    if (ch !== '\\') {
      out += ch;
      i++;
      continue;
    }
    const next = body.charAt(i + 1);
    i += 2;
    switch (next) {
      case 'n':
        out += '\n';
        break;
      case 'r':
        out += '\r';
        break;
      case 't':
        out += '\t';
        break;
      case '0':
        out += '\0';
        break;
      case '\\':
        out += '\\';
        break;
      case "'":
        out += "'";
        break;
      case '"':
        out += '"';
        break;
      case 'x': {
        const code = parseInt(body.slice(i, i + 2), 16);
        if (Number.isNaN(code)) return undefined;
        out += String.fromCharCode(code);
        i += 2;
        break;
      }
      case 'u': {
        const close = body.indexOf('}', i);
        if (body.charAt(i) !== '{' || close < 0) return undefined;
        const code = parseInt(body.slice(i + 1, close).replace(/_/g, ''), 16);
        if (Number.isNaN(code) || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff)) return undefined;
        out += String.fromCodePoint(code);
        i = close + 1;
        break;
      }
      case '\n':
      case '\r':
        // A line continuation: the newline and the next line's leading whitespace vanish.
        while (i < body.length && /\s/.test(body.charAt(i))) i++;
        break;
      default:
        return undefined;
    }
  }
  return out;
}

function isDigit(code: number): boolean {
  return code >= 48 && code <= 57;
}
