//! Property tests over random legal games (positions reached by replaying random indices
//! through the legal move list).

mod common;

use common::{legal_moves, naive_legal_moves};
use proptest::prelude::*;
use proptest::sample::Index;
use xiangqi::{
    Color, Game, Move, Notation, Piece, Position, Role, RuleSet, Setup, Square, Validation,
    read_pgn, write_pgn,
};

const NOTATIONS: [Notation; 4] = [
    Notation::Iccs,
    Notation::Wxf,
    Notation::ChineseSimplified,
    Notation::ChineseTraditional,
];

/// A game from `start` with the moves the indices pick from the legal move lists (it stops
/// early when the game is over), and every position it went through.
fn replay_from(start: Position, indices: &[Index]) -> (Game, Vec<Position>) {
    let mut game = Game::new(start);
    let mut seen = vec![start];
    for i in indices {
        let moves = legal_moves(game.position());
        if moves.is_empty() || game.outcome().is_some() {
            break;
        }
        game.play(moves[i.index(moves.len())]).expect("legal move");
        seen.push(*game.position());
    }
    (game, seen)
}

fn replay(indices: &[Index]) -> (Game, Vec<Position>) {
    replay_from(Position::default(), indices)
}

/// A composed position (permissive): both generals, `pieces` as (point, kind) pairs where
/// free (up to 16 a side), and for each side a file of up to five soldiers across the river
/// (tandem soldiers).
/// `None` when the side not to move is in check either way round.
fn composed(
    generals: (usize, usize),
    pieces: &[(usize, usize)],
    tandem: [(u8, u8); 2],
    black_to_move: bool,
) -> Option<Position> {
    let palace = |i: usize, rank0: u8| Square::new(3 + (i % 3) as u8, rank0 + (i / 3) as u8);
    let mut setup = Setup::empty();
    setup.set(
        palace(generals.0, 0)?,
        Some(Piece::new(Color::Red, Role::General)),
    );
    setup.set(
        palace(generals.1, 7)?,
        Some(Piece::new(Color::Black, Role::General)),
    );
    for (color, (file, count)) in Color::ALL.into_iter().zip(tandem) {
        for k in 0..count {
            let rank = if color == Color::Red { 5 + k } else { 4 - k };
            let sq = Square::new(file, rank)?;
            if setup.get(sq).is_none() {
                setup.set(sq, Some(Piece::new(color, Role::Soldier)));
            }
        }
    }
    for &(sq, kind) in pieces {
        let sq = Square::from_index(sq)?;
        let color = if kind < 7 { Color::Red } else { Color::Black };
        let count = setup
            .board
            .iter()
            .flatten()
            .filter(|p| p.color == color)
            .count();
        if setup.get(sq).is_none() && count < xiangqi::MAX_PIECES_PER_SIDE {
            setup.set(sq, Some(Piece::new(color, Role::ALL[1 + kind % 6])));
        }
    }
    setup.turn = if black_to_move {
        Color::Black
    } else {
        Color::Red
    };
    let mut flipped = setup;
    flipped.turn = setup.turn.other();
    Position::from_setup(setup, Validation::Permissive)
        .or_else(|_| Position::from_setup(flipped, Validation::Permissive))
        .ok()
}

fn sorted(mut v: Vec<Move>) -> Vec<Move> {
    v.sort();
    v
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

    #[test]
    fn fast_generator_equals_naive(indices in prop::collection::vec(any::<Index>(), 0..70)) {
        let (_, seen) = replay(&indices);
        for p in &seen {
            let fast = sorted(legal_moves(p));
            prop_assert_eq!(&fast, &sorted(naive_legal_moves(p)), "{}", p.fen());
            for m in &fast {
                prop_assert!(p.is_legal(*m));
            }
        }
    }

    #[test]
    fn fen_and_zobrist_key_round_trip(indices in prop::collection::vec(any::<Index>(), 0..120)) {
        let (_, seen) = replay(&indices);
        for p in &seen {
            let back = Position::from_fen(&p.fen()).expect("reachable positions are strictly valid");
            prop_assert_eq!(back, *p);
            prop_assert_eq!(back.zobrist_key(), p.zobrist_key(), "incremental key differs from scratch");
            prop_assert_eq!(p.fen().parse::<Setup>().map(|s| s.to_string()), Ok(p.fen()));
        }
    }

    #[test]
    fn every_notation_round_trips(indices in prop::collection::vec(any::<Index>(), 0..100)) {
        let (game, _) = replay(&indices);
        let p = game.position();
        for m in legal_moves(p) {
            for n in NOTATIONS {
                let text = p.write_move(m, n);
                prop_assert_eq!(p.parse_move(&text), Ok(m), "{:?} {} in {}", n, text, p.fen());
            }
        }
    }

    #[test]
    fn pgn_round_trips(indices in prop::collection::vec(any::<Index>(), 0..80), n in 0usize..4) {
        let (game, _) = replay(&indices);
        let text = write_pgn(&game, NOTATIONS[n], &[]);
        let back = read_pgn(&text, RuleSet::default(), Validation::Strict).expect("own pgn reads back");
        prop_assert_eq!(back.game.moves().collect::<Vec<_>>(), game.moves().collect::<Vec<_>>());
    }

    #[test]
    fn pgn_round_trips_with_tandem_soldiers_and_many_pieces(
        generals in (0usize..9, 0usize..9),
        pieces in prop::collection::vec((0usize..90, 0usize..14), 16..30),
        tandem in [(0u8..9, 2u8..6), (0u8..9, 2u8..6)],
        black_to_move in any::<bool>(),
        indices in prop::collection::vec(any::<Index>(), 0..40),
    ) {
        // Composed starts with more than 16 pieces and tandem soldiers (WXF `25.6`, Chinese
        // 前兵七平八), in every notation, through the `[FEN]` tag.
        let start = composed(generals, &pieces, tandem, black_to_move);
        prop_assume!(start.is_some_and(|p| p.pieces().count() > 16));
        let (game, _) = replay_from(start.unwrap(), &indices);
        for notation in NOTATIONS {
            let text = write_pgn(&game, notation, &[]);
            let back = read_pgn(&text, RuleSet::default(), Validation::Permissive)
                .map_err(|e| TestCaseError::fail(format!("{e}\n{text}")))?;
            prop_assert_eq!(back.game.start(), game.start());
            prop_assert_eq!(back.game.moves().collect::<Vec<_>>(), game.moves().collect::<Vec<_>>(), "{}", text);
        }
    }

    #[test]
    fn undo_restores_and_illegal_moves_change_nothing(
        indices in prop::collection::vec(any::<Index>(), 0..80),
        from in 0usize..90,
        to in 0usize..90,
    ) {
        let (mut game, seen) = replay(&indices);
        let (from, to) = (Square::from_index(from).unwrap(), Square::from_index(to).unwrap());
        let m = Move::new(from, to);
        let before = game.clone();
        let legal = legal_moves(game.position()).contains(&m);
        let mut pos = *game.position();
        prop_assert_eq!(pos.play(m).is_ok(), legal);
        if !legal {
            prop_assert_eq!(pos, *game.position());
            prop_assert!(game.play(m).is_err());
            prop_assert_eq!(&game, &before);
        }
        for expected in seen.iter().rev().skip(1) {
            game.undo();
            prop_assert_eq!(game.position(), expected);
        }
        prop_assert_eq!(*game.position(), Position::default());
    }

    #[test]
    fn mirror_positions_have_mirrored_moves(indices in prop::collection::vec(any::<Index>(), 0..80)) {
        let (game, _) = replay(&indices);
        let p = game.position();
        let mut s = p.to_setup();
        for sq in Square::all() {
            s.set(sq, p.piece_at(sq.flip_files()));
        }
        let q = Position::from_setup(s, Validation::Strict).expect("mirror is valid");
        let mirrored = sorted(legal_moves(p).iter().map(|m| m.flip_files()).collect());
        prop_assert_eq!(sorted(legal_moves(&q)), mirrored);
    }

    #[test]
    fn fast_generator_equals_naive_on_random_composed_positions(
        generals in (0usize..9, 0usize..9),
        pieces in prop::collection::vec((0usize..90, 0usize..14), 0..30),
        tandem in [(0u8..9, 0u8..6), (0u8..9, 0u8..6)],
        black_to_move in any::<bool>(),
    ) {
        // Random pieces anywhere (permissive validation): odd pins, stacked cannons, soldiers
        // on their own back rank, several chariots on one line, up to 16 pieces a side.
        if let Some(p) = composed(generals, &pieces, tandem, black_to_move) {
            let fast = sorted(legal_moves(&p));
            prop_assert_eq!(&fast, &sorted(naive_legal_moves(&p)), "{}", p.fen());
            prop_assert_eq!(p.outcome().is_some(), fast.is_empty());
            for m in &fast {
                prop_assert!(p.is_legal(*m));
                let mut q = p;
                q.play_unchecked(*m);
                prop_assert!(!q.is_attacked_general(p.turn()));
            }
        }
    }
}
