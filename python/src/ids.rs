//! Action id orders: the game interface's own ids, or a peer's numbering of the same actions,
//! applied wherever an id crosses into Python (legal ids, masks, actions taken, text).

/// A renumbering of a game's action ids: a permutation between the ids Python sees and the
/// game interface's.
#[derive(Debug)]
pub struct Order {
    /// The game's id of each id Python sees.
    to_game: Vec<u32>,
    /// The id Python sees of each game id.
    from_game: Vec<u32>,
}

impl Order {
    /// The order whose id `i` is the game's id `to_game[i]`; refused unless `to_game` holds
    /// every id below its length exactly once.
    pub fn new(to_game: Vec<u32>) -> Result<Order, String> {
        let mut from_game = vec![u32::MAX; to_game.len()];
        for (outside, &id) in to_game.iter().enumerate() {
            match from_game.get_mut(id as usize) {
                Some(slot) if *slot == u32::MAX => *slot = outside as u32,
                _ => return Err(format!("id {id} is out of range or given twice")),
            }
        }
        Ok(Order { to_game, from_game })
    }
}

/// The ids an environment speaks: the game's own ([`Numbering::NATIVE`]) or an [`Order`]'s.
#[derive(Clone, Copy, Debug)]
pub struct Numbering(Option<&'static Order>);

impl Numbering {
    /// The game interface's own ids.
    pub const NATIVE: Numbering = Numbering(None);

    /// The ids of `order`.
    pub fn of(order: &'static Order) -> Numbering {
        Numbering(Some(order))
    }

    /// The id Python sees for the game's id `id`.
    #[inline]
    pub fn outside(self, id: usize) -> usize {
        match self.0 {
            Some(order) => order.from_game[id] as usize,
            None => id,
        }
    }

    /// The game's id for the id `id` Python gave, `None` if no action has it.
    #[inline]
    pub fn game(self, id: usize) -> Option<usize> {
        match self.0 {
            Some(order) => order.to_game.get(id).map(|&g| g as usize),
            None => Some(id),
        }
    }
}

/// The name of the game interface's own order, the only one most games have.
pub const NATIVE: &str = "native";

/// The error for an order a game does not have.
pub fn unknown(game: &str, name: &str, known: &[&str]) -> String {
    format!(
        "{game} has no action id order {name:?} (orders: {})",
        known.join(", ")
    )
}
