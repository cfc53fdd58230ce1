//! The bot's life once the HTTP port is open: the start-up calls to Telegram (retried while it
//! is unreachable), the driver, and the dispatcher over long polling or the webhook.
//!
//! If the dispatcher's own `getMe` fails for a passing reason (Telegram went away again right
//! after answering the start-up calls), the start-up begins again instead of exiting.

use std::fmt::Debug;
use std::sync::Arc;
use std::time::Duration;

use teloxide::RequestError;
use teloxide::error_handlers::LoggingErrorHandler;
use teloxide::payloads::SetMyCommandsSetters;
use teloxide::requests::{Request, Requester};
use teloxide::update_listeners::{Polling, UpdateListener};
use tokio::sync::watch;
use tokio::task::JoinHandle;
use tracing::{info, warn};

use super::Fatal;
use crate::bot::core::view;
use crate::bot::entry::telegram_code;
use crate::bot::{self, Ctx, TgBot, listen, webhook};
use crate::config::WebhookConfig;
use crate::i18n::Lang;
use crate::ops::http::Mount;
use crate::ops::startup::{Retrier, StartError, Verdict, classify, stopped};

/// Long polling asks for at most this long (Telegram's own limit is 50 s).
const POLL_TIMEOUT: Duration = Duration::from_secs(10);

/// What the bot runs with.
pub(super) struct Bot {
    pub tg: TgBot,
    pub ctx: Arc<Ctx>,
    /// The scheduler's wake-ups, taken when it starts.
    pub kicked:
        Option<tokio::sync::mpsc::UnboundedReceiver<(crate::store::DueKind, crate::store::Place)>>,
    /// The chats' default language (the menu for users of other languages).
    pub lang: Lang,
    /// Webhook mode, with the HTTP port; `None`: long polling.
    pub webhook: Option<(WebhookConfig, u16)>,
    /// Where the webhook route is served, once `setWebhook` succeeded.
    pub mount: Mount,
    pub retrier: Retrier,
    /// Turns `true` on SIGTERM.
    pub stop: watch::Receiver<bool>,
}

/// Runs the bot until a stop, or a fatal error.
pub(super) async fn run(mut b: Bot) -> Result<(), Fatal> {
    let (background_stop, background_stopped) = watch::channel(false);
    let mut background: Vec<JoinHandle<()>> = Vec::new();
    let result = loop {
        if let Err(e) = common_start_up(&mut b).await {
            break fatal(e);
        }
        if background.is_empty() {
            let rx = background_stopped.clone();
            let (_, kicked) = tokio::sync::mpsc::unbounded_channel();
            background.push(tokio::spawn(bot::effects::schedule::run(
                b.tg.clone(),
                b.ctx.clone(),
                b.kicked.take().unwrap_or(kicked),
                rx.clone(),
            )));
            background.push(tokio::spawn(bot::active::run_gauge(b.ctx.clone(), rx)));
        }
        let dispatched = match b.webhook.clone() {
            None => polling(&mut b).await,
            Some((hook, port)) => webhook(&mut b, &hook, port).await,
        };
        match dispatched {
            Err(e) => break fatal(e),
            Ok(Ok(())) => break Ok(()),
            Ok(Err(_)) if *b.stop.borrow() => break Ok(()),
            Ok(Err(e)) => match classify(&e) {
                Verdict::Retry { .. } => {
                    let error = b.retrier.describe(&e);
                    warn!(step = "getMe", error = %error, "Telegram went away again; starting over");
                    b.retrier.status().calling("getMe");
                    b.retrier.status().failed("getMe", &error);
                }
                Verdict::BadToken => {
                    break fatal(StartError::BadToken {
                        step: "getMe",
                        error: b.retrier.describe(&e),
                    });
                }
                Verdict::Refused => {
                    break fatal(StartError::Refused {
                        step: "getMe",
                        error: b.retrier.describe(&e),
                    });
                }
            },
        }
    };
    let _ = background_stop.send(true);
    for task in background {
        let _ = task.await;
    }
    result
}

/// The exit for a start-up call given up: none for a stop, 2 for what the configuration can
/// fix (the token, the webhook URL), 1 for the rest.
fn fatal(e: StartError) -> Result<(), Fatal> {
    match e {
        StartError::Stopped => Ok(()),
        StartError::BadToken { .. } => Err(Fatal::Config(e.to_string())),
        StartError::Refused {
            step: "setWebhook", ..
        } => Err(Fatal::Config(format!("{e} (check PARXIS_WEBHOOK_URL)"))),
        StartError::Refused { .. } => Err(Fatal::Runtime(e.to_string())),
    }
}

/// `getMe` (the token works, Telegram answers), then the `/` menus.
async fn common_start_up(b: &mut Bot) -> Result<(), StartError> {
    let tg = b.tg.clone();
    let me = b.retrier.call("getMe", || tg.get_me().send()).await?;
    info!(username = %me.username(), "Telegram answered getMe");
    if let Some(live) = &b.ctx.live {
        live.set_username(me.username());
    }
    register_commands(b).await
}

/// One `/` menu per language Telegram can name, plus the default one. A menu Telegram refuses
/// is left as it was (a warning), as before this retried.
async fn register_commands(b: &mut Bot) -> Result<(), StartError> {
    let mut menus: Vec<(Option<&'static str>, Lang)> = Lang::ALL
        .into_iter()
        .filter_map(|lang| telegram_code(lang).map(|code| (Some(code), lang)))
        .collect();
    menus.push((None, b.lang));
    for (code, lang) in menus {
        let tg = b.tg.clone();
        let commands = view::command_list(lang);
        let set = b
            .retrier
            .call("setMyCommands", || {
                let request = tg.set_my_commands(commands.clone());
                match code {
                    Some(code) => request.language_code(code).send(),
                    None => request.send(),
                }
            })
            .await;
        match set {
            Ok(_) => {}
            Err(StartError::Refused { error, .. }) => {
                warn!(code, error = %error, "setMyCommands refused; that menu stays as it was");
            }
            Err(e) => return Err(e),
        }
    }
    Ok(())
}

/// Long polling: delete a webhook left from webhook mode (Telegram refuses `getUpdates` while
/// one is set), then dispatch.
async fn polling(b: &mut Bot) -> Result<Result<(), RequestError>, StartError> {
    let tg = b.tg.clone();
    match b
        .retrier
        .call("getWebhookInfo", || tg.get_webhook_info().send())
        .await
    {
        Ok(info) if info.url.is_some() => {
            match b
                .retrier
                .call("deleteWebhook", || tg.delete_webhook().send())
                .await
            {
                Ok(_) => info!("webhook deleted: long polling"),
                Err(StartError::Refused { error, .. }) => {
                    warn!(error = %error, "deleteWebhook refused");
                }
                Err(e) => return Err(e),
            }
        }
        Ok(_) => {}
        Err(StartError::Refused { error, .. }) => warn!(error = %error, "getWebhookInfo refused"),
        Err(e) => return Err(e),
    }
    // The update kinds, `guest_message` among them, stated before teloxide's polling starts
    // (which states none then: Telegram keeps the bot's list).
    match b
        .retrier
        .call("getUpdates", || {
            let tg = tg.clone();
            async move { listen::ask_for_updates(&tg).await }
        })
        .await
    {
        Ok(()) => {}
        Err(StartError::Refused { error, .. }) => {
            warn!(error = %error, "the update kinds were refused: Telegram keeps the previous ones");
        }
        Err(e) => return Err(e),
    }
    let polling = Polling::builder(tg.clone()).timeout(POLL_TIMEOUT).build();
    let listener = listen::Listener::new(polling, tg, b.ctx.clone());
    b.retrier.status().up();
    info!("parxis bot running (long polling)");
    Ok(dispatch(b, listener, "getUpdates failed", || {}).await)
}

/// Webhook mode: `setWebhook`, then serve the webhook route on the HTTP port and dispatch.
/// On a stop the route is unmounted (new deliveries get 503, which Telegram retries, maybe at
/// another replica) and the updates already received are handled to the end.
async fn webhook(
    b: &mut Bot,
    hook: &WebhookConfig,
    port: u16,
) -> Result<Result<(), RequestError>, StartError> {
    let tg = b.tg.clone();
    let ctx = b.ctx.clone();
    let (router, listener) = b
        .retrier
        .call("setWebhook", || {
            webhook::webhook_router(&tg, &ctx, webhook::options(hook, port))
        })
        .await?;
    b.mount.set(router);
    b.retrier.status().up();
    info!(path = %hook.url.path(), "parxis bot running (webhook)");
    let mount = b.mount.clone();
    let dispatched = dispatch(b, listener, "webhook update listener failed", move || {
        mount.clear();
    })
    .await;
    b.mount.clear();
    Ok(dispatched)
}

/// Dispatches the updates of `listener` until a stop (then calls `on_stop` once the dispatcher
/// stopped taking updates, and returns when it has handled those it took). `Err` only when
/// the dispatcher's `getMe` failed before it started.
async fn dispatch<L>(
    b: &Bot,
    listener: L,
    listener_error: &'static str,
    on_stop: impl FnOnce() + Send + 'static,
) -> Result<(), RequestError>
where
    L: UpdateListener + Send,
    L::Err: Debug,
{
    let mut dispatcher = bot::dispatcher(b.tg.clone(), b.ctx.clone());
    let token = dispatcher.shutdown_token();
    let mut stop = b.stop.clone();
    let stopper = tokio::spawn(async move {
        stopped(&mut stop).await;
        info!("shutting down: no new updates, finishing the ones received");
        webhook::stop_dispatcher(&token, on_stop).await;
    });
    let dispatched = dispatcher
        .try_dispatch_with_listener(
            listener,
            LoggingErrorHandler::with_custom_text(listener_error),
        )
        .await;
    stopper.abort();
    dispatched
}
