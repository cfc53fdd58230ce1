//! `parse_mode=HTML` as Telegram reads it: the allowed tags, properly nested, and entities.
//!
//! Stricter than Telegram on one point, on purpose: every `&`, `<` and `>` that is not
//! markup must be escaped (`&amp;`, `&lt;`, `&gt;`), as the Bot API documentation asks.

/// Tags Telegram accepts in HTML text.
const ALLOWED: &[&str] = &[
    "b",
    "strong",
    "i",
    "em",
    "u",
    "ins",
    "s",
    "strike",
    "del",
    "span",
    "tg-spoiler",
    "a",
    "code",
    "pre",
    "blockquote",
    "tg-emoji",
    // Bot API 9.5: a `date_time` entity.
    "tg-time",
];

/// Checks `html` and returns its plain text (tags removed, entities decoded), or the reason
/// Telegram would give after "can't parse entities: ".
pub(super) fn to_plain(html: &str) -> Result<String, String> {
    let mut out = String::with_capacity(html.len());
    let mut open: Vec<String> = Vec::new();
    let mut rest = html;
    while let Some(c) = rest.chars().next() {
        let offset = html.len() - rest.len();
        match c {
            '<' => {
                let end = rest
                    .find('>')
                    .ok_or_else(|| format!("Unclosed start tag at byte offset {offset}"))?;
                let tag = &rest[1..end];
                if let Some(name) = tag.strip_prefix('/') {
                    let name = name.trim().to_ascii_lowercase();
                    match open.pop() {
                        Some(top) if top == name => {}
                        Some(top) => {
                            return Err(format!(
                                "Can't find end tag corresponding to start tag \"{top}\" (found \"</{name}>\" at byte offset {offset})"
                            ));
                        }
                        None => {
                            return Err(format!("Unexpected end tag at byte offset {offset}"));
                        }
                    }
                } else {
                    let name = tag
                        .split_whitespace()
                        .next()
                        .unwrap_or_default()
                        .to_ascii_lowercase();
                    if !ALLOWED.contains(&name.as_str()) {
                        return Err(format!(
                            "Unsupported start tag \"{name}\" at byte offset {offset}"
                        ));
                    }
                    if name == "span" && !tag.contains("tg-spoiler") {
                        return Err(format!(
                            "Tag \"span\" must have class \"tg-spoiler\" at byte offset {offset}"
                        ));
                    }
                    if name == "tg-time"
                        && super::botapi::attr(tag, "unix")
                            .is_none_or(|u| u.is_empty() || !u.bytes().all(|b| b.is_ascii_digit()))
                    {
                        return Err(format!(
                            "Tag \"tg-time\" must have a numeric attribute \"unix\" at byte offset {offset}"
                        ));
                    }
                    open.push(name);
                }
                rest = &rest[end + 1..];
            }
            '>' => return Err(format!("Unescaped '>' at byte offset {offset} (use &gt;)")),
            '&' => {
                let end = rest
                    .find(';')
                    .filter(|&e| e <= 10)
                    .ok_or_else(|| format!("Unescaped '&' at byte offset {offset} (use &amp;)"))?;
                let decoded = entity(&rest[1..end])
                    .ok_or_else(|| format!("Unsupported HTML entity at byte offset {offset}"))?;
                out.push(decoded);
                rest = &rest[end + 1..];
            }
            _ => {
                out.push(c);
                rest = &rest[c.len_utf8()..];
            }
        }
    }
    if let Some(top) = open.pop() {
        return Err(format!(
            "Can't find end tag corresponding to start tag \"{top}\""
        ));
    }
    Ok(out)
}

/// The plain text of a piece of checked HTML (the pieces of a whole that was checked).
pub(super) fn to_plain_lenient(html: &str) -> Result<String, String> {
    let mut out = String::with_capacity(html.len());
    let mut rest = html;
    while let Some(c) = rest.chars().next() {
        match c {
            '<' => {
                let end = rest.find('>').ok_or("unclosed tag")?;
                rest = &rest[end + 1..];
            }
            '&' => {
                let end = rest.find(';').ok_or("bare &")?;
                out.push(entity(&rest[1..end]).ok_or("unknown entity")?);
                rest = &rest[end + 1..];
            }
            _ => {
                out.push(c);
                rest = &rest[c.len_utf8()..];
            }
        }
    }
    Ok(out)
}

fn entity(name: &str) -> Option<char> {
    match name {
        "lt" => Some('<'),
        "gt" => Some('>'),
        "amp" => Some('&'),
        "quot" => Some('"'),
        _ => {
            let number = name.strip_prefix('#')?;
            let code = match number.strip_prefix(['x', 'X']) {
                Some(hex) => u32::from_str_radix(hex, 16).ok()?,
                None => number.parse().ok()?,
            };
            char::from_u32(code)
        }
    }
}
