//! Finished games downloaded in each game's record format, over HTTP and with the `record`
//! message, each read back with its crate's reader and compared with the server's log; and
//! every refusal (a game in progress, a game never played, a format the game lacks).

mod common;

use common::*;
use game::GameState;
use netplay::{
    BotChoice, Client, ClientMessage, Config, GameRecord, RecordFormat, RecordText, ServerMessage,
    TableCode, codes,
};
use serde_json::Value;

/// A finished game of `game` between a client at seat 0 and bots (seat 1 as `bot`, the rest
/// the default): the server, the table and the host's connection.
async fn finished(game: &str, bot: &str, level: u8) -> (TestServer, TableCode, Client) {
    let server = TestServer::start(&temp_dir(&format!("record-{game}")), Config::default()).await;
    let mut ann = server.client().await;
    let (code, _) = create(&mut ann, game, Value::Null, Some("ann")).await;
    ann.send(&ClientMessage::SeatBot {
        seat: Some(1),
        bot: BotChoice {
            kind: bot.into(),
            level,
        },
    })
    .await
    .unwrap();
    ann.send(&ClientMessage::FillBots).await.unwrap();
    ann.send(&ClientMessage::Start).await.unwrap();
    let (ann, _) = play_out(ann).await;
    (server, code, ann)
}

/// Game 1 of `code` in `format`, over HTTP.
async fn download(server: &TestServer, code: &TableCode, format: &str) -> String {
    let url = format!(
        "http://{}/tables/{code}/games/1?format={format}",
        server.addr
    );
    let (status, body) = http_get_with_status(&url).await;
    assert_eq!(status, 200, "{format}: {body}");
    body
}

/// The server's own log of game 1.
async fn log(server: &TestServer, code: &TableCode) -> GameRecord {
    serde_json::from_str(&download(server, code, "log").await).unwrap()
}

/// The `record` message's answer.
/// Asks for a record and waits for the answer; a request the rate limit dropped (a game
/// against quick bots spends the connection's budget) is sent again after 100 ms.
async fn ask(
    client: &mut Client,
    format: RecordFormat,
    game_number: Option<u32>,
) -> Result<RecordText, String> {
    loop {
        client
            .send(&ClientMessage::Record {
                game_number,
                format,
            })
            .await
            .unwrap();
        let answer = within(client.recv_until(|m| match m {
            ServerMessage::Record(record) => Some(Ok(record.clone())),
            ServerMessage::Error { code, .. } => Some(Err(code.clone())),
            _ => None,
        }))
        .await
        .unwrap();
        match answer {
            Err(code) if code == codes::RATE_LIMITED => {
                tokio::time::sleep(std::time::Duration::from_millis(100)).await;
            }
            answer => return answer,
        }
    }
}

#[tokio::test]
async fn xiangqi_downloads_as_pgn_and_iccs_that_the_crate_reads_back() {
    let (server, code, mut ann) = finished("xiangqi", "engine", 1).await;
    let log = log(&server, &code).await;
    let moves: Vec<xiangqi::Move> = log
        .actions
        .iter()
        .map(|a| a.action.parse().unwrap())
        .collect();
    let rules = xiangqi::RuleSet::default();

    let pgn = download(&server, &code, "pgn").await;
    let read = xiangqi::read_pgn(&pgn, rules, xiangqi::Validation::Strict).unwrap();
    assert_eq!(read.game.moves().collect::<Vec<_>>(), moves);
    assert_eq!(
        (read.tag("Red"), read.tag("Black")),
        (Some("ann"), Some("engine bot 2"))
    );
    assert!(read.game.outcome().is_some(), "the PGN plays to the end");

    let iccs = download(&server, &code, "iccs").await;
    let read = xiangqi::read_move_list(xiangqi::Position::default(), &iccs, rules).unwrap();
    assert_eq!(read.moves().collect::<Vec<_>>(), moves);

    // The same text through the protocol.
    let answer = ask(&mut ann, RecordFormat::Pgn, None).await.unwrap();
    assert_eq!(
        (answer.code, answer.game_number, answer.format),
        (code, 1, RecordFormat::Pgn)
    );
    assert_eq!(answer.text, pgn);
    server.stop().await;
}

#[tokio::test]
async fn gomoku_downloads_as_a_move_list_and_psq_that_the_crate_reads_back() {
    let (server, code, mut ann) = finished("gomoku", "brain", 1).await;
    let log = log(&server, &code).await;
    let moves: Vec<gomoku::Point> = log
        .actions
        .iter()
        .map(|a| a.action.parse().unwrap())
        .collect();

    let list = download(&server, &code, "moves").await;
    assert_eq!(gomoku::parse_moves(&list).unwrap(), moves);

    let psq = download(&server, &code, "psq").await;
    let read = gomoku::psq::read(&psq).unwrap();
    assert_eq!((read.width, read.height, read.moves), (15, 15, moves));
    assert!(
        psq.ends_with("ann\nbrain bot 2\n-1\n"),
        "black's seat first: {psq}"
    );

    assert_eq!(
        ask(&mut ann, RecordFormat::Psq, Some(1))
            .await
            .unwrap()
            .text,
        psq
    );
    server.stop().await;
}

#[tokio::test]
async fn doudizhu_downloads_as_the_crates_record_which_replays_to_the_same_result() {
    let (server, code, _) = finished("doudizhu", "greedy", 1).await;
    let log = log(&server, &code).await;
    let json = download(&server, &code, "json").await;
    let record: doudizhu::Record = serde_json::from_str(&json).unwrap();
    let game = record.replay().unwrap();
    let returns = GameState::outcome(&game).unwrap().returns;
    assert_eq!(Some(returns), log.outcome.map(|o| o.returns));
    server.stop().await;
}

#[tokio::test]
async fn hearts_downloads_as_the_crates_hand_records_which_replay_the_whole_game() {
    let (server, code, _) = finished("hearts", "rule", 1).await;
    let log = log(&server, &code).await;
    let json = download(&server, &code, "json").await;
    let hands: Vec<hearts::RoundRecord> = serde_json::from_str(&json).unwrap();
    let game = hearts::Game::replay(hearts::Settings::default(), log.seed, &hands).unwrap();
    assert!(game.is_over());
    assert_eq!(GameState::outcome(&game), log.outcome);
    server.stop().await;
}

#[tokio::test]
async fn records_are_refused_for_games_in_progress_never_played_or_in_a_foreign_format() {
    let (server, code, mut ann) = finished("xiangqi", "random", 1).await;
    let url = |number: u32, format: &str| {
        format!(
            "http://{}/tables/{code}/games/{number}?format={format}",
            server.addr
        )
    };
    assert_eq!(http_get_with_status(&url(1, "psq")).await.0, 400);
    assert_eq!(http_get_with_status(&url(1, "json")).await.0, 400);
    assert_eq!(http_get_with_status(&url(2, "pgn")).await.0, 404);
    assert_eq!(http_get_with_status(&url(1, "chess")).await.0, 400);
    assert_eq!(
        ask(&mut ann, RecordFormat::Psq, None).await,
        Err(codes::BAD_FORMAT.into())
    );
    assert_eq!(
        ask(&mut ann, RecordFormat::Pgn, Some(7)).await,
        Err(codes::NO_SUCH_GAME.into())
    );

    // A rematch is in progress: its record is refused, the finished game's is not.
    ann.send(&ClientMessage::Rematch).await.unwrap();
    state(&mut ann).await;
    assert_eq!(http_get_with_status(&url(2, "pgn")).await.0, 409);
    assert_eq!(
        ask(&mut ann, RecordFormat::Pgn, None).await,
        Err(codes::NOT_OVER.into())
    );
    assert!(ask(&mut ann, RecordFormat::Iccs, Some(1)).await.is_ok());

    let mut stranger = server.client().await;
    assert_eq!(
        ask(&mut stranger, RecordFormat::Log, Some(1)).await,
        Err(codes::NOT_AT_TABLE.into())
    );
    server.stop().await;
}
