#!/usr/bin/env bash
# Install smoke test: builds the .deb, installs it with apt (so dependencies resolve), starts the
# installed app under Xvfb through WebDriver, checks that it draws the board (screenshot saved as
# target/e2e-screenshots/installed-app.png) and that the installed engine /usr/bin/pbrain-gomoku
# answers START 15 and BEGIN, and that the .deb stays under 6 MB; then uninstalls it.
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
engine=/usr/bin/pbrain-gomoku
[ -x "$engine" ] || { echo "installed engine $engine missing" >&2; exit 1; }
reply=$(printf 'START 15\nBEGIN\nEND\n' | timeout 20 "$engine" | grep -v '^MESSAGE')
echo "pbrain-gomoku answered: $(echo "$reply" | tr '\n' ' ')"
[ "$(echo "$reply" | sed -n 1p)" = "OK" ] || { echo "no OK to START 15" >&2; exit 1; }
echo "$reply" | sed -n 2p | grep -Eq '^[0-9]+,[0-9]+$' || { echo "no move to BEGIN" >&2; exit 1; }
size=$(stat -c %s "$deb")
echo "deb size: $size bytes"
[ "$size" -lt $((6 * 1024 * 1024)) ] || { echo "the .deb is over 6 MB" >&2; exit 1; }
(cd tests/e2e && GOMOKU_APP="$app" xvfb-run -a cargo test --test app -- --test-threads 1 --nocapture installed_app_draws_the_board)
echo "== install smoke test passed"
