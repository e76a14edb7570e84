//! How WebKitGTK runs the page, chosen through its environment before any window exists (Linux
//! only; a no-op elsewhere, where the system's webview has its own policies). A variable the
//! person has set themselves is left as it is.

/// Sets the web process's environment. Call first in `main`, before any other thread exists.
pub fn configure() {
    #[cfg(target_os = "linux")]
    {
        software_drawing();
        full_garbage_collections();
    }
}

/// The page is a canvas and a side panel: WebKit's GPU compositing buys it nothing visible but
/// costs about 200 MB in the web process (its DMA-BUF buffers and Skia's GPU caches, measured by
/// `scripts/footprint.sh`) and half a second at start, and it is what leaves windows blank on
/// some GPU drivers. So compositing is off unless the person asks for it with
/// `GOMOKU_GPU_COMPOSITING=1`.
#[cfg(target_os = "linux")]
fn software_drawing() {
    let asked_for_gpu = std::env::var_os("GOMOKU_GPU_COMPOSITING").is_some_and(|v| v == "1");
    if !asked_for_gpu {
        set_unless_present("WEBKIT_DISABLE_COMPOSITING_MODE", "1");
    }
}

/// The page lives for hours, and JavaScriptCore's generational collector left its old
/// generation to fill with garbage: in 200 AI-vs-AI games it made only quick collections of the
/// young objects and never a full one, while the objects that had lived through one (each
/// notice's request and answer, each view) piled up with the WebKit memory they hold — the web
/// process grew ~0.2 MiB a game without a plateau. With every collection a full one the page's
/// live heap stays at ~10 MB and the web process flat (docs/soak-log.md); a full collection of
/// so small a heap takes milliseconds.
#[cfg(target_os = "linux")]
fn full_garbage_collections() {
    set_unless_present("JSC_useGenerationalGC", "0");
}

#[cfg(target_os = "linux")]
fn set_unless_present(name: &str, value: &str) {
    if std::env::var_os(name).is_none() {
        // `configure` runs before any other thread exists.
        std::env::set_var(name, value);
    }
}
