//! The Redis store when Redis goes away, hangs or starts late, against a real `redis-server`
//! (see `support/redis.rs`): operations fail fast with `Unavailable` and the same `Store`
//! works again once Redis is back.

use crate::support;
use support::redis as redis_support;

use std::io::Write;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use parxis::store::{Backoff, CasOutcome, Store, StoreError, StoreOptions};
use redis_support::TestRedis;

/// What "fail fast" means here: well under what a user would wait for an answer.
const FAST: Duration = Duration::from_secs(5);

/// How soon the store's breaker sees Redis back (its probe pings every 200 ms): a store that
/// found Redis away fails at once until then (tested in the breaker's own tests and in
/// `bot_redis_down`).
const BACK: Duration = Duration::from_secs(3);

/// Wait (at most [`BACK`]) until `store`'s breaker says Redis is up again.
async fn seen_back(store: &Store) {
    let started = Instant::now();
    while !store.health().up {
        assert!(
            started.elapsed() < BACK,
            "Redis not seen back: {:?}",
            store.health()
        );
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
}

/// Runs `op`, checking that it fails with `Unavailable` within [`FAST`].
async fn assert_unavailable<T: std::fmt::Debug>(
    what: &str,
    op: impl std::future::Future<Output = Result<T, StoreError>>,
) {
    let started = Instant::now();
    let result = tokio::time::timeout(FAST * 2, op)
        .await
        .unwrap_or_else(|_| panic!("{what}: hung for {:?}", FAST * 2));
    let elapsed = started.elapsed();
    match result {
        Err(e) => assert!(e.is_unavailable(), "{what}: {e:?}"),
        Ok(v) => panic!("{what}: succeeded with Redis down: {v:?}"),
    }
    assert!(elapsed < FAST, "{what}: took {elapsed:?}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn operations_fail_fast_while_redis_is_down_and_recover_when_it_is_back() {
    let mut server = TestRedis::start();
    let store = Store::connect(&server.url()).await.unwrap();
    assert!(store.save(1, 0, &"before", 60).await.unwrap().is_saved());

    server.stop();
    assert_unavailable("ping", store.ping()).await;
    assert_unavailable("load", store.load::<String>(1)).await;
    assert_unavailable("save", store.save(1, 1, &"during", 60)).await;
    assert_unavailable("delete", store.delete(1, 1)).await;
    assert_unavailable("settings", store.settings::<Vec<u8>>(1)).await;
    assert_unavailable("try_lease", store.try_lease(1, "turn", "me", 1_000)).await;
    assert_unavailable("release_lease", store.release_lease(1, "turn", "me")).await;
    assert_unavailable("due_places", store.due_places(0, 10)).await;
    assert_unavailable("first_time_update", store.first_time_update(5, 60)).await;
    assert_unavailable("migrate_chat", store.migrate_chat(1, 2)).await;
    assert_unavailable("ping again", store.ping()).await;

    // Let the reconnection rounds started by those failures give up too, so the next
    // operation meets a failed connection from before the restart.
    tokio::time::sleep(Duration::from_millis(1_500)).await;
    tokio::task::block_in_place(|| server.start_again());
    // Once its probe has seen Redis back (promptly), the very first operation on the same
    // Store works: the connection broken by the restart costs no extra "try again".
    seen_back(&store).await;
    store.ping().await.expect("ping after restart");
    // The new server is empty (no persistence) and has no scripts cached: both are handled.
    assert_eq!(store.load::<String>(1).await.unwrap(), None);
    assert_eq!(
        store.save(1, 0, &"after", 60).await.unwrap(),
        CasOutcome::Saved { version: 1 }
    );
    assert_eq!(
        store.load::<String>(1).await.unwrap().unwrap().state,
        "after"
    );
    assert!(store.try_lease(1, "turn", "me", 1_000).await.unwrap());
    assert!(store.release_lease(1, "turn", "me").await.unwrap());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_store_left_idle_across_a_restart_works_on_first_use() {
    let mut server = TestRedis::start();
    let store = Store::connect(&server.url()).await.unwrap();
    assert!(store.save(1, 0, &1u32, 60).await.unwrap().is_saved());

    tokio::task::block_in_place(|| server.start_again());

    assert_eq!(
        store
            .load::<u32>(1)
            .await
            .expect("first read after restart"),
        None
    );
    assert_eq!(
        store.save(1, 0, &2u32, 60).await.unwrap(),
        CasOutcome::Saved { version: 1 }
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_hung_redis_times_out_instead_of_hanging_and_answers_stay_in_order_after() {
    let server = TestRedis::start();
    let store = Store::connect(&server.url()).await.unwrap();
    assert!(store.save(1, 0, &"one", 60).await.unwrap().is_saved());
    store.set_settings(1, &"settings one").await.unwrap();

    server.freeze();
    assert_unavailable("ping", store.ping()).await;
    assert_unavailable("load", store.load::<String>(1)).await;
    server.thaw();

    // Late answers to the timed-out commands must not be taken for answers to new ones
    // (once the probe has seen Redis answer again).
    seen_back(&store).await;
    store.ping().await.expect("ping after thaw");
    for _ in 0..3 {
        assert_eq!(store.settings::<String>(1).await.unwrap(), "settings one");
        assert_eq!(
            store
                .load::<String>(1)
                .await
                .unwrap()
                .map(|v| (v.version, v.state)),
            Some((1, "one".to_owned()))
        );
        assert_eq!(store.due_places(u64::MAX / 2, 5).await.unwrap(), Vec::new());
    }
}

#[tokio::test]
async fn connecting_to_nothing_fails_fast() {
    let mut server = TestRedis::start();
    server.stop();
    let started = Instant::now();
    let err = Store::connect(&server.url()).await.unwrap_err();
    assert!(err.is_unavailable(), "{err:?}");
    assert!(started.elapsed() < FAST, "took {:?}", started.elapsed());
}

#[tokio::test]
async fn a_malformed_url_fails_at_once_without_retrying() {
    let backoff = Backoff {
        max_attempts: 50,
        first_delay: Duration::from_secs(1),
        max_delay: Duration::from_secs(1),
    };
    let started = Instant::now();
    let err = Store::connect_with_retry("nosuchscheme://x", StoreOptions::default(), backoff)
        .await
        .unwrap_err();
    assert!(matches!(err, StoreError::Config(_)), "{err:?}");
    assert!(started.elapsed() < Duration::from_millis(500));
}

/// A log sink shared with a tracing subscriber.
#[derive(Clone, Default)]
struct Captured(Arc<Mutex<Vec<u8>>>);

impl Write for Captured {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.0.lock().unwrap().extend_from_slice(buf);
        Ok(buf.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

#[tokio::test(flavor = "current_thread")]
async fn connect_with_retry_waits_for_a_late_redis_and_logs_no_password() {
    let password = "s3cret-pw";
    let mut server = TestRedis::start_with_password(password);
    let url = server.url();
    assert!(url.contains(password));
    server.stop();

    let logs = Captured::default();
    let sink = logs.clone();
    let subscriber = tracing_subscriber::fmt()
        .with_writer(move || sink.clone())
        .with_ansi(false)
        .with_max_level(tracing::Level::DEBUG)
        .finish();
    let _guard = tracing::subscriber::set_default(subscriber);

    let starter = tokio::task::spawn_blocking(move || {
        std::thread::sleep(Duration::from_millis(800));
        server.start_again();
        server
    });
    let backoff = Backoff {
        max_attempts: 40,
        first_delay: Duration::from_millis(50),
        max_delay: Duration::from_millis(300),
    };
    let store = Store::connect_with_retry(&url, StoreOptions::default(), backoff)
        .await
        .expect("connects once Redis is up");
    let _server = starter.await.unwrap();
    store.ping().await.unwrap();
    assert!(format!("{store:?}").starts_with("Store"));
    assert!(!format!("{store:?}").contains(password));

    let text = String::from_utf8(logs.0.lock().unwrap().clone()).unwrap();
    assert!(
        text.contains("cannot connect to Redis; retrying"),
        "logs:\n{text}"
    );
    assert!(text.contains(":***@127.0.0.1"), "logs:\n{text}");
    assert!(!text.contains(password), "password leaked:\n{text}");
}
