//! The page and its assets, built into the binary: nothing is read from disk at run time,
//! nothing is loaded from another origin, and the Content-Security-Policy says so.

use axum::http::{HeaderName, HeaderValue, header};

static INDEX: &str = include_str!("../../../../assets/webapp/index.html");
/// The page's script.
pub(super) static SCRIPT: &str = include_str!("../../../../assets/webapp/app.js");
/// The page's style sheet.
static STYLE: &str = include_str!("../../../../assets/webapp/app.css");

/// The page's style sheet and the printed boards' dark colours (the CSP allows no inline
/// style, so they come with it).
pub(super) fn style() -> &'static str {
    static WHOLE: std::sync::OnceLock<String> = std::sync::OnceLock::new();
    WHOLE.get_or_init(|| {
        let mut css = String::from(STYLE);
        for arms in crate::engine::Arms::ALL {
            css.push('\n');
            css.push_str(crate::render::image::board_dark_css(arms));
        }
        css
    })
}

/// Everything from this origin only; no inline script or style; the page may be framed by
/// Telegram's web clients only.
pub(super) const CSP: &str = "default-src 'none'; script-src 'self'; style-src 'self'; \
     img-src 'self' data:; connect-src 'self'; base-uri 'none'; form-action 'none'; \
     frame-ancestors https://web.telegram.org https://*.web.telegram.org";

/// The page served at `base` (its links to the script, style and requests start there).
#[must_use]
pub(super) fn index(base: &str) -> String {
    INDEX.replace("{{BASE}}", base)
}

/// The headers every answer of the live board carries.
pub(super) fn security_headers() -> [(HeaderName, HeaderValue); 4] {
    [
        (
            header::CONTENT_SECURITY_POLICY,
            HeaderValue::from_static(CSP),
        ),
        (
            header::X_CONTENT_TYPE_OPTIONS,
            HeaderValue::from_static("nosniff"),
        ),
        (
            header::REFERRER_POLICY,
            HeaderValue::from_static("no-referrer"),
        ),
        (header::CACHE_CONTROL, HeaderValue::from_static("no-store")),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_page_loads_only_its_own_script_and_style_from_its_base() {
        let page = index("/live");
        assert!(page.contains("src=\"/live/app.js\""));
        assert!(page.contains("href=\"/live/app.css\""));
        assert!(!page.contains("{{BASE}}"));
        // No inline script or style, and nothing from another origin.
        assert!(!page.contains("<script>") && !page.contains("style="));
        assert!(!page.contains("http://") && !page.contains("https://"));
        let script = SCRIPT.replace("'http://www.w3.org/2000/svg'", "");
        assert!(!script.contains("http://") && !script.contains("https://"));
        assert!(!SCRIPT.contains("eval(") && !SCRIPT.contains("new Function"));
    }
}
