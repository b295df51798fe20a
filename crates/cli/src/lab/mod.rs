//! The lab: self-play data and what it tells about a variant (see
//! docs/lab.md). `menagerie selfplay` writes records; `menagerie lab values`
//! and `lab balance` read them; `lab report` draws both, with the scores by
//! ply, on one page. The Python package in `lab/` runs many
//! `selfplay` shards on a Ray cluster and gathers them.

pub mod balance;
pub mod fit;
pub mod records;
pub mod report;
pub mod selfplay;
pub mod svg;
pub mod tune;
pub mod values;

/// `menagerie lab` commands.
#[derive(clap::Subcommand, Debug)]
pub enum LabCommand {
    /// Piece values in pawns with 95% intervals, from self-play records.
    Values(values::ValuesCommand),
    /// First-player score, draw rate, length and how games end.
    Balance(balance::BalanceArgs),
    /// An HTML page (figures as SVG) and a JSON file of a variant's values,
    /// balance and scores by ply.
    Report(report::ReportArgs),
    /// Texel tuning: fit the evaluation's weights to self-play results and
    /// write them as a weights file.
    Tune(tune::TuneArgs),
}

/// Runs a `menagerie lab` command.
///
/// # Errors
/// Unreadable records or variant, or no estimate possible from the data.
pub fn run(c: &LabCommand) -> anyhow::Result<()> {
    match c {
        LabCommand::Values(a) => values::run(a),
        LabCommand::Balance(a) => balance::run(a),
        LabCommand::Report(a) => report::run(a),
        LabCommand::Tune(a) => tune::run(a),
    }
}
