//! Webhook mode: Telegram POSTs each update to `PARXIS_WEBHOOK_URL`; the bot answers on the
//! same port as `/healthz`, `/readyz` and `/metrics`.
//!
//! ```text
//! Telegram ─▶ TLS proxy ─▶ POST <path> ─┐  (X-Telegram-Bot-Api-Secret-Token checked: else 401)
//!                                       ├─ one axum server on PORT ─▶ update channel ─▶ dispatcher
//! probes / Prometheus ─▶ GET /healthz … ┘
//! ```
//!
//! Several replicas may run behind one load balancer: any of them may get any update (and a
//! retried update may reach another one), so [`super::schema`] drops repeated update ids, each
//! game is saved by compare-and-set, and the driver's turns take a per-chat lease.
//!
//! A replica that stops does **not** call `deleteWebhook`: the webhook belongs to all
//! replicas, and deleting it during a rolling restart would cut the others off. (Switching
//! back to long polling deletes it: teloxide's polling does that when it starts.)

use std::convert::Infallible;
use std::future::Future;
use std::net::{Ipv4Addr, SocketAddr};
use std::sync::Arc;
use std::time::Duration;

use axum::Router;
use teloxide::RequestError;
use teloxide::dispatching::ShutdownToken;
use teloxide::error_handlers::LoggingErrorHandler;
use teloxide::update_listeners::UpdateListener;
use teloxide::update_listeners::webhooks::{self, Options};
use tokio::net::TcpListener;
use tracing::info;

use crate::bot::effects::botapi::updates::SetWebhook;
use crate::bot::effects::{Ctx, TgBot};
use crate::config::WebhookConfig;
use crate::ops::http;

/// The webhook options for `config`: Telegram is told `config.url` and the secret, and the
/// route is the URL's path (`/` when it has none), served on every interface at `port`.
pub fn options(config: &WebhookConfig, port: u16) -> Options {
    let mut options = Options::new(
        SocketAddr::from((Ipv4Addr::UNSPECIFIED, port)),
        config.url.clone(),
    );
    // Validated by `Config` with Telegram's rule (1-256 of A-Z a-z 0-9 _ -), which is the
    // rule `Options::secret_token` panics on: set the field to keep a bad value a 401.
    options.secret_token = Some(config.secret.expose().to_owned());
    options
}

/// Calls `setWebhook` (URL and secret from `options`, and the update kinds the bot asks for,
/// `guest_message` among them: [`super::listen::allowed_updates`]) through `bot`, and
/// returns the axum router that receives the updates at `options.path` together with the
/// update listener that yields them ([`super::listen::Listener`]: a guest message handled
/// with `ctx`). Serve the router (merged with others as you like) and hand the listener to
/// the dispatcher; when the router is dropped, the listener's stream ends.
///
/// A POST without the right `X-Telegram-Bot-Api-Secret-Token` gets 401 and is dropped; one
/// after the listener was stopped gets 503 (Telegram retries it, maybe at another replica).
///
/// # Errors
/// `setWebhook` failed (Telegram refused the URL, or is unreachable).
pub async fn webhook_router(
    bot: &TgBot,
    ctx: &Arc<Ctx>,
    mut options: Options,
) -> Result<
    (
        Router,
        impl UpdateListener<Err = Infallible> + Send + 'static,
    ),
    RequestError,
> {
    // teloxide's own `setWebhook` (`axum_to_router`) cannot name `guest_message`.
    SetWebhook {
        url: options.url.to_string(),
        secret_token: Some(options.get_or_gen_secret_token().to_owned()),
        max_connections: options.max_connections,
        drop_pending_updates: options.drop_pending_updates.then_some(true),
        allowed_updates: super::listen::allowed_updates(),
    }
    .request(bot)
    .await?;
    let (listener, delete_webhook_on_stop, router) = webhooks::axum_no_setup(options);
    // Dropped, never polled: see the module docs for why no replica deletes the webhook.
    drop(delete_webhook_on_stop);
    let listener = super::listen::Listener::new(listener, bot.clone(), Arc::clone(ctx));
    Ok((router, listener))
}

/// Runs one replica in webhook mode until `shutdown` resolves: sets the webhook, serves
/// `ops` (health, readiness, metrics) and the webhook route on `http`, and dispatches the
/// updates to [`super::schema`].
///
/// On shutdown the dispatcher stops taking updates (new webhook POSTs get 503), the HTTP
/// server stops accepting, the updates already received are handled to the end, and then this
/// returns.
///
/// # Errors
/// `setWebhook` or `getMe` failed, or the HTTP server failed.
pub async fn run<S>(
    bot: TgBot,
    ctx: Arc<Ctx>,
    options: Options,
    http: TcpListener,
    ops: Router,
    shutdown: S,
) -> anyhow::Result<()>
where
    S: Future<Output = ()> + Send + 'static,
{
    let path = options.path.clone();
    let (router, listener) = webhook_router(&bot, &ctx, options)
        .await
        .map_err(|e| anyhow::anyhow!("setWebhook failed: {e}"))?;
    let (http_stop, mut http_stopped) = tokio::sync::watch::channel(false);
    let server = tokio::spawn(http::serve_on(http, ops.merge(router), async move {
        let _ = http_stopped.changed().await;
    }));

    let mut dispatcher = super::dispatcher(bot, ctx);
    let token = dispatcher.shutdown_token();
    let stopper = tokio::spawn(async move {
        shutdown.await;
        info!("shutting down: no new updates, finishing the ones received");
        // Stopping the server drops the webhook route, which ends the update stream once the
        // updates already received are taken.
        stop_dispatcher(&token, || {
            let _ = http_stop.send(true);
        })
        .await;
    });

    info!(path = %path, "parxis bot running (webhook)");
    let dispatched = dispatcher
        .try_dispatch_with_listener(
            listener,
            LoggingErrorHandler::with_custom_text("webhook update listener failed"),
        )
        .await;
    stopper.abort();
    // If the dispatcher could not start, the server must not outlive it.
    if let Err(e) = dispatched {
        server.abort();
        return Err(anyhow::anyhow!("getMe failed: {e}"));
    }
    server.await??;
    Ok(())
}

/// Tells a dispatcher to stop taking updates (waiting until it has started: it cannot be
/// stopped before), calls `then`, and returns when the dispatcher has handled the updates it
/// already took.
pub async fn stop_dispatcher(token: &ShutdownToken, then: impl FnOnce()) {
    let done = loop {
        match token.shutdown() {
            Ok(done) => break done,
            Err(_) => tokio::time::sleep(Duration::from_millis(50)).await,
        }
    };
    then();
    done.await;
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config::Secret;

    #[test]
    fn options_carry_the_url_path_and_the_secret() {
        let config = WebhookConfig {
            url: "https://parxis.example.org/telegram".parse().unwrap(),
            secret: Secret::new("s3cret_-X".to_owned()),
        };
        let o = options(&config, 8080);
        assert_eq!(o.path, "/telegram");
        assert_eq!(o.secret_token.as_deref(), Some("s3cret_-X"));
        assert_eq!(o.address.port(), 8080);
        assert_eq!(o.url, config.url);
    }
}
