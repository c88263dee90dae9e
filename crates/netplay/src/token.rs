//! Table codes and seat tokens: short public codes to join by, long secret tokens to act by,
//! both drawn from the operating system's CSPRNG.

use std::fmt;
use std::str::FromStr;

use rand::TryRngCore;
use rand::rngs::OsRng;
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

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
        let mut bytes = [0u8; 32];
        os_fill(&mut bytes);
        Token(hex(&bytes))
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

    /// Whether the token is one [`Token::generate`] could have drawn: 64 lowercase hex
    /// digits (256 bits). A client that proposes its own host token must send one.
    pub fn is_well_formed(&self) -> bool {
        self.0.len() == 64
            && self
                .0
                .bytes()
                .all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b))
    }

    /// The SHA-256 digest the server keeps instead of the token.
    pub fn hash(&self) -> TokenHash {
        TokenHash(Sha256::digest(self.0.as_bytes()).into())
    }
}

/// What the server keeps of a token: its SHA-256 digest. A stolen database or a log holds no
/// token that could act for a seat.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct TokenHash([u8; 32]);

impl TokenHash {
    /// The prefix of a stored digest, which tells it from a token stored as plain text by
    /// earlier versions.
    const PREFIX: &'static str = "sha256:";

    /// Whether `token` hashes to this digest, compared in time independent of where they
    /// differ.
    pub fn matches(&self, token: &Token) -> bool {
        let other = token.hash();
        self.0
            .iter()
            .zip(&other.0)
            .fold(0u8, |acc, (x, y)| acc | (x ^ y))
            == 0
    }

    /// The digest as stored: `sha256:` and 64 hex digits.
    pub fn to_stored(&self) -> String {
        format!("{}{}", TokenHash::PREFIX, hex(&self.0))
    }

    /// A stored digest; a value without the prefix is a token an earlier version stored as
    /// plain text, hashed now. `None` for a malformed digest.
    pub fn from_stored(text: &str) -> Option<TokenHash> {
        let Some(hex) = text.strip_prefix(TokenHash::PREFIX) else {
            return Some(Token::from_string(text.to_owned()).hash());
        };
        if hex.len() != 64 {
            return None;
        }
        let mut bytes = [0u8; 32];
        for (i, byte) in bytes.iter_mut().enumerate() {
            *byte = u8::from_str_radix(hex.get(2 * i..2 * i + 2)?, 16).ok()?;
        }
        Some(TokenHash(bytes))
    }
}

/// A digest says nothing useful in a log: `Debug` shows only its start.
impl fmt::Debug for TokenHash {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "TokenHash({:02x}{:02x}…)", self.0[0], self.0[1])
    }
}

/// Tokens are secrets: `Debug` shows only their start, so logs do not carry them.
impl fmt::Debug for Token {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Token({}…)", self.0.get(..6).unwrap_or(""))
    }
}

/// `bytes` as lowercase hex digits.
fn hex(bytes: &[u8]) -> String {
    const HEX: &[u8; 16] = b"0123456789abcdef";
    bytes
        .iter()
        .flat_map(|b| [HEX[usize::from(b >> 4)], HEX[usize::from(b & 15)]])
        .map(char::from)
        .collect()
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
    fn a_hash_matches_its_token_only_and_round_trips_through_storage() {
        let (a, b) = (Token::generate(), Token::generate());
        let hash = a.hash();
        assert!(hash.matches(&a));
        assert!(!hash.matches(&b));
        let stored = hash.to_stored();
        assert!(stored.starts_with("sha256:") && !stored.contains(a.as_str()));
        assert_eq!(TokenHash::from_stored(&stored), Some(hash));
        assert_eq!(TokenHash::from_stored("sha256:12"), None);
        assert_eq!(
            TokenHash::from_stored(&format!("sha256:{}", "zz".repeat(32))),
            None
        );
    }

    #[test]
    fn a_token_stored_as_plain_text_by_an_earlier_version_still_matches() {
        let token = Token::generate();
        let legacy = TokenHash::from_stored(token.as_str()).unwrap();
        assert!(legacy.matches(&token));
    }

    #[test]
    fn sha256_of_the_test_vector() {
        // FIPS 180-2, appendix B.1: SHA-256("abc").
        let hash = Token::from_string("abc".into()).hash().to_stored();
        assert_eq!(
            hash,
            "sha256:ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
        );
    }

    #[test]
    fn only_64_lowercase_hex_digits_are_well_formed() {
        assert!(Token::generate().is_well_formed());
        assert!(!Token::from_string("abc".into()).is_well_formed());
        assert!(!Token::from_string("G".repeat(64)).is_well_formed());
        assert!(!Token::from_string("A".repeat(64)).is_well_formed());
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
