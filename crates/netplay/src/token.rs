//! Table codes and seat tokens: short public codes to join by, long secret tokens to act by,
//! both drawn from the operating system's CSPRNG.

use std::fmt;
use std::str::FromStr;

use rand::TryRngCore;
use rand::rngs::OsRng;
use serde::{Deserialize, Serialize};

/// The letters of a table code: digits and capitals without the look-alikes 0/O, 1/I/L.
const CODE_ALPHABET: &[u8] = b"23456789ABCDEFGHJKMNPQRSTUVWXYZ";

/// The length of a table code.
pub const CODE_LEN: usize = 6;

/// A table's public code, six characters such as `K7MQ2X`: what players type to join. It
/// reveals nothing about any token.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct TableCode(String);

impl TableCode {
    /// A fresh random code.
    pub fn generate() -> TableCode {
        // 256 is not a multiple of 31: bytes at or above `limit` are drawn again, so every
        // letter is equally likely.
        let limit = 256 - 256 % CODE_ALPHABET.len();
        let mut code = String::with_capacity(CODE_LEN);
        while code.len() < CODE_LEN {
            let mut byte = [0u8];
            os_fill(&mut byte);
            let b = usize::from(byte[0]);
            if b < limit {
                code.push(char::from(CODE_ALPHABET[b % CODE_ALPHABET.len()]));
            }
        }
        TableCode(code)
    }

    /// The code as text.
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// Why a text is not a table code.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{text:?} is not a table code (six letters and digits such as K7MQ2X)")]
pub struct ParseCodeError {
    /// The text given.
    pub text: String,
}

impl FromStr for TableCode {
    type Err = ParseCodeError;

    /// Reads a code in any case, ignoring surrounding spaces.
    fn from_str(text: &str) -> Result<TableCode, ParseCodeError> {
        let code = text.trim().to_ascii_uppercase();
        if code.len() == CODE_LEN && code.bytes().all(|b| CODE_ALPHABET.contains(&b)) {
            Ok(TableCode(code))
        } else {
            Err(ParseCodeError {
                text: text.to_owned(),
            })
        }
    }
}

impl TryFrom<String> for TableCode {
    type Error = ParseCodeError;
    fn try_from(text: String) -> Result<TableCode, ParseCodeError> {
        text.parse()
    }
}

impl From<TableCode> for String {
    fn from(code: TableCode) -> String {
        code.0
    }
}

impl fmt::Display for TableCode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// A secret that proves a seat (or hosting): 256 random bits as 64 hex digits.
#[derive(Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Token(String);

impl Token {
    /// A fresh random token.
    pub fn generate() -> Token {
        const HEX: &[u8; 16] = b"0123456789abcdef";
        let mut bytes = [0u8; 32];
        os_fill(&mut bytes);
        let hex = bytes
            .iter()
            .flat_map(|b| [HEX[usize::from(b >> 4)], HEX[usize::from(b & 15)]])
            .map(char::from)
            .collect();
        Token(hex)
    }

    /// A token as stored or typed (no check: an unknown token simply matches no seat).
    pub fn from_string(text: String) -> Token {
        Token(text)
    }

    /// The token as text.
    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// Whether `other` is this token, compared in time independent of where they differ.
    pub fn matches(&self, other: &Token) -> bool {
        let (a, b) = (self.0.as_bytes(), other.0.as_bytes());
        a.len() == b.len() && a.iter().zip(b).fold(0u8, |acc, (x, y)| acc | (x ^ y)) == 0
    }
}

/// Tokens are secrets: `Debug` shows only their start, so logs do not carry them.
impl fmt::Debug for Token {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Token({}…)", self.0.get(..6).unwrap_or(""))
    }
}

/// A random `u64` from the operating system (table seeds).
pub fn random_seed() -> u64 {
    let mut bytes = [0u8; 8];
    os_fill(&mut bytes);
    u64::from_le_bytes(bytes)
}

fn os_fill(bytes: &mut [u8]) {
    // The OS RNG failing is unrecoverable for a server that hands out secrets.
    OsRng
        .try_fill_bytes(bytes)
        .expect("the operating system's random number generator works");
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_parse_in_any_case_and_round_trip() {
        let code = TableCode::generate();
        assert_eq!(code.as_str().len(), CODE_LEN);
        assert_eq!(
            code.as_str().to_lowercase().parse::<TableCode>(),
            Ok(code.clone())
        );
        assert_eq!(format!(" {code} ").parse::<TableCode>(), Ok(code));
    }

    #[test]
    fn look_alike_letters_and_wrong_lengths_are_not_codes() {
        for text in ["K7MQ2O", "K7MQ2", "K7MQ2XX", "K7MQ21", ""] {
            assert!(text.parse::<TableCode>().is_err(), "{text}");
        }
    }

    #[test]
    fn tokens_are_long_distinct_and_hidden_in_debug() {
        let (a, b) = (Token::generate(), Token::generate());
        assert_ne!(a, b);
        assert_eq!(a.as_str().len(), 64);
        assert!(!format!("{a:?}").contains(&a.as_str()[6..]));
    }

    #[test]
    fn codes_use_every_letter_of_the_alphabet() {
        let mut seen = std::collections::HashSet::new();
        for _ in 0..200 {
            seen.extend(TableCode::generate().as_str().bytes());
        }
        assert_eq!(seen.len(), CODE_ALPHABET.len());
    }
}
