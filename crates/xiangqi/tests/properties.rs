//! Property tests over random legal games (positions reached by replaying random indices
//! through the legal move list).

use proptest::prelude::*;
use proptest::sample::Index;
use xiangqi::{
    Color, Game, Move, Notation, Piece, Position, Role, RuleSet, Setup, Square, Validation,
    naive_legal_moves, read_pgn, write_pgn,
};

fn replay(indices: &[Index]) -> (Game, Vec<Position>) {
    let mut game = Game::with_rules(Position::default(), RuleSet::default());
    let mut seen = vec![*game.position()];
    for i in indices {
        let moves = game.position().legal_moves();
        if moves.is_empty() {
            break;
        }
        game.play(moves[i.index(moves.len())]).expect("legal move");
        seen.push(*game.position());
    }
    (game, seen)
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
            let fast = sorted(p.legal_moves().to_vec());
            prop_assert_eq!(&fast, &sorted(naive_legal_moves(p)), "{}", p.fen());
            for m in &fast {
                prop_assert!(p.is_legal(*m));
            }
        }
    }

    #[test]
    fn fen_and_hash_round_trip(indices in prop::collection::vec(any::<Index>(), 0..120)) {
        let (_, seen) = replay(&indices);
        for p in &seen {
            let back = Position::from_fen(&p.fen()).expect("reachable positions are strictly valid");
            prop_assert_eq!(back, *p);
            prop_assert_eq!(back.hash(), p.hash(), "incremental hash differs from scratch");
            prop_assert_eq!(p.fen().parse::<Setup>().map(|s| s.to_string()), Ok(p.fen()));
        }
    }

    #[test]
    fn every_notation_round_trips(indices in prop::collection::vec(any::<Index>(), 0..100)) {
        let (game, _) = replay(&indices);
        let p = game.position();
        for &m in &p.legal_moves() {
            for n in [Notation::Iccs, Notation::Wxf, Notation::ChineseSimplified, Notation::ChineseTraditional] {
                let text = p.write_move(m, n);
                prop_assert_eq!(p.parse_move(&text), Ok(m), "{:?} {} in {}", n, text, p.fen());
            }
        }
    }

    #[test]
    fn pgn_round_trips(indices in prop::collection::vec(any::<Index>(), 0..80), n in 0usize..4) {
        let (game, _) = replay(&indices);
        let notation = [Notation::Iccs, Notation::Wxf, Notation::ChineseSimplified, Notation::ChineseTraditional][n];
        let text = write_pgn(&game, notation, &[]);
        let back = read_pgn(&text, RuleSet::default()).expect("own pgn reads back");
        prop_assert_eq!(back.game.moves().collect::<Vec<_>>(), game.moves().collect::<Vec<_>>());
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
        let legal = game.position().legal_moves().contains(&m);
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
        let mirrored = sorted(p.legal_moves().iter().map(|m| m.flip_files()).collect());
        prop_assert_eq!(sorted(q.legal_moves().to_vec()), mirrored);
    }

    #[test]
    fn fast_generator_equals_naive_on_random_composed_positions(
        red_general in 0usize..9,
        black_general in 0usize..9,
        pieces in prop::collection::vec((0usize..90, 0usize..14), 0..16),
        black_to_move in any::<bool>(),
    ) {
        // Random pieces anywhere (permissive validation): odd pins, stacked cannons, soldiers
        // on their own back rank, several chariots on one line.
        let palace = |i: usize, rank0: u8| Square::new(3 + (i % 3) as u8, rank0 + (i / 3) as u8).unwrap();
        let mut setup = Setup::empty();
        setup.set(palace(red_general, 0), Some(Piece::new(Color::Red, Role::General)));
        setup.set(palace(black_general, 7), Some(Piece::new(Color::Black, Role::General)));
        for (sq, kind) in pieces {
            let sq = Square::from_index(sq).unwrap();
            let role = Role::ALL[1 + kind % 6];
            let color = if kind < 7 { Color::Red } else { Color::Black };
            if setup.get(sq).is_none() {
                setup.set(sq, Some(Piece::new(color, role)));
            }
        }
        setup.turn = if black_to_move { Color::Black } else { Color::Red };
        let mut flipped = setup;
        flipped.turn = setup.turn.other();
        // If the side not to move is in check, try the other side to move.
        let pos = Position::from_setup(setup, Validation::Permissive)
            .or_else(|_| Position::from_setup(flipped, Validation::Permissive));
        if let Ok(p) = pos {
            let fast = sorted(p.legal_moves().to_vec());
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

    #[test]
    fn parsers_never_panic(s in "\\PC{0,40}", t in "[rnbakcpRNBAKCPeEhH1-9/ wb-]{0,90}") {
        let _ = s.parse::<Setup>();
        let _ = Position::from_fen(&s);
        let _ = Position::from_fen_with(&t, Validation::Permissive);
        let _ = Position::from_fen(&t);
        let _ = s.parse::<Move>();
        let p = Position::default();
        let _ = p.parse_move(&s);
        let _ = read_pgn(&s, RuleSet::default());
    }

    #[test]
    fn notation_parsers_never_panic(s in "[+\\-.=1-9KAEBHNRCPkaehnrcp前中後后一二三四五六七八九帥將仕士相象傌馬马俥車车炮砲兵卒進进退平１９]{0,6}") {
        let p = Position::default();
        let _ = p.parse_move(&s);
        let _ = s.parse::<xiangqi::Description>();
    }
}
