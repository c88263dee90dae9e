//! Table actions: resign, offer / accept / decline a draw, undo. Each over real WebSocket
//! clients: what everyone sees, the record, a restart replaying them from the log, bots
//! answering an offer, and every misuse refused with its own code, changing nothing.

mod common;

use std::sync::Arc;
use std::time::{Duration, Instant};

use common::*;
use netplay::{
    Bot, BotChoice, BotKind, BotSetup, Client, ClientMessage, Config, LegalAction, Registry,
    ServerMessage, SqliteStorage, StateUpdate, TableAction, TableCode, codes,
};
use serde_json::{Value, json};

/// A table of `game` with `settings` between ann (seat 0, the host) and bob, started, and a
/// spectator; each has had the first state.
async fn two_players(
    server: &TestServer,
    game: &str,
    settings: Value,
) -> (TableCode, Client, Client, Client) {
    let mut ann = server.client().await;
    let (code, _) = create(&mut ann, game, settings, Some("ann")).await;
    let mut bob = server.client().await;
    join(&mut bob, &code, "bob").await;
    let mut eve = server.client().await;
    eve.send(&ClientMessage::Spectate { code: code.clone() })
        .await
        .unwrap();
    ann.send(&ClientMessage::Start).await.unwrap();
    for client in [&mut ann, &mut bob, &mut eve] {
        state(client).await;
    }
    (code, ann, bob, eve)
}

async fn send(client: &mut Client, message: ClientMessage) {
    client.send(&message).await.unwrap();
}

/// Sends `message` and returns the error code it is refused with.
async fn refused(client: &mut Client, message: ClientMessage) -> String {
    send(client, message).await;
    error_code(client).await
}

/// The `ack` of the sender's last action.
async fn ack(client: &mut Client) -> (usize, String) {
    within(client.recv_until(|m| match m {
        ServerMessage::Ack { ply, action } => Some((*ply, action.clone())),
        ServerMessage::Error { code, message } => panic!("refused: {code}: {message}"),
        _ => None,
    }))
    .await
    .unwrap()
}

/// The result's winners, as seats.
async fn winners(client: &mut Client) -> Vec<usize> {
    within(client.recv_until(|m| match m {
        ServerMessage::Result { outcome, .. } => Some(outcome.winners.iter().collect()),
        _ => None,
    }))
    .await
    .unwrap()
}

/// The first legal move's text in `state`.
fn first_move(state: &StateUpdate) -> String {
    state.legal[0].text.clone()
}

#[tokio::test]
async fn a_xiangqi_draw_is_offered_declined_lapses_and_is_agreed_with_every_misuse_refused() {
    let server = TestServer::start(&temp_dir("draw"), Config::default()).await;
    let (code, mut ann, mut bob, mut eve) = two_players(&server, "xiangqi", Value::Null).await;

    // Misuse before any offer.
    assert_eq!(
        refused(&mut eve, ClientMessage::OfferDraw).await,
        codes::NOT_SEATED
    );
    assert_eq!(
        refused(&mut eve, ClientMessage::Resign).await,
        codes::NOT_SEATED
    );
    assert_eq!(
        refused(&mut bob, ClientMessage::AcceptDraw).await,
        codes::NO_DRAW_OFFER
    );
    assert_eq!(
        refused(&mut bob, ClientMessage::DeclineDraw).await,
        codes::NO_DRAW_OFFER
    );
    assert_eq!(
        refused(&mut ann, ClientMessage::Undo).await,
        codes::NOT_SOLO
    );

    // Ann offers; everyone sees the offer; only bob may answer it.
    send(&mut ann, ClientMessage::OfferDraw).await;
    assert_eq!(ack(&mut ann).await, (1, "#offer_draw".to_owned()));
    let ann_sees = state_at(&mut ann, 1).await;
    assert_eq!(ann_sees.draw_offer, Some(0));
    assert_eq!(ann_sees.table_actions, [TableAction::Resign]);
    let seen = state_at(&mut bob, 1).await;
    assert_eq!(
        seen.table_actions,
        [
            TableAction::Resign,
            TableAction::AcceptDraw,
            TableAction::DeclineDraw
        ]
    );
    let watched = state_at(&mut eve, 1).await;
    assert_eq!(
        (watched.draw_offer, watched.table_actions.len()),
        (Some(0), 0)
    );
    assert_eq!(
        refused(&mut ann, ClientMessage::OfferDraw).await,
        codes::ALREADY_OFFERED
    );
    assert_eq!(
        refused(&mut bob, ClientMessage::OfferDraw).await,
        codes::ALREADY_OFFERED
    );
    assert_eq!(
        refused(&mut ann, ClientMessage::AcceptDraw).await,
        codes::OWN_OFFER
    );
    assert_eq!(
        refused(&mut ann, ClientMessage::DeclineDraw).await,
        codes::OWN_OFFER
    );

    // The offerer's own move keeps it; bob declines it.
    act(&mut ann, &first_move(&ann_sees)).await;
    let after = state_at(&mut bob, 2).await;
    assert_eq!(
        after.draw_offer,
        Some(0),
        "the offerer's move keeps the offer"
    );
    send(&mut bob, ClientMessage::DeclineDraw).await;
    assert_eq!(ack(&mut bob).await, (3, "#decline_draw".to_owned()));
    assert_eq!(state_at(&mut eve, 3).await.draw_offer, None);

    // Ann offers again; bob moves instead, and the offer lapses.
    send(&mut ann, ClientMessage::OfferDraw).await;
    ack(&mut ann).await;
    let offered = state_at(&mut bob, 4).await;
    act(&mut bob, &first_move(&offered)).await;
    let lapsed = state_at(&mut eve, 5).await;
    assert_eq!(lapsed.draw_offer, None, "bob's move lapses the offer");
    assert_eq!(
        refused(&mut bob, ClientMessage::AcceptDraw).await,
        codes::NO_DRAW_OFFER
    );

    // Bob offers and ann accepts: a draw by agreement, for everyone.
    send(&mut bob, ClientMessage::OfferDraw).await;
    ack(&mut bob).await;
    state_at(&mut ann, 6).await;
    send(&mut ann, ClientMessage::AcceptDraw).await;
    assert_eq!(ack(&mut ann).await, (7, "#accept_draw".to_owned()));
    let end = state_at(&mut eve, 7).await;
    assert_eq!(end.view["outcome"], json!({"draw": "agreement"}));
    assert_eq!(winners(&mut eve).await, Vec::<usize>::new());
    assert_eq!(refused(&mut bob, ClientMessage::Resign).await, "game_over");

    let pgn = http_get(&format!(
        "http://{}/tables/{code}/games/1?format=pgn",
        server.addr
    ))
    .await;
    assert!(pgn.contains("[Result \"1/2-1/2\"]"), "{pgn}");
    assert!(pgn.contains("[Termination \"draw agreed\"]"), "{pgn}");
    let moves = http_get(&format!(
        "http://{}/tables/{code}/games/1?format=iccs",
        server.addr
    ))
    .await;
    assert_eq!(moves.split_whitespace().count(), 2, "{moves}");
    server.stop().await;
}

#[tokio::test]
async fn resigning_ends_xiangqi_and_gomoku_for_the_other_seat_and_the_pgn_says_so() {
    let server = TestServer::start(&temp_dir("resign"), Config::default()).await;
    let (code, mut ann, mut bob, mut eve) = two_players(&server, "xiangqi", Value::Null).await;
    act(&mut ann, "h2e2").await;
    state_at(&mut bob, 1).await;
    send(&mut bob, ClientMessage::Resign).await;
    assert_eq!(ack(&mut bob).await, (2, "#resign".to_owned()));
    let end = state_at(&mut eve, 2).await;
    assert_eq!(
        end.view["outcome"],
        json!({"win": {"winner": "red", "reason": "resignation"}})
    );
    assert_eq!(
        state_at(&mut bob, 2).await.table_actions,
        [],
        "no table action once the game is over"
    );
    assert_eq!(winners(&mut eve).await, [0]);
    let pgn = http_get(&format!(
        "http://{}/tables/{code}/games/1?format=pgn",
        server.addr
    ))
    .await;
    assert!(pgn.contains("[Result \"1-0\"]"), "{pgn}");
    assert!(pgn.contains("[Termination \"Black resigns\"]"), "{pgn}");

    let (_, mut ann, _, mut eve) = two_players(&server, "gomoku", Value::Null).await;
    send(&mut ann, ClientMessage::Resign).await;
    ack(&mut ann).await;
    let end = state_at(&mut eve, 1).await;
    assert_eq!(end.view["declared"], json!({"resigned": {"seat": 0}}));
    assert_eq!(winners(&mut eve).await, [1]);
    server.stop().await;
}

#[tokio::test]
async fn games_without_declarations_refuse_them_as_not_offered() {
    let server = TestServer::start(&temp_dir("not-offered"), Config::default()).await;
    let mut ann = server.client().await;
    create(&mut ann, "hearts", Value::Null, Some("ann")).await;
    send(&mut ann, ClientMessage::FillBots).await;
    send(&mut ann, ClientMessage::Start).await;
    let first = state(&mut ann).await;
    assert_eq!(first.table_actions, []);
    assert_eq!(
        refused(&mut ann, ClientMessage::Resign).await,
        codes::NOT_OFFERED
    );
    assert_eq!(
        refused(&mut ann, ClientMessage::OfferDraw).await,
        codes::NOT_OFFERED
    );
    assert_eq!(
        refused(&mut ann, ClientMessage::Undo).await,
        codes::NOT_SOLO
    );
    server.stop().await;
}

/// Creates and starts a solo Klondike table for ann; returns the code, her token and the
/// first state.
async fn klondike(server: &TestServer) -> (TableCode, netplay::Token, Client, StateUpdate) {
    let mut ann = server.client().await;
    let (code, token) = create(&mut ann, "klondike", json!({"draw": 1}), Some("ann")).await;
    send(&mut ann, ClientMessage::Start).await;
    let first = state(&mut ann).await;
    (code, token, ann, first)
}

#[tokio::test]
async fn klondike_undo_takes_back_moves_until_none_is_left_and_survives_a_restart() {
    let dir = temp_dir("undo");
    let server = TestServer::start(&dir, Config::default()).await;
    let (code, token, mut ann, first) = klondike(&server).await;
    assert_eq!(first.table_actions, [], "nothing to undo yet");
    assert_eq!(
        refused(&mut ann, ClientMessage::Undo).await,
        codes::NOTHING_TO_UNDO
    );
    assert_eq!(
        refused(&mut ann, ClientMessage::Resign).await,
        codes::NOT_OFFERED
    );
    act(&mut ann, "stock").await;
    let one = state_at(&mut ann, 1).await;
    assert_eq!(one.table_actions, [TableAction::Undo]);
    act(&mut ann, "stock").await;
    let two = state_at(&mut ann, 2).await;
    send(&mut ann, ClientMessage::Undo).await;
    assert_eq!(ack(&mut ann).await, (3, "#undo".to_owned()));
    let undone = state_at(&mut ann, 3).await;
    assert_eq!(undone.view, one.view, "one stock turn taken back");
    assert_ne!(undone.view, two.view);
    server.stop().await;

    // The restarted server replays the undo from the log.
    let server = TestServer::start(&dir, Config::default()).await;
    let mut back = server.client().await;
    send(
        &mut back,
        ClientMessage::Resume {
            code: code.clone(),
            token,
        },
    )
    .await;
    let resumed = state(&mut back).await;
    assert_eq!((resumed.ply, &resumed.view), (3, &one.view));
    send(&mut back, ClientMessage::Undo).await;
    ack(&mut back).await;
    let start = state_at(&mut back, 4).await;
    assert_eq!(start.view, first.view, "back at the deal");
    assert_eq!(start.table_actions, []);
    assert_eq!(
        refused(&mut back, ClientMessage::Undo).await,
        codes::NOTHING_TO_UNDO
    );
    server.stop().await;
}

#[tokio::test]
async fn a_pending_offer_survives_a_restart() {
    let dir = temp_dir("offer-restart");
    let server = TestServer::start(&dir, Config::default()).await;
    let mut ann = server.client().await;
    let (code, _) = create(&mut ann, "xiangqi", Value::Null, Some("ann")).await;
    let mut bob = server.client().await;
    let (_, bob_token) = join(&mut bob, &code, "bob").await;
    send(&mut ann, ClientMessage::Start).await;
    state(&mut ann).await;
    send(&mut ann, ClientMessage::OfferDraw).await;
    ack(&mut ann).await;
    server.stop().await;

    let server = TestServer::start(&dir, Config::default()).await;
    let mut bob = server.client().await;
    send(
        &mut bob,
        ClientMessage::Resume {
            code,
            token: bob_token,
        },
    )
    .await;
    let resumed = state(&mut bob).await;
    assert_eq!(resumed.draw_offer, Some(0));
    send(&mut bob, ClientMessage::AcceptDraw).await;
    ack(&mut bob).await;
    assert_eq!(winners(&mut bob).await, Vec::<usize>::new());
    server.stop().await;
}

/// Ann plays Red against the engine at level 1 from `fen`: she offers a draw and moves;
/// returns what the table does next.
async fn offer_to_the_engine(fen: &str) -> (StateUpdate, Client, TestServer) {
    let server = TestServer::start(&temp_dir("bot-draw"), Config::default()).await;
    let mut ann = server.client().await;
    create(&mut ann, "xiangqi", json!({ "fen": fen }), Some("ann")).await;
    send(
        &mut ann,
        ClientMessage::SeatBot {
            seat: Some(1),
            bot: BotChoice {
                kind: "engine".into(),
                level: 1,
            },
        },
    )
    .await;
    send(&mut ann, ClientMessage::Start).await;
    state(&mut ann).await;
    send(&mut ann, ClientMessage::OfferDraw).await;
    ack(&mut ann).await;
    let offered = state_at(&mut ann, 1).await;
    act(&mut ann, &first_move(&offered)).await;
    ack(&mut ann).await;
    let answered = state_at(&mut ann, 3).await;
    (answered, ann, server)
}

#[tokio::test]
async fn the_xiangqi_engine_accepts_a_draw_when_behind_and_declines_when_ahead() {
    // Red has both chariots against a bare general: the engine (Black) takes the draw.
    let (answered, mut ann, server) = offer_to_the_engine("3k5/9/9/9/9/9/9/9/9/R3K3R w").await;
    assert_eq!(answered.view["outcome"], json!({"draw": "agreement"}));
    assert_eq!(winners(&mut ann).await, Vec::<usize>::new());
    server.stop().await;

    // Black has both chariots: the engine declines and plays on.
    let (answered, mut ann, server) = offer_to_the_engine("r3k3r/9/9/9/9/9/9/9/9/3K5 w").await;
    assert_eq!(
        (answered.draw_offer, &answered.view["outcome"]),
        (None, &Value::Null)
    );
    let moved = state_at(&mut ann, 4).await;
    assert_ne!(
        moved.view["last_move"], answered.view["last_move"],
        "the engine moved after declining"
    );
    assert_ne!(moved.view["outcome"], json!({"draw": "agreement"}));
    server.stop().await;
}

/// A bot that takes far longer than any deadline.
struct Sleeper;

impl Bot for Sleeper {
    fn choose(&mut self, _seat: usize, _view: &Value, _legal: &[LegalAction]) -> usize {
        std::thread::sleep(SLEEP);
        0
    }
}

const SLEEP: Duration = Duration::from_secs(3);

const SLEEPER: BotKind = BotKind {
    name: "sleeper",
    levels: 1,
    about: "sleeps three seconds per move",
    build: |_: &BotSetup| Box::new(Sleeper),
};

#[tokio::test]
async fn a_bot_past_its_deadline_is_replaced_by_the_fallback_for_that_move() {
    let registry = Registry::new()
        .with::<nim::SecretNim>()
        .with_bots("nim", &[SLEEPER], 1);
    let mut config = Config::default();
    config.times.bot_deadline = Duration::from_millis(100);
    let storage = Arc::new(SqliteStorage::open_dir(&temp_dir("deadline")).unwrap());
    let server = TestServer::start_with(storage, config, registry).await;
    let mut ann = server.client().await;
    create(&mut ann, "nim", nim(9), Some("ann")).await;
    send(&mut ann, ClientMessage::FillBots).await;
    send(&mut ann, ClientMessage::Start).await;
    state(&mut ann).await;
    let began = Instant::now();
    act(&mut ann, "bid 1").await;
    // Both bids are in once the bot's seat has bid: the fallback did, long before the
    // sleeper would have.
    let bids_in = within(ann.recv_until(|m| match m {
        ServerMessage::State(s) if s.ply >= 2 => Some(s.clone()),
        _ => None,
    }))
    .await
    .unwrap();
    assert!(bids_in.view["bids"].is_array(), "{}", bids_in.view);
    assert!(
        began.elapsed() < SLEEP,
        "the bot's move came after {:?}, not at its deadline",
        began.elapsed()
    );
    server.stop().await;
}
