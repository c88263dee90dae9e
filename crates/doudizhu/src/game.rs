//! The game layer: history, undo, redeals and the serializable game record.

use cards_core::{CardSet, GameRng, below, seeded_rng};

use crate::state::PLAYERS;
use crate::{
    Bid, Combo, Deal, DealError, IllegalBid, IllegalMove, Move, Phase, Seat, Settings, Settlement,
    State, View,
};

/// One public action: a bid, a pass or the exact cards played with their reading.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Action {
    /// An auction action.
    Bid(Bid),
    /// A pass in card play.
    Pass,
    /// Cards played, and the reading they were played as.
    Play {
        /// The exact cards.
        cards: CardSet,
        /// The reading.
        combo: Combo,
    },
}

/// An action and the seat that took it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub struct Turn {
    /// Who acted.
    pub seat: Seat,
    /// What they did.
    pub action: Action,
}

/// A complete record of one deal: settings, the deal, the first bidder, every action and the
/// result. It serializes (serde; cards as text, `"3C"`), and
/// [`Record::replay`] rebuilds the game exactly, checking the stored result.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Record {
    /// The settings.
    pub settings: Settings,
    /// The cards dealt.
    pub deal: Deal,
    /// Who bid first.
    pub first_bidder: Seat,
    /// Every bid and play, in order.
    pub turns: Vec<Turn>,
    /// The settlement, if the deal was played out.
    pub result: Option<Settlement>,
}

/// Why a record does not replay.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ReplayError {
    /// The deal is not valid.
    #[error("bad deal: {0}")]
    Deal(#[from] DealError),
    /// A turn names the wrong seat.
    #[error("turn {0}: seat {1} acted out of turn")]
    OutOfTurn(usize, Seat),
    /// A bid is illegal.
    #[error("turn {0}: {1}")]
    Bid(usize, IllegalBid),
    /// A play is illegal.
    #[error("turn {0}: {1}")]
    Play(usize, IllegalMove),
    /// The replayed result differs from the stored one.
    #[error("the replayed result differs from the recorded one")]
    ResultMismatch,
}

impl Record {
    /// Replays every turn from the deal and checks the stored result.
    pub fn replay(&self) -> Result<Game, ReplayError> {
        let mut game = Game::from_deal(self.settings, self.deal, self.first_bidder)?;
        for (i, turn) in self.turns.iter().enumerate() {
            if turn.seat != game.state.to_move() {
                return Err(ReplayError::OutOfTurn(i, turn.seat));
            }
            match turn.action {
                Action::Bid(bid) => game.bid(bid).map_err(|e| ReplayError::Bid(i, e))?,
                Action::Pass => game.play(Move::Pass).map_err(|e| ReplayError::Play(i, e))?,
                Action::Play { cards, combo } => {
                    game.play_cards_as(cards, combo)
                        .map_err(|e| ReplayError::Play(i, e))?;
                }
            }
        }
        if game.state.settlement() != self.result {
            return Err(ReplayError::ResultMismatch);
        }
        Ok(game)
    }
}

/// A deal in progress with its history: undo, per-seat views, redeals and records.
///
/// ```
/// use doudizhu::{Bid, Game, GreedyBot, Bot, Phase, Settings};
///
/// let mut game = Game::new(Settings::default(), 2024);
/// let mut bots = [GreedyBot::new(), GreedyBot::new(), GreedyBot::new()];
/// while game.state().phase() != Phase::Finished {
///     if game.state().phase() == Phase::AllPassed {
///         game.redeal();
///         continue;
///     }
///     let seat = game.state().to_move();
///     let view = game.view(seat);
///     let bot = &mut bots[seat.index()];
///     if game.state().phase() == Phase::Bidding {
///         let bid = bot.bid(&view);
///         game.bid(bid)?;
///     } else {
///         let mv = bot.play(&view);
///         game.play(mv)?;
///     }
/// }
/// let result = game.state().settlement().unwrap();
/// assert_eq!(result.payouts.into_array().iter().sum::<i64>(), 0);
/// assert_eq!(game.record().replay().unwrap().state(), game.state());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Game {
    state: State,
    deal: Deal,
    first_bidder: Seat,
    history: Vec<Turn>,
    undo: Vec<State>,
    rng: GameRng,
    redeals: u32,
}

impl Game {
    /// A new game: the deal and the first bidder come from `seed`.
    pub fn new(settings: Settings, seed: u64) -> Game {
        let mut rng = seeded_rng(seed);
        let deal = Deal::shuffled(&mut rng);
        let first_bidder = Seat::ALL[below(&mut rng, PLAYERS as u32) as usize];
        let state = State::new(settings, &deal, first_bidder).expect("a shuffled deal is valid");
        Game {
            state,
            deal,
            first_bidder,
            history: Vec::new(),
            undo: Vec::new(),
            rng,
            redeals: 0,
        }
    }

    /// A game from a given deal.
    pub fn from_deal(
        settings: Settings,
        deal: Deal,
        first_bidder: Seat,
    ) -> Result<Game, DealError> {
        let state = State::new(settings, &deal, first_bidder)?;
        Ok(Game {
            state,
            deal,
            first_bidder,
            history: Vec::new(),
            undo: Vec::new(),
            rng: seeded_rng(0),
            redeals: 0,
        })
    }

    /// The current state (every hand: keep it from players; use [`Game::view`]).
    pub fn state(&self) -> &State {
        &self.state
    }

    /// The deal.
    pub fn deal(&self) -> &Deal {
        &self.deal
    }

    /// Every turn so far.
    pub fn history(&self) -> &[Turn] {
        &self.history
    }

    /// How many times the cards were redealt after an all-pass auction.
    pub fn redeals(&self) -> u32 {
        self.redeals
    }

    /// What `seat` may see, with the public history.
    pub fn view(&self, seat: Seat) -> View {
        self.state
            .view_with_history(Some(seat), self.history.clone())
    }

    /// What a spectator may see: the public information and history, no hand.
    pub fn public_view(&self) -> View {
        self.state.view_with_history(None, self.history.clone())
    }

    /// A bid by the seat to act.
    pub fn bid(&mut self, bid: Bid) -> Result<(), IllegalBid> {
        let before = self.state;
        let seat = self.state.to_move();
        self.state.bid(bid)?;
        self.undo.push(before);
        self.history.push(Turn {
            seat,
            action: Action::Bid(bid),
        });
        Ok(())
    }

    /// A move by the seat to move (for a play, the lowest-indexed cards of each rank).
    pub fn play(&mut self, mv: Move) -> Result<(), IllegalMove> {
        self.state.check(mv)?;
        self.play_unchecked(mv);
        Ok(())
    }

    /// A move by the seat to move, unchecked (see [`State::play_unchecked`]).
    ///
    /// # Panics
    /// May panic or corrupt the game if the move is not legal ([`State::check`]).
    pub fn play_unchecked(&mut self, mv: Move) {
        let before = self.state;
        let seat = self.state.to_move();
        let action = match mv {
            Move::Pass => Action::Pass,
            Move::Play(play) => Action::Play {
                cards: self.state.cards_for(play),
                combo: play.combo,
            },
        };
        self.state.play_unchecked(mv);
        self.undo.push(before);
        self.history.push(Turn { seat, action });
    }

    /// Exact cards by the seat to move ([`State::play_cards`]); no cards is a pass.
    pub fn play_cards(&mut self, cards: CardSet) -> Result<Move, IllegalMove> {
        let before = self.state;
        let seat = self.state.to_move();
        let mv = self.state.play_cards(cards)?;
        self.undo.push(before);
        let action = match mv {
            Move::Pass => Action::Pass,
            Move::Play(play) => Action::Play {
                cards,
                combo: play.combo,
            },
        };
        self.history.push(Turn { seat, action });
        Ok(mv)
    }

    /// Exact cards under an explicit reading ([`State::play_cards_as`]).
    pub fn play_cards_as(&mut self, cards: CardSet, combo: Combo) -> Result<(), IllegalMove> {
        let before = self.state;
        let seat = self.state.to_move();
        self.state.play_cards_as(cards, combo)?;
        self.undo.push(before);
        self.history.push(Turn {
            seat,
            action: Action::Play { cards, combo },
        });
        Ok(())
    }

    /// Takes back the last action of this deal and returns it (`None` if there is none).
    pub fn undo(&mut self) -> Option<Turn> {
        self.state = self.undo.pop()?;
        self.history.pop()
    }

    /// After an all-pass auction, deals again from the game's random stream; the next seat
    /// bids first. Returns `false` (and does nothing) in any other phase.
    pub fn redeal(&mut self) -> bool {
        if self.state.phase() != Phase::AllPassed {
            return false;
        }
        self.deal = Deal::shuffled(&mut self.rng);
        self.first_bidder = self.first_bidder.next();
        self.state = State::new(*self.state.settings(), &self.deal, self.first_bidder)
            .expect("a shuffled deal is valid");
        self.history.clear();
        self.undo.clear();
        self.redeals += 1;
        true
    }

    /// The record of the current deal.
    pub fn record(&self) -> Record {
        Record {
            settings: *self.state.settings(),
            deal: self.deal,
            first_bidder: self.first_bidder,
            turns: self.history.clone(),
            result: self.state.settlement(),
        }
    }
}
