//! `pbrain-gomoku`: the engine as a Gomocup brain on stdin/stdout.

fn main() {
    gomoku::protocol::serve_stdio();
}
