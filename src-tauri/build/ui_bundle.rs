//! The page as the app ships it: `ui/`'s plain ES modules joined into one script at build time,
//! so the webview loads one file instead of walking an import graph of forty (the source stays
//! plain modules: `node --test` and the preview use them as they are).
//!
//! The modules are our own and keep to a small form, checked here: imports are named
//! (`import { a, b as c } from './x.js';`, over several lines or one) or namespaces
//! (`import * as x from './x.js';`); exports are declarations at the start of a line
//! (`export function`, `export async function`, `export const`, `export class`); no cycles.
//! Each module becomes a function scope whose exports are returned as an object, evaluated in
//! dependency order — the order the browser evaluates the modules in. The bundle and the
//! stylesheet go inline into `index.html`, without their comment lines.

use std::collections::BTreeMap;
use std::fs;
use std::path::{Path, PathBuf};

/// One module's code with its imports and exports taken out.
struct Module {
    /// Its path relative to the page's folder (`board/geometry.js`).
    name: String,
    /// The modules it imports, as names.
    imports: Vec<String>,
    /// Its code with imports replaced by reads of the registry and `export ` dropped.
    body: String,
    /// The names it exports.
    exports: Vec<String>,
}

/// Writes the page to `out`: `index.html` with the stylesheet and the bundle inline, and every
/// other file of `ui` (the fonts) but its tests, its developer tools and the modules.
/// A file is written only when its content changes, so an unchanged page does not make cargo
/// build the app again.
pub fn write(ui: &Path, out: &Path) -> Result<(), String> {
    let bundle = strip_comments(&bundle(ui, "main.js")?);
    copy_assets(ui, ui, out)?;
    let page = read(&ui.join("index.html"))?;
    let styles = strip_comments(&read(&ui.join("styles.css"))?);
    write_file(&out.join("index.html"), &page_with_inline(&page, &styles, &bundle)?)
}

/// The page with the stylesheet and the bundle inline (one file to load: every file the webview
/// fetches from the app costs time in proportion to its size and a little more), without the
/// module preloads. Tauri adds the inline script's hash to the content security policy.
///
/// The bundle is a classic script at the end of the body, in a function scope (nothing leaks
/// into the global scope), not an inline module: the webview compiles a classic script's
/// functions lazily, when they first run, where a module is compiled whole before any of it
/// runs — ~140 ms less to the first frame here (docs/startup-log.md). Like a module it runs
/// after the markup is parsed, and in strict mode.
fn page_with_inline(page: &str, styles: &str, bundle: &str) -> Result<String, String> {
    let entry = r#"<script type="module" src="main.js"></script>"#;
    let sheet = r#"<link rel="stylesheet" href="styles.css">"#;
    for needed in [entry, sheet, "</body>"] {
        if !page.contains(needed) {
            return Err(format!("ui/index.html lacks {needed}"));
        }
    }
    if bundle.contains("</script") || styles.contains("</style") {
        return Err("the bundle or the stylesheet holds a closing tag".into());
    }
    let script = format!("<script>\n(() => {{\n'use strict';\n{bundle}}})();\n</script>\n</body>");
    let page = page
        .replace(sheet, &format!("<style>\n{styles}</style>"))
        .replace(entry, "")
        .replace("</body>", &script);
    Ok(page
        .lines()
        .filter(|line| !line.trim_start().starts_with(r#"<link rel="modulepreload""#))
        .collect::<Vec<_>>()
        .join("\n"))
}

/// The code without its comment lines, blank lines and indentation — about a third of the
/// bytes. Only whole lines go: a line that begins a `//` comment, the lines of a comment block
/// that begins a line; a comment after code stays. Lines inside a template literal are kept as
/// they are (a line with an odd number of unescaped backticks opens or closes one).
fn strip_comments(code: &str) -> String {
    let mut out = String::with_capacity(code.len());
    let (mut in_template, mut in_block) = (false, false);
    for line in code.lines() {
        let text = line.trim();
        if in_template {
            out.push_str(line);
            out.push('\n');
        } else if in_block || text.starts_with("/*") {
            in_block = !text.contains("*/");
            continue;
        } else if text.is_empty() || text.starts_with("//") {
            continue;
        } else {
            out.push_str(text);
            out.push('\n');
        }
        let backticks = line.matches('`').count() - line.matches("\\`").count();
        if backticks % 2 == 1 {
            in_template = !in_template;
        }
    }
    out
}

/// The modules reachable from `entry`, joined.
fn bundle(ui: &Path, entry: &str) -> Result<String, String> {
    let mut modules = BTreeMap::new();
    let mut order = Vec::new();
    visit(ui, entry, &mut Vec::new(), &mut modules, &mut order)?;
    let mut out = String::from("// Built from ui/*.js by src-tauri/build/ui_bundle.rs.\n");
    // When the script began to run (ms since navigation): the page's start-up marks use it.
    out.push_str("globalThis.__scriptStart = performance.now();\n");
    out.push_str("const __modules = Object.create(null);\n");
    for name in order {
        let module = &modules[&name];
        out.push_str(&format!(
            "__modules[{name:?}] = (() => {{\n{}\nreturn {{ {} }};\n}})();\n",
            module.body,
            module.exports.join(", ")
        ));
    }
    Ok(out)
}

/// Reads `name` and, first, every module it imports (depth first: dependencies come first).
fn visit(
    ui: &Path,
    name: &str,
    path: &mut Vec<String>,
    modules: &mut BTreeMap<String, Module>,
    order: &mut Vec<String>,
) -> Result<(), String> {
    if modules.contains_key(name) {
        return Ok(());
    }
    if path.iter().any(|n| n == name) {
        return Err(format!("an import cycle: {} → {name}", path.join(" → ")));
    }
    path.push(name.to_string());
    let module = parse(name, &read(&ui.join(name))?)?;
    for import in &module.imports {
        visit(ui, import, path, modules, order)?;
    }
    path.pop();
    order.push(name.to_string());
    modules.insert(name.to_string(), module);
    Ok(())
}

/// Splits a module into its imports, its exports and its code.
fn parse(name: &str, source: &str) -> Result<Module, String> {
    let mut module = Module {
        name: name.to_string(),
        imports: Vec::new(),
        body: String::new(),
        exports: Vec::new(),
    };
    let mut statement: Option<String> = None;
    for line in source.lines() {
        if let Some(text) = statement.as_mut() {
            text.push(' ');
            text.push_str(line.trim());
        } else if line.starts_with("import ") {
            statement = Some(line.trim().to_string());
        } else {
            let code = module.export_line(line)?;
            module.body.push_str(&code);
            module.body.push('\n');
            continue;
        }
        let text = statement.clone().unwrap_or_default();
        if text.ends_with(';') {
            let code = module.import_statement(&text)?;
            module.body.push_str(&code);
            module.body.push('\n');
            statement = None;
        }
    }
    if statement.is_some() {
        return Err(format!("{name}: an import statement does not end"));
    }
    Ok(module)
}

impl Module {
    /// `line` without its `export ` keyword, the exported name recorded.
    fn export_line(&mut self, line: &str) -> Result<String, String> {
        let Some(rest) = line.strip_prefix("export ") else { return Ok(line.to_string()) };
        let declared = ["async function ", "function ", "const ", "class "]
            .iter()
            .find_map(|kind| rest.strip_prefix(kind))
            .ok_or_else(|| {
                format!("{}: an export this bundler does not read: {line}", self.name)
            })?;
        let name: String = declared
            .trim_start_matches('*')
            .trim_start()
            .chars()
            .take_while(|c| c.is_alphanumeric() || *c == '_' || *c == '$')
            .collect();
        if name.is_empty() {
            return Err(format!("{}: an export without a simple name: {line}", self.name));
        }
        self.exports.push(name);
        Ok(rest.to_string())
    }

    /// An import statement as a read of the registry.
    fn import_statement(&mut self, text: &str) -> Result<String, String> {
        let bad = || format!("{}: an import this bundler does not read: {text}", self.name);
        let (clause, from) = text.rsplit_once(" from ").ok_or_else(bad)?;
        let from = from.trim_end_matches(';').trim().trim_matches(|c| c == '\'' || c == '"');
        let target = resolve(&self.name, from).ok_or_else(bad)?;
        let clause = clause.trim_start_matches("import").trim();
        let read = format!("__modules[{target:?}]");
        self.imports.push(target);
        if let Some(namespace) = clause.strip_prefix("* as ") {
            return Ok(format!("const {} = {read};", namespace.trim()));
        }
        let names = clause.strip_prefix('{').and_then(|c| c.strip_suffix('}')).ok_or_else(bad)?;
        let bindings: Vec<String> = names
            .split(',')
            .map(str::trim)
            .filter(|n| !n.is_empty())
            .map(|n| match n.split_once(" as ") {
                Some((name, local)) => format!("{}: {}", name.trim(), local.trim()),
                None => n.to_string(),
            })
            .collect();
        Ok(format!("const {{ {} }} = {read};", bindings.join(", ")))
    }
}

/// `from` (`./x.js`, `../x.js`) relative to the module `name`, as a name from the page's folder.
fn resolve(name: &str, from: &str) -> Option<String> {
    if !from.starts_with("./") && !from.starts_with("../") {
        return None;
    }
    let mut parts: Vec<&str> = name.split('/').collect();
    parts.pop();
    for part in from.split('/') {
        match part {
            "." => {}
            ".." => {
                parts.pop()?;
            }
            _ => parts.push(part),
        }
    }
    Some(parts.join("/"))
}

/// Copies every file of `dir` to `out` but the modules, and at the top `index.html`, the
/// README, the tests and the developer tools.
fn copy_assets(ui: &Path, dir: &Path, out: &Path) -> Result<(), String> {
    fs::create_dir_all(out).map_err(|e| format!("{}: {e}", out.display()))?;
    let entries = fs::read_dir(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    for entry in entries {
        let path = entry.map_err(|e| e.to_string())?.path();
        let file = path.file_name().and_then(|n| n.to_str()).unwrap_or_default().to_string();
        let top_level_skip = dir == ui
            && ["tests", "dev", "README.md", "index.html", "styles.css"].contains(&file.as_str());
        if top_level_skip || (path.is_file() && file.ends_with(".js")) {
            continue;
        }
        let target: PathBuf = out.join(&file);
        if path.is_dir() {
            copy_assets(ui, &path, &target)?;
        } else {
            let bytes = fs::read(&path).map_err(|e| format!("{}: {e}", path.display()))?;
            write_bytes(&target, &bytes)?;
        }
    }
    Ok(())
}

fn read(path: &Path) -> Result<String, String> {
    fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))
}

fn write_file(path: &Path, text: &str) -> Result<(), String> {
    write_bytes(path, text.as_bytes())
}

/// Writes `bytes` to `path` unless it already holds them.
fn write_bytes(path: &Path, bytes: &[u8]) -> Result<(), String> {
    if fs::read(path).is_ok_and(|old| old == bytes) {
        return Ok(());
    }
    fs::write(path, bytes).map_err(|e| format!("{}: {e}", path.display()))
}
