//! Start-up against Telegram: the calls the bot must get answered before it takes updates
//! (`getMe`, `setMyCommands`, and `setWebhook` or `deleteWebhook`), retried with logged
//! exponential backoff while Telegram is unreachable, with what `/readyz` says meanwhile.
//!
//! A network error, a 5xx or a 429 is waited out (honouring `retry_after`) for as long as it
//! takes; a refused token stops the bot; SIGTERM ends any wait at once.

mod backoff;
mod retry;
mod status;
mod verdict;

pub use self::backoff::RetryPolicy;
pub use self::retry::{Retrier, StartError, stopped};
pub use self::status::{TelegramStatus, rfc3339};
pub use self::verdict::{Verdict, classify, describe};
