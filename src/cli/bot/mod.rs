//! `parxis bot`: read the configuration, connect to Redis, open the HTTP port (health,
//! readiness, metrics, and the webhook in webhook mode), get Telegram to answer the start-up
//! calls (retried for as long as it is unreachable), then take updates until SIGINT / SIGTERM.
//!
//! Exit status: 0 after a stop (even one during start-up), 2 for a configuration error (a
//! token or webhook URL that Telegram refuses included), 1 for any other fatal error.

mod start;

use std::process::ExitCode;
use std::sync::Arc;

use tokio::net::TcpListener;
use tokio::sync::watch;
use tracing::{error, info};

use crate::bot::Ctx;
use crate::config::Config;
use crate::i18n::Lang;
use crate::ops::http::{self, Mount, ReadyCheck};
use crate::ops::metrics::Metrics;
use crate::ops::startup::{Retrier, RetryPolicy, TelegramStatus, stopped};
use crate::store::{Backoff, Store, StoreOptions, Target};

/// Why the bot stopped on its own.
#[derive(Debug)]
enum Fatal {
    /// The configuration cannot work (exit status 2).
    Config(String),
    /// Anything else (exit status 1).
    Runtime(String),
}

/// Run the bot; exit code 2 for configuration errors, 1 for fatal runtime errors.
#[must_use]
pub fn run() -> ExitCode {
    let cfg = match Config::from_env() {
        Ok(c) => c,
        Err(e) => {
            eprintln!("parxis bot: {e}");
            return ExitCode::from(2);
        }
    };
    if let Err(e) = crate::telemetry::init(cfg.log_format) {
        eprintln!("parxis bot: {e}");
        return ExitCode::from(2);
    }
    let rt = match tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
    {
        Ok(rt) => rt,
        Err(e) => {
            eprintln!("parxis bot: cannot start the runtime: {e}");
            return ExitCode::FAILURE;
        }
    };
    let (message, code) = match rt.block_on(serve(cfg)) {
        Ok(()) => return ExitCode::SUCCESS,
        Err(Fatal::Config(m)) => (m, ExitCode::from(2)),
        Err(Fatal::Runtime(m)) => (m, ExitCode::FAILURE),
    };
    error!(error = %message, "parxis bot stopped");
    eprintln!("parxis bot: {message}");
    code
}

/// A channel that turns `true` on the first SIGINT or SIGTERM, when `status` also turns to
/// stopping. The handlers are installed before this returns, so a signal from then on is
/// never the default (killing) one.
fn watch_signals(status: TelegramStatus) -> std::io::Result<watch::Receiver<bool>> {
    let (tx, rx) = watch::channel(false);
    #[cfg(unix)]
    let signalled = {
        use tokio::signal::unix::{SignalKind, signal};
        let mut term = signal(SignalKind::terminate())?;
        let mut int = signal(SignalKind::interrupt())?;
        async move {
            tokio::select! {
                _ = term.recv() => {}
                _ = int.recv() => {}
            }
        }
    };
    #[cfg(not(unix))]
    let signalled = async {
        let _ = tokio::signal::ctrl_c().await;
    };
    tokio::spawn(async move {
        signalled.await;
        info!("stop requested");
        status.stopping();
        let _ = tx.send(true);
    });
    Ok(rx)
}

/// `/readyz`: Telegram has answered the start-up calls, and Redis answers now.
fn readiness(store: Store, status: TelegramStatus) -> ReadyCheck {
    http::ready_check_why(move || {
        let store = store.clone();
        let status = status.clone();
        async move {
            let mut reasons: Vec<String> = status.not_ready().into_iter().collect();
            if let Err(e) = store.ping().await {
                reasons.push(e.to_string());
            }
            if reasons.is_empty() {
                Ok(())
            } else {
                Err(reasons.join("; "))
            }
        }
    })
}

/// Where `/metrics` is served instead of the public port, when set (`host:port`).
pub const METRICS_ADDR: &str = crate::config::METRICS_ADDR;

/// The HTTP port's bounds from the settings, fitted to the open-file limit (raised to the
/// hard one first).
fn http_bounds() -> Result<http::Bounds, Fatal> {
    let bounds = http::Bounds::from_vars(|k| std::env::var(k).ok()).map_err(Fatal::Config)?;
    let open_files = match http::raise_open_files() {
        Ok(n) => n,
        Err(e) => {
            tracing::warn!(error = %e, "cannot read the open-file limit");
            u64::MAX
        }
    };
    let fitted = bounds.fit_open_files(open_files);
    info!(
        open_files,
        max_conns = fitted.max_conns,
        max_conns_per_ip = fitted.max_conns_per_ip,
        "HTTP connection caps"
    );
    Ok(fitted)
}

async fn serve(cfg: Config) -> Result<(), Fatal> {
    info!(config = ?cfg, "starting parxis bot");
    let bounds = http_bounds()?;
    let metrics_addr = match std::env::var(METRICS_ADDR) {
        Ok(a) if !a.trim().is_empty() => {
            Some(a.trim().parse::<std::net::SocketAddr>().map_err(|e| {
                Fatal::Config(format!(
                    "{METRICS_ADDR} must be host:port, like 127.0.0.1:9090: {e}"
                ))
            })?)
        }
        _ => None,
    };
    let live_limits = crate::bot::effects::live::Limits::from_vars(|k| std::env::var(k).ok())
        .map_err(Fatal::Config)?;
    let status = TelegramStatus::new();
    let stop = watch_signals(status.clone())
        .map_err(|e| Fatal::Runtime(format!("cannot watch for SIGTERM: {e}")))?;
    let metrics = Metrics::new();
    // PARXIS_REDIS_SENTINELS / PARXIS_REDIS_CLUSTER, else the single node of REDIS_URL.
    let target = Target::from_vars(cfg.redis_url.expose(), |k| std::env::var(k).ok())
        .map_err(|e| Fatal::Config(e.to_string()))?;
    info!(redis = ?target, "Redis");
    // REDIS_CA_CERT, REDIS_CLIENT_CERT, REDIS_CLIENT_KEY: for a rediss:// URL.
    let tls = crate::store::tls::Tls::from_vars(|k| std::env::var(k).ok())
        .map_err(|e| Fatal::Config(e.to_string()))?;
    if tls.is_set() {
        info!("Redis TLS: the CA or client certificate files given");
    }
    crate::store::tls::install(tls);
    let connect =
        Store::connect_target_with_retry(&target, StoreOptions::default(), Backoff::default());
    let mut stop_waiting = stop.clone();
    let store = tokio::select! {
        store = connect => store.map_err(|e| match e {
            crate::store::StoreError::Config(m) => {
                Fatal::Config(format!("Redis at {}: {m}", cfg.redis_url.redacted()))
            }
            e => Fatal::Runtime(format!(
                "Redis at {} is unreachable: {e}",
                cfg.redis_url.redacted()
            )),
        })?,
        () = stopped(&mut stop_waiting) => {
            info!("parxis bot stopped");
            return Ok(());
        }
    };
    // The global stats of the single-slot layout move into their shards before any game
    // is recorded (nothing to do after the first start; resumes after an interruption).
    store
        .migrate_global_stats()
        .await
        .map_err(|e| Fatal::Runtime(format!("moving the global stats into shards: {e}")))?;
    {
        let store = store.clone();
        metrics.watch_redis(Box::new(move || {
            let h = store.health();
            (h.up, h.failures, h.unavailable)
        }));
    }
    let lang: Lang = cfg.default_language;
    let mut raw = teloxide::Bot::new(cfg.token.expose());
    if let Some(url) = cfg.api_url.clone() {
        raw = raw.set_api_url(url);
    }
    // No throttling adaptor: every write to a chat goes through its outbox, which keeps
    // Telegram's limits for all replicas together.
    let tg = raw;
    let mut ctx = Ctx::new(store.clone(), lang, metrics.clone());
    let (kicks, kicked) = crate::bot::effects::ctx::Kicks::new();
    ctx.kicks = Some(kicks);
    ctx.open_ttl_secs = cfg.game_ttl.as_secs();
    ctx.write_limit = cfg.board_writes_per_minute;
    if let Some(app) = cfg.miniapp.clone() {
        // Its subscriber follows the store's target (sharded pub/sub on a cluster).
        let live = crate::bot::effects::live::Live::start_on(
            app,
            cfg.token.expose(),
            store.clone(),
            target.clone(),
            live_limits,
        );
        info!(path = %live.app.path(), "live board served");
        let open = live.clone();
        metrics.watch_live_streams(Box::new(move || {
            u64::try_from(open.open_streams()).unwrap_or(u64::MAX)
        }));
        ctx.live = Some(live);
    }
    let ctx = Arc::new(ctx);
    tokio::spawn(watch_backlog(store.clone(), metrics.clone(), stop.clone()));
    let apps = ctx
        .live
        .clone()
        .map(|live| crate::bot::entry::live::routes::router(live, tg.clone(), ctx.clone()));

    // The port answers probes from here on: alive, and not ready until Telegram has answered.
    // Only the webhook's path (with its secret) is served besides the routes: other paths 404.
    let mount = match &cfg.webhook {
        Some(hook) => Mount::hook(hook.url.path(), hook.secret.expose()),
        None => Mount::none(),
    };
    let ready = readiness(store, status.clone());
    let (http_stop, http_stopped) = watch::channel(false);
    let stopped_http = move || {
        let mut rx = http_stopped.clone();
        async move {
            let _ = rx.wait_for(|s| *s).await;
        }
    };
    let ops = match metrics_addr {
        Some(addr) => {
            let internal = TcpListener::bind(addr)
                .await
                .map_err(|e| Fatal::Runtime(format!("cannot listen on {addr}: {e}")))?;
            tokio::spawn(http::serve_bounded(
                internal,
                http::metrics_router(metrics.clone()),
                http::Bounds::default(),
                stopped_http(),
            ));
            http::router_without_metrics(metrics, ready, mount.clone(), apps)
        }
        None => http::router_with_apps(metrics, ready, mount.clone(), apps),
    };
    let port = TcpListener::bind(cfg.http_addr())
        .await
        .map_err(|e| Fatal::Runtime(format!("cannot listen on port {}: {e}", cfg.port)))?;
    let server = tokio::spawn(http::serve_bounded(port, ops, bounds, stopped_http()));
    if let Some(live) = ctx.live.clone() {
        // A stop closes the live pages' streams at once (told to reconnect elsewhere): the
        // server's drain then never waits for them.
        let mut stop = stop.clone();
        tokio::spawn(async move {
            stopped(&mut stop).await;
            live.close_streams();
        });
    }

    let retrier = Retrier::new(
        RetryPolicy::TELEGRAM,
        status.clone(),
        stop.clone(),
        cfg.token.expose(),
        rand::random::<f64>,
    );
    let result = start::run(start::Bot {
        tg,
        ctx,
        kicked: Some(kicked),
        lang,
        webhook: cfg.webhook.clone().map(|hook| (hook, cfg.port)),
        mount,
        retrier,
        stop,
    })
    .await;

    status.stopping();
    let _ = http_stop.send(true);
    let served = server.await;
    info!("parxis bot stopped");
    result?;
    match served {
        Ok(Ok(())) => Ok(()),
        Ok(Err(e)) => Err(Fatal::Runtime(format!("the HTTP server failed: {e}"))),
        Err(e) => Err(Fatal::Runtime(format!("the HTTP server failed: {e}"))),
    }
}

/// How often the outbox's backlog is read for the metrics.
const BACKLOG_EVERY: std::time::Duration = std::time::Duration::from_secs(5);

/// Reads the outbox's backlog (`parxis_outbox_depth`, `parxis_outbox_oldest_due_seconds`)
/// every [`BACKLOG_EVERY`] until the stop; a read that fails leaves the last values.
async fn watch_backlog(store: Store, metrics: Metrics, mut stop: watch::Receiver<bool>) {
    let mut every = tokio::time::interval(BACKLOG_EVERY);
    every.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    loop {
        tokio::select! {
            _ = every.tick() => {}
            () = stopped(&mut stop) => return,
        }
        let now_ms = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| u64::try_from(d.as_millis()).unwrap_or(u64::MAX));
        match store.outbox_backlog(now_ms).await {
            Ok((chats, oldest_ms)) => {
                metrics.outbox_backlog(chats, std::time::Duration::from_millis(oldest_ms));
            }
            Err(e) => tracing::debug!(error = %e, "outbox backlog not read"),
        }
    }
}
