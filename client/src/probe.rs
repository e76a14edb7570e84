//! Checks a program before it is added as an engine: it must answer `START 15` with `OK` and
//! `ABOUT` within a few seconds; the rules it accepts are those whose `INFO rule` it does not
//! answer with `ERROR`, the board sizes those whose `START` it answers `OK` (within a second).

/// The board sizes the app offers.
pub const SIZES: std::ops::RangeInclusive<u8> = 5..=22;
/// How long an engine may take to answer `START` for a size other than 15.
const SIZE_TIMEOUT: Duration = Duration::from_secs(1);

use super::brain::{start, EngineCommand, START_TIMEOUT};
use super::process::EngineProcess;
use super::{excerpt, ExternalError};
use gomoku::protocol::rule_code;
use gomoku::Rule;
use std::time::Duration;
use tokio::time::Instant;

/// What the probe learnt.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ProbeReport {
    /// The engine's `ABOUT` line.
    pub about: String,
    /// Its `name="…"` from `ABOUT`, if any.
    pub name: Option<String>,
    /// The rules it accepts.
    pub rules: Vec<Rule>,
    /// The board sizes it accepts.
    pub sizes: Vec<u8>,
}

/// Starts `command`, asks it `START 15`, `ABOUT` and each rule, and ends it.
///
/// # Errors
/// Any [`ExternalError`]: it did not start, answer in time, or answer `OK`.
pub fn probe(command: &EngineCommand) -> Result<ProbeReport, ExternalError> {
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .map_err(|e| ExternalError::Spawn(e.to_string()))?;
    runtime.block_on(async {
        let mut engine = EngineProcess::spawn(&command.path, &command.args)?;
        let report = ask(&mut engine).await;
        engine.shut_down(Duration::from_millis(300)).await;
        report
    })
}

async fn ask(engine: &mut EngineProcess) -> Result<ProbeReport, ExternalError> {
    start(engine, 15).await?;
    let about = about(engine).await?;
    let mut rules = vec![Rule::Freestyle];
    for rule in [Rule::Standard, Rule::Renju] {
        engine.send(&format!("INFO rule {}", rule_code(rule))).await?;
        // The ABOUT after it shows whether the rule was refused first.
        if !about_after_error(engine).await? {
            rules.push(rule);
        }
    }
    engine.send("INFO rule 0").await?;
    let sizes = sizes(engine).await?;
    Ok(ProbeReport { name: name_in(&about), about, rules, sizes })
}

/// The sizes whose `START` the engine answers `OK` in time (15 is known to be one). A size it
/// does not answer in time ends the probing of sizes (its state is unknown after that).
async fn sizes(engine: &mut EngineProcess) -> Result<Vec<u8>, ExternalError> {
    let mut accepted = Vec::new();
    for size in SIZES {
        if size == 15 {
            accepted.push(size);
            continue;
        }
        engine.send(&format!("START {size}")).await?;
        let deadline = Instant::now() + SIZE_TIMEOUT;
        match engine.answer(deadline, "START", &mut |_| {}).await {
            Ok(answer) if answer.eq_ignore_ascii_case("OK") => accepted.push(size),
            Ok(_) => {}
            Err(ExternalError::Timeout(_)) => break,
            Err(other) => return Err(other),
        }
    }
    accepted.sort_unstable();
    Ok(accepted)
}

async fn about(engine: &mut EngineProcess) -> Result<String, ExternalError> {
    engine.send("ABOUT").await?;
    let deadline = Instant::now() + START_TIMEOUT;
    let line = engine.answer(deadline, "ABOUT", &mut |_| {}).await?;
    if line.to_ascii_uppercase().starts_with("ERROR") {
        return Err(ExternalError::Refused(excerpt(&line, 120)));
    }
    Ok(excerpt(&line, 300))
}

/// Sends `ABOUT` and reads up to its answer; true when an `ERROR` came first.
async fn about_after_error(engine: &mut EngineProcess) -> Result<bool, ExternalError> {
    engine.send("ABOUT").await?;
    let deadline = Instant::now() + START_TIMEOUT;
    let line = engine.answer(deadline, "ABOUT", &mut |_| {}).await?;
    if line.to_ascii_uppercase().starts_with("ERROR") {
        engine.answer(deadline, "ABOUT", &mut |_| {}).await?;
        return Ok(true);
    }
    Ok(false)
}

/// The `name="…"` field of an `ABOUT` line.
pub fn name_in(about: &str) -> Option<String> {
    let start = about.find("name=\"")? + "name=\"".len();
    let end = about[start..].find('"')? + start;
    let name = about[start..end].trim();
    (!name.is_empty()).then(|| excerpt(name, 40))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_name_comes_from_about() {
        assert_eq!(name_in(r#"name="Rapfi", version="0.43""#), Some("Rapfi".into()));
        assert_eq!(name_in(r#"version="1", name="" "#), None);
        assert_eq!(name_in("just text"), None);
    }
}
