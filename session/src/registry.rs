//! The engines the person added: a list kept in the app's config directory (`engines.json`,
//! written atomically), each with its command, name, the rules it accepts and its time per move.

use gomoku::Rule;
use gomoku_client::EngineCommand;
use serde::{Deserialize, Serialize};
use std::path::PathBuf;

/// The longest name an engine may be given.
pub const NAME_MAX: usize = 40;
/// The shortest and longest time per move (ms) an engine may be given.
pub const MOVE_MS_RANGE: (u32, u32) = (100, 60_000);
/// The time per move of a newly added engine.
pub const DEFAULT_MOVE_MS: u32 = 1_000;

/// One added engine.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct EngineEntry {
    /// Stable id the page refers to it by (`e1`, `e2`, …): the page never sends a path.
    pub id: String,
    /// Shown name.
    pub name: String,
    /// The executable (chosen in the native file dialog).
    pub path: PathBuf,
    /// Its arguments.
    pub args: Vec<String>,
    /// Its `ABOUT` line.
    pub about: String,
    /// The rules it accepts.
    pub rules: Vec<Rule>,
    /// The board sizes it accepts (engines added before sizes were probed: 15 only).
    #[serde(default = "only_15")]
    pub sizes: Vec<u8>,
    /// Its time per move in milliseconds.
    pub move_ms: u32,
}

fn only_15() -> Vec<u8> {
    vec![15]
}

impl EngineEntry {
    /// Whether it plays `rule` on a board of side `size`.
    pub fn plays(&self, rule: Rule, size: u8) -> bool {
        self.rules.contains(&rule) && self.sizes.contains(&size)
    }

    /// How to start it.
    pub fn command(&self) -> EngineCommand {
        EngineCommand { path: self.path.clone(), args: self.args.clone() }
    }
}

/// The list of engines.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Registry {
    /// The engines, in the order added.
    pub engines: Vec<EngineEntry>,
    /// The number the next id gets.
    pub next_id: u32,
}

/// Why a change of the list was refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RegistryError {
    /// No engine has this id.
    Unknown(String),
    /// An empty or too long name.
    BadName,
    /// A time per move out of range.
    BadTime(u32),
}

impl std::fmt::Display for RegistryError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            RegistryError::Unknown(id) => write!(f, "there is no engine {id:?}"),
            RegistryError::BadName => write!(f, "an engine's name has 1 to {NAME_MAX} characters"),
            RegistryError::BadTime(ms) => write!(
                f,
                "{ms} ms per move is out of range ({}-{} ms)",
                MOVE_MS_RANGE.0, MOVE_MS_RANGE.1
            ),
        }
    }
}

impl Registry {
    /// Adds an engine; returns its id.
    ///
    /// # Errors
    /// [`RegistryError::BadName`].
    pub fn add(
        &mut self,
        name: &str,
        command: EngineCommand,
        about: String,
        rules: Vec<Rule>,
        sizes: Vec<u8>,
    ) -> Result<String, RegistryError> {
        let name = clean(name)?;
        self.next_id = self.next_id.max(1);
        let id = format!("e{}", self.next_id);
        self.next_id += 1;
        self.engines.push(EngineEntry {
            id: id.clone(),
            name,
            path: command.path,
            args: command.args,
            about,
            rules,
            sizes,
            move_ms: DEFAULT_MOVE_MS,
        });
        Ok(id)
    }

    /// The engine with `id`.
    ///
    /// # Errors
    /// [`RegistryError::Unknown`].
    pub fn get(&self, id: &str) -> Result<&EngineEntry, RegistryError> {
        self.engines.iter().find(|e| e.id == id).ok_or_else(|| RegistryError::Unknown(id.into()))
    }

    fn get_mut(&mut self, id: &str) -> Result<&mut EngineEntry, RegistryError> {
        self.engines
            .iter_mut()
            .find(|e| e.id == id)
            .ok_or_else(|| RegistryError::Unknown(id.into()))
    }

    /// Removes an engine.
    ///
    /// # Errors
    /// [`RegistryError::Unknown`].
    pub fn remove(&mut self, id: &str) -> Result<(), RegistryError> {
        self.get(id)?;
        self.engines.retain(|e| e.id != id);
        Ok(())
    }

    /// Renames an engine and sets its time per move.
    ///
    /// # Errors
    /// [`RegistryError`] for an unknown id, a bad name or time; nothing changes then.
    pub fn edit(&mut self, id: &str, name: &str, move_ms: u32) -> Result<(), RegistryError> {
        let name = clean(name)?;
        if !(MOVE_MS_RANGE.0..=MOVE_MS_RANGE.1).contains(&move_ms) {
            return Err(RegistryError::BadTime(move_ms));
        }
        let entry = self.get_mut(id)?;
        entry.name = name;
        entry.move_ms = move_ms;
        Ok(())
    }

    /// The list read back from a file, checked: entries with bad names or times are dropped.
    pub fn validated(mut self) -> Registry {
        self.engines.retain(|e| {
            clean(&e.name).is_ok() && (MOVE_MS_RANGE.0..=MOVE_MS_RANGE.1).contains(&e.move_ms)
        });
        let highest = self
            .engines
            .iter()
            .filter_map(|e| e.id.strip_prefix('e')?.parse::<u32>().ok())
            .max()
            .unwrap_or(0);
        self.next_id = self.next_id.max(highest + 1);
        self
    }
}

/// A name trimmed, with 1 to [`NAME_MAX`] characters and no control characters.
fn clean(name: &str) -> Result<String, RegistryError> {
    let name = name.trim();
    let count = name.chars().count();
    if count == 0 || count > NAME_MAX || name.chars().any(char::is_control) {
        return Err(RegistryError::BadName);
    }
    Ok(name.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn command() -> EngineCommand {
        EngineCommand { path: "/bin/engine".into(), args: vec![] }
    }

    #[test]
    fn engines_are_added_edited_and_removed_by_id() {
        let mut r = Registry::default();
        let a =
            r.add(" Rapfi ", command(), "about".into(), vec![Rule::Freestyle], vec![15]).unwrap();
        let b = r.add("Mine", command(), String::new(), vec![], vec![15]).unwrap();
        assert_ne!(a, b);
        assert_eq!(r.get(&a).unwrap().name, "Rapfi");
        r.edit(&a, "Rapfi 0.43", 500).unwrap();
        assert_eq!(
            (r.get(&a).unwrap().name.as_str(), r.get(&a).unwrap().move_ms),
            ("Rapfi 0.43", 500)
        );
        assert_eq!(r.edit(&a, "", 500), Err(RegistryError::BadName));
        assert_eq!(r.edit(&a, "x", 5), Err(RegistryError::BadTime(5)));
        assert_eq!(r.get(&a).unwrap().name, "Rapfi 0.43", "a refused edit changes nothing");
        r.remove(&a).unwrap();
        assert!(matches!(r.get(&a), Err(RegistryError::Unknown(_))));
        assert!(r.remove(&a).is_err());
        let c = r.add("Again", command(), String::new(), vec![], vec![15]).unwrap();
        assert_ne!(c, a, "ids are never reused");
    }

    #[test]
    fn a_file_read_back_drops_bad_entries_and_keeps_ids_fresh() {
        let mut r = Registry::default();
        let id = r.add("One", command(), String::new(), vec![], vec![15]).unwrap();
        r.engines.push(EngineEntry {
            id: "e9".into(),
            name: String::new(),
            ..r.engines[0].clone()
        });
        r.next_id = 0;
        let r = r.validated();
        assert_eq!(r.engines.len(), 1);
        assert_eq!(r.engines[0].id, id);
        assert!(r.next_id >= 2);
    }
}
