//! The page keeps the values it shares with Rust in `ui/shared.js` (between `/*json*/` and
//! `/*end*/`); every one of them must be what the Rust side says.

use gomoku::game::{Settings, MAX_NAME_CHARS};
use gomoku::{MAX_SIZE, MIN_SIZE};
use gomoku_session::error::AppError;
use gomoku_session::prefs::Preferences;
use gomoku_session::registry::NAME_MAX;
use gomoku_session::study_jobs::MAX_LINES;
use serde_json::{json, Value};

/// The page's shared values.
fn page() -> Value {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../ui/shared.js");
    let text = std::fs::read_to_string(path).expect("ui/shared.js");
    let start = text.find("/*json*/").expect("the opening marker") + "/*json*/".len();
    let end = text.find("/*end*/").expect("the closing marker");
    serde_json::from_str(&text[start..end]).expect("the page's shared values are JSON")
}

#[test]
fn limits_and_sizes_agree() {
    let page = page();
    assert_eq!(page["nameMaxChars"], json!(MAX_NAME_CHARS));
    assert_eq!(page["minBoardSize"], json!(MIN_SIZE));
    assert_eq!(page["maxBoardSize"], json!(MAX_SIZE));
    assert_eq!(page["engineNameMax"], json!(NAME_MAX));
    assert_eq!(page["analysisLines"], json!({ "min": 1, "max": MAX_LINES }));
}

#[test]
fn default_preferences_and_names_agree() {
    let page = page();
    let preferences = serde_json::to_value(Preferences::default()).unwrap();
    assert_eq!(page["defaultPreferences"], preferences);
    let names = serde_json::to_value(Settings::default().names).unwrap();
    assert_eq!(page["defaultNames"]["black"], names["black"]);
    assert_eq!(page["defaultNames"]["white"], names["white"]);
    assert_eq!(page["defaultNames"]["human"], preferences["humanName"]);
}

#[test]
fn the_page_knows_every_error_kind_it_words_itself_and_no_other() {
    let page = page();
    let words: Vec<&str> =
        page["errorKinds"].as_array().unwrap().iter().map(|k| k.as_str().unwrap()).collect();
    for kind in &words {
        assert!(AppError::KINDS.contains(kind), "the page words {kind}, which Rust never gives");
    }
    // The kinds the page shows Rust's message for (or handles without a message).
    let generic = ["cancelled", "engine", "noAutosave"];
    for kind in AppError::KINDS {
        assert!(
            words.contains(kind) || generic.contains(kind),
            "Rust gives {kind}: add it to ui/shared.js (and a message in ui/i18n.js)"
        );
    }
}
