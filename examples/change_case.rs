// Teaches: the paper's motivating case. The code has five branches, but the `ensures` pins only the lowercase one,
// and loosely (any uppercase letter passes), so most wrong outputs slip through (low PostComp). The `requires`
// rejects a space and punctuation, which the code handles fine (PreCorr below 1).
use vstd::prelude::*;

verus! {

/// Swaps the case of ASCII letters, turns a space into '_', and leaves digits and everything else unchanged.
fn change_case(c: char) -> (r: char)
    requires
        c != ' ',
        ('a' as u32 <= c as u32 <= 'z' as u32) || ('A' as u32 <= c as u32 <= 'Z' as u32) || ('0' as u32 <= c as u32 <= '9' as u32),
    ensures
        ('a' as u32 <= c as u32 <= 'z' as u32) ==> ('A' as u32 <= r as u32 <= 'Z' as u32),
{
    if 'a' <= c && c <= 'z' {
        ((c as u8) - 32) as char
    } else if 'A' <= c && c <= 'Z' {
        ((c as u8) + 32) as char
    } else if '0' <= c && c <= '9' {
        c
    } else if c == ' ' {
        '_'
    } else {
        c
    }
}

} // verus!
