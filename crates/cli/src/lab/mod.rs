//! The lab: self-play data and what it tells about a variant (see
//! docs/lab.md). `menagerie selfplay` writes records; `menagerie lab values`
//! and `lab balance` read them. The Python package in `lab/` runs many
//! `selfplay` shards on a Ray cluster and gathers them.

pub mod balance;
pub mod fit;
pub mod records;
pub mod selfplay;
pub mod values;

/// `menagerie lab` commands.
#[derive(clap::Subcommand, Debug)]
pub enum LabCommand {
    /// Piece values in pawns with 95% intervals, from self-play records.
    Values(values::ValuesArgs),
    /// First-player score, draw rate, length and how games end.
    Balance(balance::BalanceArgs),
}

/// Runs a `menagerie lab` command.
///
/// # Errors
/// Unreadable records or variant, or no estimate possible from the data.
pub fn run(c: &LabCommand) -> anyhow::Result<()> {
    match c {
        LabCommand::Values(a) => values::run(a),
        LabCommand::Balance(a) => balance::run(a),
    }
}
