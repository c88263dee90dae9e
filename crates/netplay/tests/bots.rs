//! The crates' bots and engines at the server: the list the welcome gives, the host's choice
//! of bot and level per seat, whole games against each game's strongest bot, an engine that
//! thinks without holding up any table, and a bot that is handed only its seat's view.

mod common;

use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use common::nim::SecretNim;
use common::*;
use game::{GameState, Viewer};
use netplay::{
    Bot, BotChoice, BotKind, BotSetup, ClientMessage, Config, GameRecord, LegalAction, Registry,
    ServerMessage, SqliteStorage, TableInfo, codes,
};
use serde_json::Value;

fn choice(kind: &str, level: u8) -> BotChoice {
    BotChoice {
        kind: kind.into(),
        level,
    }
}

/// Skips messages until a `table` for which `done` holds.
async fn table_until(client: &mut netplay::Client, done: impl Fn(&TableInfo) -> bool) -> TableInfo {
    within(client.recv_until(|m| match m {
        ServerMessage::Table(info) if done(info) => Some(info.clone()),
        ServerMessage::Error { code, message } => panic!("refused: {code}: {message}"),
        _ => None,
    }))
    .await
    .unwrap()
}

/// Seats `bot` in `seat`.
async fn seat_bot(client: &mut netplay::Client, seat: usize, bot: BotChoice) {
    client
        .send(&ClientMessage::SeatBot {
            seat: Some(seat),
            bot,
        })
        .await
        .unwrap();
}

/// The finished game `1` of `code`, as the server logs it.
async fn record(server: &TestServer, code: &netplay::TableCode) -> GameRecord {
    let url = format!("http://{}/tables/{code}/games/1", server.addr);
    serde_json::from_str(&http_get(&url).await).unwrap()
}

#[tokio::test]
async fn the_welcome_lists_each_games_bots_strongest_first_with_its_default() {
    let server = TestServer::start(&temp_dir("bot-list"), Config::default()).await;
    let client = server.client().await;
    let listed: Vec<String> = client
        .bots()
        .iter()
        .map(|g| {
            let kinds: Vec<String> = g
                .kinds
                .iter()
                .map(|k| format!("{} {}", k.kind, k.levels))
                .collect();
            format!(
                "{}: {}; default {} {}",
                g.game,
                kinds.join(", "),
                g.default.kind,
                g.default.level
            )
        })
        .collect();
    // PROTOCOL.md's table of bots: per game, each kind with its number of levels.
    let expected = [
        "doudizhu: planner 1, greedy 1, random 1; default planner 1",
        "hearts: mc 1, heuristic 1, rule 1, random 1; default mc 1",
        "xiangqi: engine 8, baseline 1, random 1; default engine 4",
        "gomoku: brain 6, threat 1, random 1; default brain 4",
        "klondike: random 1; default random 1",
        "nim: random 1; default random 1",
    ];
    assert_eq!(listed, expected);
    assert!(
        client
            .bots()
            .iter()
            .all(|g| g.kinds.iter().all(|k| !k.about.is_empty()))
    );
    server.stop().await;
}

#[tokio::test]
async fn the_host_seats_a_chosen_bot_per_seat_and_a_hearts_game_plays_to_its_end() {
    let server = TestServer::start(&temp_dir("bot-seats"), Config::default()).await;
    let mut ann = server.client().await;
    let (code, _) = create(&mut ann, "hearts", Value::Null, Some("ann")).await;
    seat_bot(&mut ann, 1, choice("rule", 1)).await;
    seat_bot(&mut ann, 2, choice("random", 1)).await;
    // A bot's seat takes another bot before the start.
    seat_bot(&mut ann, 2, choice("heuristic", 1)).await;
    ann.send(&ClientMessage::FillBots).await.unwrap();
    let info = table_until(&mut ann, |t| {
        t.seats.iter().all(|s| s.kind != netplay::SeatKind::Empty)
    })
    .await;
    let bots: Vec<Option<BotChoice>> = info.seats.iter().map(|s| s.bot.clone()).collect();
    assert_eq!(
        bots,
        [
            None,
            Some(choice("rule", 1)),
            Some(choice("heuristic", 1)),
            Some(choice("mc", 1))
        ]
    );
    assert_eq!(info.seats[1].name.as_deref(), Some("rule bot 2"));
    ann.send(&ClientMessage::Start).await.unwrap();
    let (mut ann, seen) = play_out(ann).await;
    assert!(matches!(seen.last(), Some(ServerMessage::Result { .. })));
    seat_bot(&mut ann, 1, choice("random", 1)).await;
    assert_eq!(error_code(&mut ann).await, codes::ALREADY_STARTED);
    let record = record(&server, &code).await;
    assert!(record.actions.iter().filter(|a| a.seat != 0).count() > 100);
    server.stop().await;
}

#[tokio::test]
async fn seat_bot_refuses_what_the_game_does_not_offer_and_changes_nothing() {
    let server = TestServer::start(&temp_dir("bot-refusals"), Config::default()).await;
    let mut ann = server.client().await;
    let (code, _) = create(&mut ann, "doudizhu", Value::Null, Some("ann")).await;
    let mut bob = server.client().await;
    join(&mut bob, &code, "bob").await;
    for (seat, bot, expected) in [
        (2, choice("mcts", 1), codes::UNKNOWN_BOT),
        (2, choice("planner", 2), codes::UNKNOWN_BOT),
        (2, choice("planner", 0), codes::UNKNOWN_BOT),
        (1, choice("planner", 1), codes::SEAT_TAKEN),
        (0, choice("planner", 1), codes::SEAT_TAKEN),
        (3, choice("planner", 1), codes::NO_SUCH_SEAT),
    ] {
        seat_bot(&mut ann, seat, bot).await;
        assert_eq!(error_code(&mut ann).await, expected, "seat {seat}");
    }
    seat_bot(&mut bob, 2, choice("planner", 1)).await;
    assert_eq!(error_code(&mut bob).await, codes::NOT_HOST);
    ann.send(&ClientMessage::Start).await.unwrap();
    assert_eq!(
        error_code(&mut ann).await,
        codes::SEATS_EMPTY,
        "seat 2 is still empty"
    );
    // Greedy in the last seat; the planner (the default) is not needed: play it out.
    seat_bot(&mut ann, 2, choice("greedy", 1)).await;
    let info = table_until(&mut ann, |t| t.seats[2].kind == netplay::SeatKind::Bot).await;
    assert_eq!(info.seats[2].bot, Some(choice("greedy", 1)));
    ann.send(&ClientMessage::Start).await.unwrap();
    let (ann_done, bob_done) = tokio::join!(play_seeded(ann, 0), play_seeded(bob, 1));
    assert!(matches!(
        ann_done.1.last(),
        Some(ServerMessage::Result { .. })
    ));
    assert!(matches!(
        bob_done.1.last(),
        Some(ServerMessage::Result { .. })
    ));
    server.stop().await;
}

/// A whole game of `game` between a seeded client at seat 0 and `bot` at seat 1; the bot's
/// seat must win it.
async fn the_bot_beats_a_random_player(game: &str, bot: BotChoice) {
    let server = TestServer::start(&temp_dir(game), Config::default()).await;
    let mut ann = server.client().await;
    let (code, _) = create(&mut ann, game, Value::Null, Some("ann")).await;
    seat_bot(&mut ann, 1, bot).await;
    ann.send(&ClientMessage::Start).await.unwrap();
    let (_, seen) = play_out(ann).await;
    let Some(ServerMessage::Result { outcome, .. }) = seen.last() else {
        panic!("no result");
    };
    assert_eq!(
        outcome.winners.iter().collect::<Vec<_>>(),
        [1],
        "{game}: {outcome:?}"
    );
    let record = record(&server, &code).await;
    assert!(record.actions.iter().any(|a| a.seat == 1));
    server.stop().await;
}

#[tokio::test]
async fn the_xiangqi_engine_beats_a_random_player() {
    the_bot_beats_a_random_player("xiangqi", choice("engine", 3)).await;
}

#[tokio::test]
async fn the_gomoku_brain_beats_a_random_player() {
    the_bot_beats_a_random_player("gomoku", choice("brain", 1)).await;
}

#[tokio::test]
async fn a_thinking_engine_holds_up_neither_its_table_nor_another() {
    let server = TestServer::start(&temp_dir("bot-think"), Config::default()).await;
    let mut ann = server.client().await;
    let (code, _) = create(&mut ann, "xiangqi", Value::Null, Some("ann")).await;
    // The strongest level thinks 2 s per move.
    seat_bot(&mut ann, 1, choice("engine", 8)).await;
    ann.send(&ClientMessage::Start).await.unwrap();
    state(&mut ann).await;
    act(&mut ann, "h2e2").await;
    state_at(&mut ann, 1).await;

    // While the engine thinks, its own table lets a spectator in…
    let mut eve = server.client().await;
    eve.send(&ClientMessage::Spectate { code: code.clone() })
        .await
        .unwrap();
    let watching =
        within(eve.recv_until(|m| matches!(m, ServerMessage::Watching { .. }).then_some(())));
    // …and a whole game at another table is played.
    let mut bob = server.client().await;
    let (nim_code, _) = create(&mut bob, "nim", nim(6), Some("bob")).await;
    let mut cat = server.client().await;
    join(&mut cat, &nim_code, "cat").await;
    bob.send(&ClientMessage::Start).await.unwrap();
    let (nim_game, watched) = tokio::join!(
        async { tokio::join!(play_seeded(bob, 0), play_seeded(cat, 1)) },
        watching
    );
    watched.unwrap();
    let others_done = Instant::now();
    assert!(matches!(
        nim_game.0.1.last(),
        Some(ServerMessage::Result { .. })
    ));
    let engine_moved = {
        state_at(&mut ann, 2).await;
        Instant::now()
    };
    assert!(
        others_done < engine_moved,
        "the other table finished only after the engine answered"
    );
    server.stop().await;
}

/// Every (seat, view, legal actions) the recording bot was handed.
static HANDED: Mutex<Vec<(usize, Value, Vec<LegalAction>)>> = Mutex::new(Vec::new());

/// Plays the first legal action, recording what it was given.
struct Recorder;

impl Bot for Recorder {
    fn choose(&mut self, seat: usize, view: &Value, legal: &[LegalAction]) -> usize {
        HANDED
            .lock()
            .unwrap()
            .push((seat, view.clone(), legal.to_vec()));
        0
    }
}

const RECORDER: BotKind = BotKind {
    name: "recorder",
    levels: 1,
    about: "records what it is handed",
    build: |_: &BotSetup| Box::new(Recorder),
};

#[tokio::test]
async fn a_bot_is_handed_its_seats_view_and_legal_actions_and_nothing_else() {
    let registry = Registry::new()
        .with::<SecretNim>()
        .with_bots(SecretNim::NAME, &[RECORDER], 1);
    let storage = Arc::new(SqliteStorage::open_dir(&temp_dir("bot-view")).unwrap());
    let server = TestServer::start_with(storage, Config::default(), registry).await;
    let mut ann = server.client().await;
    let (code, _) = create(&mut ann, "nim", nim(9), Some("ann")).await;
    ann.send(&ClientMessage::FillBots).await.unwrap();
    ann.send(&ClientMessage::Start).await.unwrap();
    play_out(ann).await;
    let record = record(&server, &code).await;
    server.stop().await;

    // Seat 1's view and legal actions at every ply of the game, from the rules.
    let settings = serde_json::from_value(record.settings.clone()).unwrap();
    let mut game = SecretNim::new(&settings, record.seed).unwrap();
    let seat_one = |game: &SecretNim| {
        let mut actions = Vec::new();
        game.legal_actions(1, &mut actions);
        let legal: Vec<LegalAction> = actions
            .iter()
            .map(|&a| LegalAction {
                id: game.action_id(a),
                text: a.to_string(),
            })
            .collect();
        (
            serde_json::to_value(game.view(Viewer::Seat(1))).unwrap(),
            legal,
        )
    };
    let mut allowed = vec![seat_one(&game)];
    for logged in &record.actions {
        let action = game.parse_action(logged.seat, &logged.action).unwrap();
        game.play(logged.seat, action).unwrap();
        allowed.push(seat_one(&game));
    }
    let ann_card = game.cards()[0].clone();
    let handed = HANDED.lock().unwrap().clone();
    let bot_actions = record.actions.iter().filter(|a| a.seat == 1).count();
    assert_eq!(handed.len(), bot_actions, "asked once per action it took");
    for (seat, view, legal) in handed {
        assert_eq!(seat, 1);
        assert!(
            allowed.contains(&(view.clone(), legal)),
            "not seat 1's view at any ply: {view}"
        );
        assert!(
            !view.to_string().contains(&ann_card),
            "seat 0's card leaked: {view}"
        );
    }
}

#[tokio::test]
async fn an_away_player_is_replaced_by_the_games_default_bot() {
    let config = Config {
        times: netplay::TableTimes {
            bot_delay: Duration::ZERO,
            away_timeout: Duration::from_millis(50),
            bot_deadline: Duration::from_secs(5),
        },
        ..Config::default()
    };
    let server = TestServer::start(&temp_dir("bot-away"), config).await;
    let mut ann = server.client().await;
    let (code, _) = create(&mut ann, "gomoku", Value::Null, Some("ann")).await;
    let mut bob = server.client().await;
    join(&mut bob, &code, "bob").await;
    ann.send(&ClientMessage::Start).await.unwrap();
    bob.close().await.unwrap();
    // Bob's seat is played by the brain (level 4) until the end; ann plays at random.
    let (_, seen) = play_out(ann).await;
    let Some(ServerMessage::Result { outcome, .. }) = seen.last() else {
        panic!("no result");
    };
    assert_eq!(
        outcome.winners.iter().collect::<Vec<_>>(),
        [1],
        "{outcome:?}"
    );
    server.stop().await;
}
