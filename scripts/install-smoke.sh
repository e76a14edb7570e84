#!/usr/bin/env bash
# Install smoke test: builds the .deb, installs it with apt (so dependencies resolve), starts the
# installed app under Xvfb through WebDriver, checks that it draws the board (screenshot saved as
# target/e2e-screenshots/installed-app.png), then uninstalls it.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/lib/deps.sh

bash scripts/bundle.sh
ensure_e2e_deps
ensure_tauri_driver
deb=$(ls -t target/release/bundle/deb/*.deb | head -n 1)
echo "== installing $deb"
dpkg -I "$deb"
as_root apt-get install -y -qq "./$deb"
trap 'as_root apt-get remove -y -qq gomoku >/dev/null || true' EXIT
app=/usr/bin/gomoku-app
[ -x "$app" ] || { echo "installed binary $app missing" >&2; exit 1; }
ls -l "$app"
(cd tests/e2e && GOMOKU_APP="$app" xvfb-run -a cargo test --test app -- --test-threads 1 --nocapture installed_app_draws_the_board)
echo "== install smoke test passed"
