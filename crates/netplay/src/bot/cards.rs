//! The card games' bots, from their rules crates: Dou Dizhu's planner and greedy players,
//! Hearts' Monte Carlo, heuristic and rule-of-thumb players. Each is driven from its seat's `View`.

use doudizhu::interface::Action;

use super::{BotKind, Typed, ViewBot};
use crate::protocol::LegalAction;

/// Dou Dizhu's bots, the strongest first.
pub const DOUDIZHU_BOTS: &[BotKind] = &[
    BotKind {
        name: "planner",
        levels: 1,
        about: "plans the fewest plays for its hand, keeps bombs for when they win, \
                cooperates as a farmer and bids by hand strength",
        build: |setup| {
            Typed::<doudizhu::Game, _>::boxed(Doudizhu(doudizhu::PlannerBot::new()), setup.seed)
        },
    },
    BotKind {
        name: "greedy",
        levels: 1,
        about: "answers with its cheapest play and bids by counting high cards",
        build: |setup| {
            Typed::<doudizhu::Game, _>::boxed(Doudizhu(doudizhu::GreedyBot::new()), setup.seed)
        },
    },
    BotKind::RANDOM,
];

/// Hearts' bots, the strongest first.
pub const HEARTS_BOTS: &[BotKind] = &[
    BotKind {
        name: "mc",
        levels: 1,
        about: "samples the hidden hands its seat's view allows and plays each card out \
                with the heuristic player, keeping the card that scores best",
        build: |setup| {
            Typed::<hearts::Game, _>::boxed(
                Hearts(hearts::MonteCarloBot::new(setup.seed)),
                setup.seed,
            )
        },
    },
    BotKind {
        name: "heuristic",
        levels: 1,
        about: "passes dangerous cards, ducks under the winning card, sheds Q♠ when void \
                and blocks a moon attempt",
        build: |setup| Typed::<hearts::Game, _>::boxed(Hearts(hearts::HeuristicBot), setup.seed),
    },
    BotKind {
        name: "rule",
        levels: 1,
        about: "plays its lowest safe card by rules of thumb",
        build: |setup| Typed::<hearts::Game, _>::boxed(Hearts(hearts::RuleBot), setup.seed),
    },
    BotKind::RANDOM,
];

/// A `doudizhu::Bot` seen through the game interface.
struct Doudizhu<B>(B);

impl<B: doudizhu::Bot + Send> ViewBot<doudizhu::Game> for Doudizhu<B> {
    fn choose(&mut self, view: &doudizhu::View, _legal: &[LegalAction]) -> Option<String> {
        let action = match view.phase {
            doudizhu::Phase::Bidding => Action::Bid(self.0.bid(view)),
            doudizhu::Phase::Playing => Action::Move(self.0.play(view)),
            doudizhu::Phase::Finished | doudizhu::Phase::AllPassed => return None,
        };
        Some(action.to_string())
    }
}

/// A `hearts::Bot` seen through the game interface, where a pass is three picks of one card.
struct Hearts<B>(B);

impl<B: hearts::Bot + Send> ViewBot<hearts::Game> for Hearts<B> {
    fn choose(&mut self, view: &hearts::View, _legal: &[LegalAction]) -> Option<String> {
        let card = match view.phase() {
            hearts::Phase::Passing => {
                let pass = self.0.choose_pass(view);
                pass.difference(view.picked()).first()?
            }
            hearts::Phase::Playing => self.0.choose_play(view),
            hearts::Phase::Over => return None,
        };
        Some(card.to_string())
    }
}

#[cfg(test)]
mod tests {
    use game::{GameState, Turn, Viewer};

    use hearts::Bot as _;

    use super::*;
    use crate::bot::{Bot, BotSetup};

    fn legal<G: GameState>(game: &G, seat: usize) -> Vec<LegalAction> {
        let mut actions = Vec::new();
        game.legal_actions(seat, &mut actions);
        actions
            .iter()
            .map(|&a| LegalAction {
                id: game.action_id(a),
                text: a.to_string(),
            })
            .collect()
    }

    /// Plays a whole game with one kind in every seat, each seat's bot fed that seat's view
    /// as JSON; every answer must be legal (a fallback to random would hide a bug, so the
    /// typed bot is asked directly as well).
    fn plays_out<G: GameState>(kind: &BotKind, mut game: G, max_plies: usize) -> usize {
        let settings = serde_json::Value::Null;
        let mut bots: Vec<Box<dyn Bot>> = (0..game.num_seats())
            .map(|seat| {
                (kind.build)(&BotSetup {
                    settings: &settings,
                    level: 1,
                    seed: seat as u64,
                })
            })
            .collect();
        for ply in 0..max_plies {
            let seat = match game.turn() {
                Turn::Over => return ply,
                Turn::Seat(seat) => seat,
                Turn::Simultaneous(seats) => seats.iter().next().expect("someone acts"),
            };
            let view = serde_json::to_value(game.view(Viewer::Seat(seat))).unwrap();
            let legal = legal(&game, seat);
            let pick = bots[seat].choose(seat, &view, &legal);
            let action = game.parse_action(seat, &legal[pick].text).unwrap();
            GameState::play(&mut game, seat, action).unwrap();
        }
        panic!("{} did not finish in {max_plies} plies", G::NAME);
    }

    #[test]
    fn every_doudizhu_bot_plays_a_deal_to_its_end() {
        for kind in DOUDIZHU_BOTS {
            let game = doudizhu::Game::new(doudizhu::Settings::default(), 7);
            assert!(plays_out(kind, game, 400) > 0, "{}", kind.name);
        }
    }

    #[test]
    fn every_hearts_bot_plays_a_game_to_its_end() {
        for kind in HEARTS_BOTS {
            let game = <hearts::Game as GameState>::new(&hearts::Settings::default(), 7).unwrap();
            assert!(plays_out(kind, game, 20_000) > 0, "{}", kind.name);
        }
    }

    #[test]
    fn the_planner_answers_from_the_view_without_falling_back() {
        let game = doudizhu::Game::new(doudizhu::Settings::default(), 3);
        let seat = game.state().to_move();
        let view = GameState::view(&game, Viewer::Seat(seat.index()));
        let legal = legal(&game, seat.index());
        let answer = Doudizhu(doudizhu::PlannerBot::new())
            .choose(&view, &legal)
            .unwrap();
        assert!(legal.iter().any(|a| a.text == answer), "{answer}");
    }

    #[test]
    fn the_heuristic_picks_its_pass_one_card_at_a_time() {
        let mut game = <hearts::Game as GameState>::new(&hearts::Settings::default(), 5).unwrap();
        let mut bot = Hearts(hearts::HeuristicBot);
        let full = hearts::HeuristicBot.choose_pass(&GameState::view(&game, Viewer::Seat(0)));
        let mut picked = Vec::new();
        for _ in 0..3 {
            let view = GameState::view(&game, Viewer::Seat(0));
            let text = bot.choose(&view, &legal(&game, 0)).unwrap();
            let card = game.parse_action(0, &text).unwrap();
            GameState::play(&mut game, 0, card).unwrap();
            picked.push(card);
        }
        // The game refuses a card picked twice, so three plays are three distinct cards.
        assert_eq!(full.len(), 3);
        assert!(picked.iter().all(|&card| full.contains(card)), "{picked:?}");
    }
}
