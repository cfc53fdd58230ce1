//! `date_time` message entities (Bot API 9.5, 2026-03-01: "Added the MessageEntity type
//! “date_time”"; fields `unix_time` and `date_time_format` as grammY's
//! `DateTimeMessageEntity`), written in HTML as `<tg-time unix="…" format="…">text</tg-time>`:
//! each reader's app shows the time in their own zone; the text inside stays as the visible
//! fallback (older apps, notifications).

/// `date_time_format` of a short clock time ("19:42").
pub const SHORT_TIME: &str = "t";

/// `<tg-time>` around `fallback` (HTML already escaped), at `unix_s`, in `format`.
#[must_use]
pub fn tag(fallback: &str, unix_s: i64, format: &str) -> String {
    format!("<tg-time unix=\"{unix_s}\" format=\"{format}\">{fallback}</tg-time>")
}

/// `html` with the first `clock` ("19:42") after `marker` ("⏳") made a `date_time` entity
/// at `unix_s`; `html` as it is when it has none.
#[must_use]
pub fn mark_clock(html: &str, marker: &str, clock: &str, unix_s: i64) -> String {
    let Some(at) = html.find(marker) else {
        return html.to_owned();
    };
    let after = at + marker.len();
    let Some(rel) = html[after..].find(clock) else {
        return html.to_owned();
    };
    let start = after + rel;
    let end = start + clock.len();
    format!(
        "{}{}{}",
        &html[..start],
        tag(clock, unix_s, SHORT_TIME),
        &html[end..]
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_deadlines_clock_becomes_a_date_time_entity_and_nothing_else_changes() {
        let html = "🔴 Biel 🎲 3 — 19:42 · ⏳ until 19:42\n2. 19:42";
        assert_eq!(
            mark_clock(html, "⏳", "19:42", 1_700_000_000),
            "🔴 Biel 🎲 3 — 19:42 · ⏳ until <tg-time unix=\"1700000000\" format=\"t\">19:42</tg-time>\n2. 19:42"
        );
        assert_eq!(mark_clock("no timer", "⏳", "19:42", 1), "no timer");
        assert_eq!(
            mark_clock("⏳ until 7:05", "⏳", "19:42", 1),
            "⏳ until 7:05"
        );
    }
}
