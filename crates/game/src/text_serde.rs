//! One serde form for the types that have a text form: their text.

/// Implements serde's `Serialize` and `Deserialize` for each type through its text:
/// `Display` when writing, `FromStr` when reading (the parse error's message becomes serde's
/// error). The crates' cards, moves, points and deals use it, so their JSON form is always
/// the text a player types and the crate prints.
///
/// ```
/// use std::{fmt, str::FromStr};
///
/// #[derive(Debug, PartialEq)]
/// struct Pips(u8);
///
/// impl fmt::Display for Pips {
///     fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
///         write!(f, "{}", self.0)
///     }
/// }
///
/// impl FromStr for Pips {
///     type Err = std::num::ParseIntError;
///     fn from_str(text: &str) -> Result<Pips, Self::Err> {
///         text.parse().map(Pips)
///     }
/// }
///
/// game::serde_as_text!(Pips);
///
/// assert_eq!(serde_json::to_string(&Pips(6)).unwrap(), r#""6""#);
/// assert_eq!(serde_json::from_str::<Pips>(r#""6""#).unwrap(), Pips(6));
/// assert!(serde_json::from_str::<Pips>(r#""six""#).is_err());
/// ```
#[macro_export]
macro_rules! serde_as_text {
    ($($ty:ty),+ $(,)?) => {$(
        impl $crate::__serde::Serialize for $ty {
            fn serialize<S: $crate::__serde::Serializer>(
                &self,
                serializer: S,
            ) -> ::core::result::Result<S::Ok, S::Error> {
                serializer.collect_str(self)
            }
        }

        impl<'de> $crate::__serde::Deserialize<'de> for $ty {
            fn deserialize<D: $crate::__serde::Deserializer<'de>>(
                deserializer: D,
            ) -> ::core::result::Result<Self, D::Error> {
                let text = <::std::borrow::Cow<'de, str> as $crate::__serde::Deserialize>
                    ::deserialize(deserializer)?;
                text.parse()
                    .map_err(<D::Error as $crate::__serde::de::Error>::custom)
            }
        }
    )+};
}
