//! The viewers of each game on this replica, and the saved games that reach them from every
//! replica through Redis pub/sub.
//!
//! After each save, the replica that saved publishes the table on the place's channel
//! (`<place>:live`, e.g. `parxis:{-100123}:live`; [`super::publish`], through the store's
//! request path) and offers it to its own viewers at once.
//! Each replica subscribes to the channel of a place while it has viewers of it, builds one
//! [`Frame`] per new version and sends it to all of them (a `broadcast` channel: a viewer too
//! slow for the frames skips to the newest, which is a whole state). Versions only go
//! forward: a frame older than the one shown is dropped.
//!
//! Nothing here is replayed: a viewer that connects, and every place after the subscriber
//! (re)connects to Redis, starts from the **stored** game (a load from the store), so a page
//! never depends on a message it may have missed.
//!
//! The subscriber follows the store's [`Target`]: classic `SUBSCRIBE` on one node, or on the
//! primary Sentinel names (asked again after each lost connection); on a cluster, sharded
//! `SSUBSCRIBE` (the saves are published with `SPUBLISH`, which reaches only the sharded
//! subscribers of the channel's slot). The cluster client subscribes again by itself after
//! a lost connection; each confirmation of a subscription catches its place up.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;

use futures_util::StreamExt;
use serde::{Deserialize, Serialize};
use tokio::sync::{broadcast, mpsc};
use tracing::{debug, warn};

use crate::bot::core::table::Table;
use crate::bot::core::view::live::Frame;
use crate::store::{Place, Store, Target};

/// Frames kept for a viewer that has not read the last ones (then it skips to the newest).
const BACKLOG: usize = 8;
/// Pause before the subscriber connects again after losing Redis.
const RECONNECT: Duration = Duration::from_millis(500);

/// The channel a place's saves are published on.
#[must_use]
pub fn channel(place: Place) -> String {
    format!("{}:live", place.prefix())
}

/// The message published after a save of `table` at `place` as `version` (`None`: it
/// could not be written).
#[must_use]
pub fn message(place: Place, version: u64, table: &Table) -> Option<String> {
    let message = Published {
        chat: place.chat,
        topic: place.topic,
        version,
        table: table.clone(),
    };
    serde_json::to_string(&message).ok()
}

/// What is published after a save.
#[derive(Serialize, Deserialize)]
struct Published {
    chat: i64,
    topic: Option<i32>,
    version: u64,
    table: Table,
}

/// One place watched on this replica.
struct Watched {
    tx: broadcast::Sender<Arc<Frame>>,
    latest: Option<Arc<Frame>>,
    viewers: usize,
}

enum Command {
    Subscribe(Place),
    Unsubscribe(Place),
}

/// The viewers of this replica, by place.
pub struct Hub {
    places: Mutex<HashMap<Place, Watched>>,
    commands: mpsc::UnboundedSender<Command>,
    store: Store,
    clock: fn() -> u64,
}

/// A viewer's place in the hub: dropping it leaves (the last one out unsubscribes).
pub struct Seat {
    hub: Arc<Hub>,
    place: Place,
}

impl Drop for Seat {
    fn drop(&mut self) {
        let mut places = self.hub.lock();
        let gone = match places.get_mut(&self.place) {
            Some(w) => {
                w.viewers = w.viewers.saturating_sub(1);
                w.viewers == 0
            }
            None => false,
        };
        if gone {
            places.remove(&self.place);
            let _ = self.hub.commands.send(Command::Unsubscribe(self.place));
        }
    }
}

impl Hub {
    /// A hub over `store` (its loads, and what it publishes), subscribing through the Redis
    /// at `redis_url`; its subscriber runs until the hub is dropped.
    ///
    /// # Errors
    /// `redis_url` is not a Redis address.
    pub fn start(
        store: Store,
        redis_url: &str,
        clock: fn() -> u64,
    ) -> Result<Arc<Self>, redis::RedisError> {
        redis::Client::open(redis_url)?;
        Ok(Self::start_on(
            store,
            Target::Single(redis_url.to_owned()),
            clock,
        ))
    }

    /// A hub over `store`, subscribing as `target` says (see the module docs); its
    /// subscriber runs until the hub is dropped.
    #[must_use]
    pub fn start_on(store: Store, target: Target, clock: fn() -> u64) -> Arc<Self> {
        let (commands, rx) = mpsc::unbounded_channel();
        let hub = Arc::new(Self {
            places: Mutex::new(HashMap::new()),
            commands,
            store,
            clock,
        });
        tokio::spawn(subscriber(Arc::downgrade(&hub), target, rx));
        hub
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, HashMap<Place, Watched>> {
        self.places.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// How many viewers this replica has, over all places.
    #[must_use]
    pub fn viewers(&self) -> usize {
        self.lock().values().map(|w| w.viewers).sum()
    }

    /// A new viewer of `place`: its seat, and the frames from now on.
    pub fn watch(self: &Arc<Self>, place: Place) -> (Seat, broadcast::Receiver<Arc<Frame>>) {
        let mut places = self.lock();
        let w = places.entry(place).or_insert_with(|| {
            let _ = self.commands.send(Command::Subscribe(place));
            Watched {
                tx: broadcast::channel(BACKLOG).0,
                latest: None,
                viewers: 0,
            }
        });
        w.viewers += 1;
        let rx = w.tx.subscribe();
        (
            Seat {
                hub: Arc::clone(self),
                place,
            },
            rx,
        )
    }

    /// A saved `table` of `place` at `version`: sent to the viewers here when it is newer
    /// than what they have. Returns the newest frame of the place (`None`: no viewer here).
    pub fn offer(&self, place: Place, version: u64, table: &Table) -> Option<Arc<Frame>> {
        {
            let places = self.lock();
            let w = places.get(&place)?;
            if let Some(latest) = &w.latest
                && latest.version >= version
            {
                return Some(Arc::clone(latest));
            }
        }
        // Built outside the lock (the scene takes a fraction of a millisecond).
        let frame = Arc::new(Frame::new(version, table.clone(), (self.clock)()));
        let mut places = self.lock();
        let w = places.get_mut(&place)?;
        match &w.latest {
            Some(latest) if latest.version >= version => Some(Arc::clone(latest)),
            _ => {
                w.latest = Some(Arc::clone(&frame));
                let _ = w.tx.send(Arc::clone(&frame));
                Some(frame)
            }
        }
    }

    /// The store this hub loads from and publishes through.
    pub(crate) fn store(&self) -> &Store {
        &self.store
    }

    /// The stored game of `place`, offered to its viewers here (a viewer's start, and
    /// every place after the subscriber reconnects). `None`: no game, or Redis unavailable.
    pub async fn catch_up(&self, place: Place) -> Option<Arc<Frame>> {
        match self.store.load::<Table>(place).await {
            Ok(Some(rec)) => self.offer(place, rec.version, &rec.state),
            Ok(None) => None,
            Err(e) => {
                debug!(chat = place.chat, error = %e, "live board: catch-up unavailable");
                None
            }
        }
    }

    fn watched(&self) -> Vec<Place> {
        self.lock().keys().copied().collect()
    }
}

/// Keeps this replica subscribed to the channels of the watched places, and offers what
/// arrives. On a lost connection it connects again, subscribes again, and catches every
/// watched place up from the store: after its own subscription where Redis does not say
/// (classic), at each confirmation where it does (sharded: the cluster client also
/// subscribes again by itself after a moved slot).
async fn subscriber(
    hub: std::sync::Weak<Hub>,
    target: Target,
    mut commands: mpsc::UnboundedReceiver<Command>,
) {
    let sharded = matches!(target, Target::Cluster { .. });
    loop {
        let connected = if sharded {
            Subscriptions::sharded(&target).await
        } else {
            Subscriptions::classic(&target).await
        };
        let mut subs = match connected {
            Ok(s) => s,
            Err(e) => {
                debug!(error = %e, sharded, "live board: subscriber cannot connect");
                if hub.upgrade().is_none() {
                    return;
                }
                tokio::time::sleep(RECONNECT).await;
                continue;
            }
        };
        let Some(h) = hub.upgrade() else { return };
        let mut ok = true;
        for place in h.watched() {
            ok &= subs.subscribe(place).await;
        }
        if !subs.confirms() {
            for place in h.watched() {
                h.catch_up(place).await;
            }
        }
        drop(h);
        while ok {
            tokio::select! {
                cmd = commands.recv() => {
                    let Some(cmd) = cmd else { return };
                    let Some(h) = hub.upgrade() else { return };
                    match cmd {
                        Command::Subscribe(place) => {
                            ok = subs.subscribe(place).await;
                            if !subs.confirms() {
                                // Whatever was saved before the subscription took effect.
                                h.catch_up(place).await;
                            }
                        }
                        Command::Unsubscribe(place) => {
                            // Still watched: a viewer came back meanwhile.
                            if !h.lock().contains_key(&place) {
                                ok = subs.unsubscribe(place).await;
                            }
                        }
                    }
                }
                heard = subs.next() => {
                    let Some(heard) = heard else { break };
                    let Some(h) = hub.upgrade() else { return };
                    match heard {
                        Heard::Message(payload) => h.received(&payload),
                        // Subscribed (again): whatever was saved before it took effect.
                        Heard::Subscribed(name) => {
                            if let Some(place) = h.place_of(&name) {
                                h.catch_up(place).await;
                            }
                        }
                        Heard::Other => {}
                    }
                }
            }
        }
        warn!(
            sharded,
            "live board: subscriber lost Redis; connecting again"
        );
        tokio::time::sleep(RECONNECT).await;
    }
}

impl Hub {
    /// A published save, offered to this replica's viewers of its place.
    fn received(&self, payload: &str) {
        match serde_json::from_str::<Published>(payload) {
            Ok(p) => {
                let place = Place {
                    chat: p.chat,
                    topic: p.topic,
                };
                self.offer(place, p.version, &p.table);
            }
            Err(e) => debug!(error = %e, "live board: message not understood"),
        }
    }

    /// The watched place whose channel is `name`.
    fn place_of(&self, name: &[u8]) -> Option<Place> {
        self.watched()
            .into_iter()
            .find(|&p| channel(p).as_bytes() == name)
    }
}

/// What a subscription connection heard.
enum Heard {
    /// A published save.
    Message(String),
    /// Redis confirmed a subscription to the channel of this name.
    Subscribed(Vec<u8>),
    /// Anything else.
    Other,
}

/// One connection's subscriptions: classic (`SUBSCRIBE` on one node, the primary under
/// Sentinel) or sharded (`SSUBSCRIBE` through a cluster client, RESP3 pushes).
enum Subscriptions {
    Classic {
        sink: redis::aio::PubSubSink,
        stream: redis::aio::PubSubStream,
    },
    Sharded {
        conn: redis::cluster_async::ClusterConnection,
        pushes: mpsc::UnboundedReceiver<redis::PushInfo>,
    },
}

impl Subscriptions {
    async fn classic(target: &Target) -> redis::RedisResult<Self> {
        let pubsub = target.subscriber_client().await?.get_async_pubsub().await?;
        let (sink, stream) = pubsub.split();
        Ok(Self::Classic { sink, stream })
    }

    async fn sharded(target: &Target) -> redis::RedisResult<Self> {
        let (tx, pushes) = mpsc::unbounded_channel::<redis::PushInfo>();
        let client = target.sharded_subscriber(tx).ok_or_else(|| {
            redis::RedisError::from((redis::ErrorKind::InvalidClientConfig, "not a cluster"))
        })??;
        let conn = client.get_async_connection().await?;
        Ok(Self::Sharded { conn, pushes })
    }

    /// Whether Redis says when a subscription takes effect ([`Heard::Subscribed`]).
    fn confirms(&self) -> bool {
        matches!(self, Self::Sharded { .. })
    }

    async fn subscribe(&mut self, place: Place) -> bool {
        match self {
            Self::Classic { sink, .. } => sink.subscribe(channel(place)).await.is_ok(),
            Self::Sharded { conn, .. } => conn.ssubscribe(channel(place)).await.is_ok(),
        }
    }

    async fn unsubscribe(&mut self, place: Place) -> bool {
        match self {
            Self::Classic { sink, .. } => sink.unsubscribe(channel(place)).await.is_ok(),
            Self::Sharded { conn, .. } => conn.sunsubscribe(channel(place)).await.is_ok(),
        }
    }

    /// What Redis says next; `None` once the connection is lost.
    async fn next(&mut self) -> Option<Heard> {
        use redis::{PushKind, Value};
        match self {
            Self::Classic { stream, .. } => {
                let msg = stream.next().await?;
                Some(
                    msg.get_payload::<String>()
                        .map_or(Heard::Other, Heard::Message),
                )
            }
            Self::Sharded { pushes, .. } => {
                let push = pushes.recv().await?;
                let text = |v: Option<&Value>| match v {
                    Some(Value::BulkString(b)) => Some(b.clone()),
                    Some(Value::SimpleString(s)) => Some(s.clone().into_bytes()),
                    _ => None,
                };
                Some(match push.kind {
                    PushKind::SMessage => text(push.data.get(1))
                        .and_then(|p| String::from_utf8(p).ok())
                        .map_or(Heard::Other, Heard::Message),
                    PushKind::SSubscribe => {
                        text(push.data.first()).map_or(Heard::Other, Heard::Subscribed)
                    }
                    _ => Heard::Other,
                })
            }
        }
    }
}
