//! The sub-command words that `/tournament` and `/season` share, in English and in the
//! chat's words (ca, ca-ES-valencia, es), with or without accents: the texts show the chat's
//! own.

/// `start` and its translations.
#[must_use]
pub fn is_start(word: &str) -> bool {
    matches!(
        word,
        "start"
            | "comença"
            | "comenca"
            | "començar"
            | "comencar"
            | "inicia"
            | "iniciar"
            | "empieza"
            | "empezar"
            | "comienza"
            | "comenzar"
    )
}

/// `cancel` and its translations.
#[must_use]
pub fn is_cancel(word: &str) -> bool {
    matches!(
        word,
        "cancel"
            | "cancel·la"
            | "cancel.la"
            | "cancella"
            | "cancel·lar"
            | "cancela"
            | "cancelar"
            | "anul·la"
            | "anula"
            | "anular"
    )
}
