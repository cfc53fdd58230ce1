//! Inline games' picture boards: an inline message cannot get a photo by upload, only by
//! URL, so each picture is kept here for a short while under its number and served at its
//! versioned URL by whichever replica Telegram's fetch reaches.

use super::error::StoreError;
use super::keys::{self, Place};
use super::redis_store::{Retry, Store};

/// How long a picture is kept at most: Telegram fetches it while it answers the edit that
/// names it, after which the drain drops it ([`Store::drop_picture`]); the TTL only bounds a
/// picture whose drop was lost (a replica stopped mid-edit). A retried edit keeps its picture
/// anew.
pub const PICTURE_TTL_SECS: u64 = 2 * 60;

/// The largest picture kept (Telegram takes photos by URL up to 5 MB; a board is about
/// 100 KB).
pub const MAX_PICTURE_BYTES: usize = 5 * 1024 * 1024;

impl Store {
    /// Keeps `png` as picture `n` of `place` for [`PICTURE_TTL_SECS`]. A picture over
    /// [`MAX_PICTURE_BYTES`] is not kept (Telegram would refuse it).
    ///
    /// # Errors
    /// [`StoreError::Unavailable`] when Redis is down; [`StoreError::InvalidArgument`] for a
    /// picture too large.
    pub async fn put_picture(&self, place: Place, n: u64, png: &[u8]) -> Result<(), StoreError> {
        if png.len() > MAX_PICTURE_BYTES {
            return Err(StoreError::InvalidArgument(format!(
                "a picture of {} bytes is over {MAX_PICTURE_BYTES}",
                png.len()
            )));
        }
        let mut cmd = redis::cmd("SET");
        cmd.arg(keys::picture(place, n))
            .arg(png)
            .arg("EX")
            .arg(PICTURE_TTL_SECS);
        let _: String = self.query("put_picture", Retry::Idempotent, &cmd).await?;
        Ok(())
    }

    /// Drops picture `n` of `place` (Telegram has answered the edit that named it: it has
    /// the file, or the edit will be made again with the picture kept anew).
    ///
    /// # Errors
    /// [`StoreError::Unavailable`] when Redis is down.
    pub async fn drop_picture(&self, place: Place, n: u64) -> Result<(), StoreError> {
        let mut cmd = redis::cmd("DEL");
        cmd.arg(keys::picture(place, n));
        let _: i64 = self.query("drop_picture", Retry::Idempotent, &cmd).await?;
        Ok(())
    }

    /// Picture `n` of `place`, while kept.
    ///
    /// # Errors
    /// [`StoreError::Unavailable`] when Redis is down.
    pub async fn picture(&self, place: Place, n: u64) -> Result<Option<Vec<u8>>, StoreError> {
        let mut cmd = redis::cmd("GET");
        cmd.arg(keys::picture(place, n));
        self.query("picture", Retry::Idempotent, &cmd).await
    }
}
