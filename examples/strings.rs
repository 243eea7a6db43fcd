// Teaches: String/&str and char values. In the pairs file a `&str` is a JSON string and a `char` a one-character
// string; in the contract a string is viewed as a `Seq<char>` (`s@`). `is_palindrome` is pinned exactly;
// `count_char` only bounds its result, so most wrong counts slip through.
use vstd::prelude::*;

verus! {

/// True when `s` reads the same backwards.
fn is_palindrome(s: &str) -> (r: bool)
    ensures
        r <==> forall|i: int| 0 <= i < s@.len() ==> s@[i] == s@[s@.len() - 1 - i],
{
    let n = s.unicode_len();
    let mut i: usize = 0;
    while i < n / 2
        invariant
            n == s@.len(),
            i <= n / 2,
            forall|j: int| 0 <= j < i ==> s@[j] == s@[n - 1 - j],
        decreases n / 2 - i,
    {
        if s.get_char(i) != s.get_char(n - 1 - i) {
            return false;
        }
        i = i + 1;
    }
    true
}

/// How many times `c` occurs in `s`.
fn count_char(s: &str, c: char) -> (count: usize)
    ensures
        count <= s@.len(),
{
    let n = s.unicode_len();
    let mut count: usize = 0;
    let mut i: usize = 0;
    while i < n
        invariant
            n == s@.len(),
            i <= n,
            count <= i,
        decreases n - i,
    {
        if s.get_char(i) == c {
            count = count + 1;
        }
        i = i + 1;
    }
    count
}

} // verus!
