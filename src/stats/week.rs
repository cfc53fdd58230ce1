//! R9.3 weeks: Monday 00:00 to Sunday 24:00 in the chat's time zone.
//!
//! The time-zone database is compiled into the program (`jiff` with its bundled tzdb), so
//! the answer does not depend on the machine's `/usr/share/zoneinfo`.

use std::fmt;

use jiff::Timestamp;
use jiff::civil::Weekday;
use jiff::tz::TimeZone;

/// R9.3 The default time zone of a chat.
pub const DEFAULT_ZONE: &str = "Europe/Madrid";

/// A chat's time zone (an IANA name such as `Europe/Madrid`).
#[derive(Clone, Debug)]
pub struct ChatZone {
    name: String,
    tz: TimeZone,
}

impl ChatZone {
    /// The zone of an IANA name; `None` for a name the database does not know.
    #[must_use]
    pub fn named(name: &str) -> Option<Self> {
        let tz = TimeZone::get(name).ok()?;
        Some(Self {
            name: tz.iana_name().unwrap_or(name).to_owned(),
            tz,
        })
    }

    /// The zone of a chat's setting: the named zone, or [`DEFAULT_ZONE`] when the setting is
    /// absent or unknown.
    #[must_use]
    pub fn or_default(name: Option<&str>) -> Self {
        name.and_then(Self::named).unwrap_or_default()
    }

    /// Its IANA name.
    #[must_use]
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The week that contains Unix millisecond `ms` in this zone. Instants outside the
    /// supported range (years −9999..=9999) fall in the nearest supported one.
    #[must_use]
    pub fn week_of(&self, ms: i64) -> WeekId {
        let ts = Timestamp::from_millisecond(ms).unwrap_or(if ms < 0 {
            Timestamp::MIN
        } else {
            Timestamp::MAX
        });
        let date = self.tz.to_datetime(ts).date();
        // The week of a date is named by its Monday, so a week never splits across years.
        let back = date.weekday().to_monday_zero_offset();
        let monday = (0..back)
            .try_fold(date, |d, _| d.yesterday())
            .unwrap_or(date);
        debug_assert_eq!(monday.weekday(), Weekday::Monday);
        WeekId {
            year: monday.year(),
            month: monday.month(),
            day: monday.day(),
        }
    }
}

impl ChatZone {
    /// The wall-clock hour (0..=23) and minute of Unix millisecond `ms` in this zone (the
    /// board's deadline as a clock time: "⏳ until 19:42"). Seconds are dropped, so the time
    /// shown is never later than `ms`.
    #[must_use]
    pub fn clock_of(&self, ms: i64) -> (u8, u8) {
        let ts = Timestamp::from_millisecond(ms).unwrap_or(if ms < 0 {
            Timestamp::MIN
        } else {
            Timestamp::MAX
        });
        let time = self.tz.to_datetime(ts).time();
        (
            u8::try_from(time.hour()).unwrap_or(0),
            u8::try_from(time.minute()).unwrap_or(0),
        )
    }

    /// How many minutes this zone's clock is ahead of UTC at Unix millisecond `ms` (summer
    /// time included).
    #[must_use]
    pub fn offset_min(&self, ms: i64) -> i64 {
        let ts = Timestamp::from_millisecond(ms).unwrap_or(Timestamp::UNIX_EPOCH);
        i64::from(self.tz.to_offset(ts).seconds()) / 60
    }

    /// The year, month and day of Unix millisecond `ms` in this zone.
    #[must_use]
    pub fn date_of(&self, ms: i64) -> (i16, u8, u8) {
        let ts = Timestamp::from_millisecond(ms).unwrap_or(Timestamp::UNIX_EPOCH);
        let date = self.tz.to_datetime(ts).date();
        (
            date.year(),
            u8::try_from(date.month()).unwrap_or(1),
            u8::try_from(date.day()).unwrap_or(1),
        )
    }
}

impl ChatZone {
    /// The day of the week of Unix millisecond `ms` in this zone: 0 for Monday to 6 for
    /// Sunday (a season's deadline: "by Sunday 20:00").
    #[must_use]
    pub fn weekday_of(&self, ms: i64) -> u8 {
        let ts = Timestamp::from_millisecond(ms).unwrap_or(if ms < 0 {
            Timestamp::MIN
        } else {
            Timestamp::MAX
        });
        let day = self.tz.to_datetime(ts).date().weekday();
        u8::try_from(day.to_monday_zero_offset()).unwrap_or(0)
    }
}

impl Default for ChatZone {
    fn default() -> Self {
        // The bundled database always has Europe/Madrid; UTC is the last resort.
        Self::named(DEFAULT_ZONE).unwrap_or_else(|| Self {
            name: "UTC".to_owned(),
            tz: TimeZone::UTC,
        })
    }
}

/// A week, named by the date of its Monday in the chat's zone, written `2026-11-30`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct WeekId {
    year: i16,
    month: i8,
    day: i8,
}

impl WeekId {
    /// The Monday's year, month (1..=12) and day.
    #[must_use]
    pub fn monday(self) -> (i16, i8, i8) {
        (self.year, self.month, self.day)
    }
}

impl fmt::Display for WeekId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:04}-{:02}-{:02}", self.year, self.month, self.day)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_deadline_reads_as_the_wall_clock_of_the_chat_s_zone_seconds_dropped() {
        // Given 2026-07-01 17:42:59 UTC (summer: Madrid is UTC+2, the Canaries UTC+1),
        let ms = 1_782_927_779_000;
        // Then Madrid reads 19:42, the Canaries 18:42, and the seconds never round up.
        assert_eq!(ChatZone::default().clock_of(ms), (19, 42));
        let canary = ChatZone::named("Atlantic/Canary").expect("a zone");
        assert_eq!(canary.clock_of(ms), (18, 42));
        // Given a winter date (Madrid UTC+1): 2026-01-15 00:30 UTC is 01:30 in Madrid.
        assert_eq!(ChatZone::default().clock_of(1_768_437_000_000), (1, 30));
    }

    #[test]
    fn a_deadline_s_day_of_the_week_is_the_chat_s_own() {
        // Given Sunday 2026-12-13 19:00 UTC (20:00 in Madrid, UTC+1 in winter),
        let ms = 1_797_188_400_000;
        // then it is a Sunday in Madrid and in London, and already Monday in Tokyo.
        assert_eq!(ChatZone::default().weekday_of(ms), 6);
        assert_eq!(ChatZone::default().clock_of(ms), (20, 0));
        let london = ChatZone::named("Europe/London").expect("a zone");
        assert_eq!(london.weekday_of(ms), 6);
        let tokyo = ChatZone::named("Asia/Tokyo").expect("a zone");
        assert_eq!(tokyo.weekday_of(ms), 0);
    }
}
