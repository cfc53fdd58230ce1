//! `parxis bot`: read the configuration, connect to Redis, start the HTTP port
//! (health, readiness, metrics, and the webhook in webhook mode) and run the bot until
//! SIGINT / SIGTERM.

use std::process::ExitCode;
use std::sync::Arc;

use teloxide::error_handlers::LoggingErrorHandler;
use teloxide::requests::RequesterExt;
use teloxide::update_listeners;
use tokio::net::TcpListener;
use tracing::{error, info};

use crate::bot::{self, Ctx, TgBot, webhook};
use crate::config::Config;
use crate::i18n::Lang;
use crate::ops::{http, metrics::Metrics};
use crate::store::{Backoff, Store, StoreOptions};

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
    match rt.block_on(serve(cfg)) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            error!(error = %e, "parxis bot stopped");
            eprintln!("parxis bot: {e}");
            ExitCode::FAILURE
        }
    }
}

/// Resolves on SIGINT or SIGTERM.
pub async fn shutdown_signal() {
    let term = async {
        #[cfg(unix)]
        if let Ok(mut s) = tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate())
        {
            s.recv().await;
            return;
        }
        std::future::pending::<()>().await;
    };
    tokio::select! {
        _ = tokio::signal::ctrl_c() => {}
        () = term => {}
    }
}

async fn serve(cfg: Config) -> anyhow::Result<()> {
    info!(config = ?cfg, "starting parxis bot");
    let metrics = Metrics::new();
    let store = Store::connect_with_retry(
        cfg.redis_url.expose(),
        StoreOptions::default(),
        Backoff::default(),
    )
    .await
    .map_err(|e| anyhow::anyhow!("Redis at {} is unreachable: {e}", cfg.redis_url.redacted()))?;
    let lang: Lang = cfg.default_language;
    let mut raw = teloxide::Bot::new(cfg.token.expose());
    if let Some(url) = cfg.api_url.clone() {
        raw = raw.set_api_url(url);
    }
    let tg = raw.throttle(teloxide::adaptors::throttle::Limits::default());
    let mut ctx = Ctx::new(store.clone(), lang, metrics.clone());
    ctx.open_ttl_secs = cfg.game_ttl.as_secs();
    let ctx = Arc::new(ctx);

    let ready_store = store.clone();
    let ready = http::ready_check(move || {
        let s = ready_store.clone();
        async move { s.ping().await.is_ok() }
    });
    let ops = http::router(metrics, ready);
    let port = TcpListener::bind(cfg.http_addr())
        .await
        .map_err(|e| anyhow::anyhow!("cannot listen on port {}: {e}", cfg.port))?;

    bot::register_commands(&tg, lang).await;
    let (stop_tx, stop_rx) = tokio::sync::watch::channel(false);
    let driver = tokio::spawn(bot::driver::run(tg.clone(), ctx.clone(), stop_rx.clone()));
    let gauge = tokio::spawn(bot::active::run_gauge(ctx.clone(), stop_rx));

    let result = match &cfg.webhook {
        Some(hook) => {
            let options = webhook::options(hook, cfg.port);
            webhook::run(tg, ctx, options, port, ops, shutdown_signal()).await
        }
        None => polling(tg, ctx, port, ops).await,
    };
    let _ = stop_tx.send(true);
    let _ = driver.await;
    let _ = gauge.await;
    info!("parxis bot stopped");
    result
}

/// Long polling: the HTTP port serves only `ops`; the dispatcher fetches updates itself.
async fn polling(
    tg: TgBot,
    ctx: Arc<Ctx>,
    port: TcpListener,
    ops: axum::Router,
) -> anyhow::Result<()> {
    let (http_stop, mut http_stopped) = tokio::sync::watch::channel(false);
    let server = tokio::spawn(http::serve_on(port, ops, async move {
        let _ = http_stopped.changed().await;
    }));
    let listener = update_listeners::polling_default(tg.clone()).await;
    let mut dispatcher = bot::dispatcher(tg, ctx);
    let token = dispatcher.shutdown_token();
    let stopper = tokio::spawn(async move {
        shutdown_signal().await;
        info!("shutting down: no new updates, finishing the ones received");
        webhook::stop_dispatcher(&token, || {}).await;
    });
    info!("parxis bot running (long polling)");
    let dispatched = dispatcher
        .try_dispatch_with_listener(
            listener,
            LoggingErrorHandler::with_custom_text("getUpdates failed"),
        )
        .await;
    stopper.abort();
    let _ = http_stop.send(true);
    let served = server.await;
    dispatched.map_err(|e| anyhow::anyhow!("getMe failed: {e}"))?;
    served??;
    Ok(())
}
