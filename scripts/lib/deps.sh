# Shared helpers for the project's scripts: install what is missing, nothing more.

# Runs a command as root (directly, or through sudo when available).
as_root() {
  if [ "$(id -u)" -eq 0 ]; then "$@"; elif command -v sudo >/dev/null; then sudo "$@"; else
    echo "need root to run: $*" >&2; return 1; fi
}

apt_updated=0
# Installs Debian packages that are not installed yet.
ensure_packages() {
  local missing=()
  for pkg in "$@"; do
    dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q "install ok installed" || missing+=("$pkg")
  done
  [ ${#missing[@]} -eq 0 ] && return 0
  echo "== installing ${missing[*]}"
  if [ "$apt_updated" -eq 0 ]; then as_root apt-get update -qq; apt_updated=1; fi
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}"
}

# Makes sure cargo is on PATH (installs Debian's toolchain only when none is present).
ensure_rust() {
  [ -f "$HOME/.cargo/env" ] && source "$HOME/.cargo/env"
  command -v cargo >/dev/null && return 0
  ensure_packages cargo rustc
}

# Makes sure node (for the UI's tests and the bundler CLI) is present.
ensure_node() {
  command -v node >/dev/null && return 0
  ensure_packages nodejs npm
}

# System libraries Tauri 2 needs on Linux to build and run the app, plus Xvfb for headless windows.
TAURI_PACKAGES=(libwebkit2gtk-4.1-dev libgtk-3-dev librsvg2-dev libayatana-appindicator3-dev
  libxdo-dev libssl-dev pkg-config file)
E2E_PACKAGES=(xvfb xauth webkit2gtk-driver)

ensure_tauri_deps() {
  ensure_packages "${TAURI_PACKAGES[@]}"
}

ensure_e2e_deps() {
  ensure_packages "${E2E_PACKAGES[@]}"
}

# tauri-driver (the WebDriver intermediary for Tauri apps) from crates.io.
ensure_tauri_driver() {
  command -v tauri-driver >/dev/null && return 0
  cargo install tauri-driver --locked
}
