//! The variants embedded in the binary.

macro_rules! builtin {
    ($($file:literal),* $(,)?) => {
        &[$(($file, include_str!(concat!("../../../../variants/", $file)))),*]
    };
}

/// (file name, TOML text) of every built-in variant, in menu order.
pub const SOURCES: &[(&str, &str)] = builtin![
    "chess.toml",
    "capablanca.toml",
    "shogi.toml",
    "joshua.toml",
    "big-outer.toml",
    "missing-ox.toml",
    "gnuqi-mitregi.toml",
    "wildebisho-mitregi.toml",
    "foh-gnuqi-mitregi.toml",
    "toyang-gnuqi-mitregi.toml",
    "elefantnichtschach.toml",
    "generalnichtschach.toml",
    "schweinnichtschach.toml",
    "rajnichtschach.toml",
    "paschanichtschach.toml",
    "springernichtschach.toml",
    "baernichtschach.toml",
    "hummernichtschach.toml",
    "spaniennichtschach.toml",
    "spanien-springernichtschach.toml",
    "spanien-baernichtschach.toml",
    // Fairy-Stockfish's built-in variants, by its ids.
    "nocastle.toml",
    "amazon.toml",
    "nightrider.toml",
    "grasshopper.toml",
    "losalamos.toml",
    "gardner.toml",
    "almost.toml",
    "chaturanga.toml",
    "gothic.toml",
    "embassy.toml",
    "janus.toml",
    "centaur.toml",
    "modern.toml",
    "chancellor.toml",
    // The Asian chess families (Makruk, Shatranj, Xiangqi, Janggi).
    "makruk.toml",
    "makpong.toml",
    "asean.toml",
    "ai-wok.toml",
    "shatranj.toml",
    "courier.toml",
    "xiangqi.toml",
    "minixiangqi.toml",
    "manchu.toml",
    // Chess variants with pieces, promotions and castling only.
    "fairy.toml",
    "paradigm.toml",
    "hoppelpoppel.toml",
    "newzealand.toml",
    "perfect.toml",
    "georgian.toml",
    "torpedo.toml",
    "knightmate.toml",
    "grand.toml",
    "tencubed.toml",
    "opulent.toml",
    "shako.toml",
    "3check.toml",
    "5check.toml",
];
