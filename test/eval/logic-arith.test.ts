// Kleene logic, exact integers with Euclidean division, casts, bit operators, literals and comparisons.
import { describe, it } from 'vitest';
import { check } from './check';

const NONE = '';
const s = { values: { s: [1, 2, 3], x: 7, y: -3, b: true, c: { char: 'a' } } };

describe('Kleene logic', () => {
  it('decides when one side decides, whatever the other side is', () => {
    check(
      NONE,
      {
        'false && s[9] == 0': false,
        's[9] == 0 && false': false,
        'true || s[9] == 0': true,
        's[9] == 0 || true': true,
        'false ==> s[9] == 0': true,
        's[9] == 0 ==> true': true,
        's[9] == 0 <== false': true,
        'true <== s[9] == 0': true,
        'true && s[9] == 0': 'indeterminate: index 9 out of range for length 3',
        's[9] == 0 || false': 'indeterminate: index 9',
        'true ==> s[9] == 0': 'indeterminate: index 9',
        's[9] == 0 ==> false': 'indeterminate: index 9',
        's[9] == 0 <==> true': 'indeterminate: index 9',
        '!(s[9] == 0)': 'indeterminate: index 9',
        'false && 1.5 == 1.5': false,
        '1.5 == 1.5 && false': false,
        'true && 1.5 == 1.5': 'unsupported: float',
      },
      s,
    );
  });

  it('computes the connectives on booleans', () => {
    check(
      NONE,
      {
        'true && true': true,
        'true && false': false,
        'false || false': false,
        'true ==> false': false,
        'false ==> false': true,
        'true <== false': true,
        'false <== true': false,
        'true <==> true': true,
        'false <==> true': false,
        '!b': false,
        '(true ==> false) ==> false': true,
        'true ==> false ==> false': true,
        'b & !b': false,
        'b | false': true,
        'b ^ b': false,
      },
      s,
    );
  });
});

describe('integers', () => {
  it('never wrap', () => {
    check(
      NONE,
      {
        '255u8 + 1u8 == 256': true,
        '0u8 - 1u8 == -1': true,
        '18446744073709551615u64 * 2 == 36893488147419103230': true,
        'u64::MAX + 1 == 18446744073709551616': true,
        '-x == -7': true,
      },
      s,
    );
  });

  it('divide and take remainders Euclidean, unlike Rust exec code', () => {
    check(
      NONE,
      {
        '-7 / 3 == -3': true,
        '-7 % 3 == 2': true,
        '7 / -3 == -2': true,
        '7 % -3 == 1': true,
        '-7 / -3 == 3': true,
        '-7 % -3 == 2': true,
        '7 / 3 == 2': true,
        'x / y == -2': true,
        'x % y == 1': true,
        // Truncating division would give -2 and -1:
        '-7 / 3 == -2': false,
        '-7 % 3 == -1': false,
        'x / 0 == 0': 'indeterminate: division by zero',
        'x % (y + 3) == 0': 'indeterminate: division by zero',
      },
      s,
    );
  });

  it('casts exactly to int, truncating to machine types, and refuses undefined casts', () => {
    check(
      NONE,
      {
        '(300 as u8) == 44': true,
        '(256 as u8) == 0': true,
        '(-1 as u8) == 255': true,
        '(-1 as u32) == 4294967295': true,
        '(128 as i8) == -128': true,
        '(255 as i8) == -1': true,
        '(-129 as i8) == 127': true,
        '(127 as i8) == 127': true,
        '(-1 as usize) == 18446744073709551615': true,
        '(-1 as u128) == 340282366920938463463374607431768211455': true,
        '((1u64 << 63) as i64) == -9223372036854775808': true,
        '(1u64 << 63 as i64) == 9223372036854775808': true,
        '(-5 as int) == -5': true,
        '(5 as nat) == 5': true,
        '(y as nat) == 0': 'indeterminate: `as nat` of -3',
        "('a' as u8) == 97": true,
        "('a' as int) == 97": true,
        "(97u8 as char) == 'a'": true,
        "(0x41 as char) == 'A'": true,
        '(0xD800 as char) == c': 'indeterminate: `as char` of 55296',
        '(0x110000 as char) == c': 'indeterminate: `as char`',
        '(-1 as char) == c': 'indeterminate: `as char`',
        '(true as u8) == 1': true,
        '(x as f64) == 7': 'unsupported: cast to f64',
      },
      s,
    );
  });

  it('computes bit operators; negative shifts are unspecified', () => {
    check(
      NONE,
      {
        '(5u8 & 3u8) == 1': true,
        '(5u8 | 3u8) == 7': true,
        '(5u8 ^ 3u8) == 6': true,
        '(1u8 << 7u8) == 128': true,
        '(1u8 << 8u8) == 0': true,
        '(3u8 << 7u8) == 128': true,
        '(255u8 << 1) == 254': true,
        '(1i8 << 7) == -128': true,
        '(1 << 100) == 1267650600228229401496703205376': true,
        '(x << 1) == 14': true,
        '(256 >> 4) == 16': true,
        '(-16 >> 2) == -4': true,
        '(x >> 100) == 0': true,
        '(x << y) == 0': 'indeterminate: shift by a negative amount',
        '(x >> y) == 0': 'indeterminate: shift by a negative amount',
        '(-1i8 & 0x0f) == 15': true,
        '(!0u8) == 255': true,
        '(!5i32) == -6': true,
        '!x == 0': 'indeterminate: bitwise `!` on an integer of unknown width',
      },
      s,
    );
  });

  it('shifts left within the declared width of a parameter; spec `+` gives int, so it does not truncate', () => {
    const decode = `
spec fn low(b3: u8, b4: u8) -> u8 { (b3 << 6) | b4 }
spec fn sum_shifted(a: u8, b: u8) -> int { (a + b) << 7 }
spec fn pick(p: (u8, u8)) -> int { let (a, b) = p; a << 7 }`;
    check(
      decode,
      {
        'low(5u8, 1u8) == 65': true,
        'sum_shifted(1u8, 2u8) == 384': true,
        // A pattern's bindings carry no type: small results hold in every width, larger ones depend on it.
        'pick((1u8, 0u8)) == 128': 'indeterminate: `<<` on an integer of unknown width',
        'pick((0u8, 0u8)) == 0': true,
      },
      s,
    );
  });

  it('takes the width of `!` and `<<` on a constant from its declared type; a local of the same name shadows it', () => {
    const masks = `
const MASK: u64 = 0x0000_ffff_ffff_f000;
const HIGH: u8 = 0x80;
spec fn shadowed(MASK: int) -> int { !MASK }`;
    check(
      masks,
      {
        '(!MASK) == 0xffff_0000_0000_0fff': true,
        '(HIGH << 1) == 0': true,
        'shadowed(3) == 0': 'indeterminate: bitwise `!` on an integer of unknown width',
      },
      s,
    );
  });

  it('knows literal suffixes and integer type constants', () => {
    check(
      NONE,
      {
        '5u8 == 5': true,
        '7int == 7nat': true,
        'u8::MAX == 255': true,
        'i8::MIN == -128': true,
        'i8::MAX == 127': true,
        'u32::MAX == 4294967295': true,
        'usize::MAX == 18446744073709551615': true,
        'isize::MIN == -9223372036854775808': true,
        'i128::MIN == -170141183460469231731687303715884105728': true,
        'u16::BITS == 16': true,
        '0x10 == 16 && 0b101 == 5 && 0o17 == 15 && 1_000 == 1000': true,
      },
      s,
    );
  });

  it('compares and chains', () => {
    check(
      NONE,
      {
        '1 <= 2 < 3': true,
        '1 <= 3 < 3': false,
        '0 <= x < 10 <= 10': true,
        '3 > 2 >= 2': true,
        '1 < 2 == 2': true,
        '0 <= s[5] < 3': 'indeterminate: index 5',
        '5 <= s[5] && false': false,
        '9 < 2 <= s[5]': false,
        "'a' < 'b'": true,
        "c <= 'a'": true,
        'x != y': true,
        'x == 7 && y == -3': true,
        's == seq![1, 2, 3]': true,
        's === seq![1, 2, 3]': true,
        's =~= seq![1, 2, 3]': true,
        's =~~= seq![1, 2]': false,
        's !== seq![1, 2]': true,
      },
      s,
    );
  });
});

describe('char and string literals', () => {
  it('treats strings as sequences of chars', () => {
    check(
      NONE,
      {
        '"abc"@.len() == 3': true,
        '"abc"@[1] == \'b\'': true,
        "\"abc\"@ == seq!['a', 'b', 'c']": true,
        'name@.len() == 5': true,
        "name@[0] == 'h'": true,
        'name@ =~= "hello"@': true,
        "b'a' == 97u8": true,
        "'é' as u32 == 233": true,
        'c.is_ascii_digit()': false,
        'c.is_ascii_alphabetic() && c.is_ascii_lowercase() && !c.is_ascii_uppercase()': true,
        "'7'.is_ascii_digit()": true,
        'c.is_alphabetic()': 'unsupported: method .is_alphabetic()',
      },
      { values: { c: { char: 'a' }, name: 'hello' } },
    );
  });
});
