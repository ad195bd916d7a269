//! Whole-script look-alikes of Latin (a label written wholly in letters of
//! one script that all look like Latin letters, such as Cyrillic `асе`) and
//! labels of digits and digit look-alikes.

use icu_properties::CodePointMapData;
use icu_properties::props::Script;

use super::{DisplayReason, Tld};

/// A script whose letters can spell a Latin-looking label on their own.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum WholeScript {
    /// Armenian (`ոսւօ` reads as `nuuo`).
    Armenian,
    /// Bengali.
    Bengali,
    /// Cyrillic (`аррӏе` reads as `apple`).
    Cyrillic,
    /// Devanagari.
    Devanagari,
    /// Ethiopic.
    Ethiopic,
    /// Georgian.
    Georgian,
    /// Greek (`ικα` reads as `ika`).
    Greek,
    /// Gujarati.
    Gujarati,
    /// Gurmukhi.
    Gurmukhi,
    /// Hebrew.
    Hebrew,
    /// Kannada.
    Kannada,
    /// Malayalam.
    Malayalam,
    /// Myanmar.
    Myanmar,
    /// Oriya.
    Oriya,
    /// Tamil.
    Tamil,
    /// Telugu.
    Telugu,
    /// Thai.
    Thai,
}

impl WholeScript {
    /// The script's English name.
    pub fn name(self) -> &'static str {
        match self {
            WholeScript::Armenian => "Armenian",
            WholeScript::Bengali => "Bengali",
            WholeScript::Cyrillic => "Cyrillic",
            WholeScript::Devanagari => "Devanagari",
            WholeScript::Ethiopic => "Ethiopic",
            WholeScript::Georgian => "Georgian",
            WholeScript::Greek => "Greek",
            WholeScript::Gujarati => "Gujarati",
            WholeScript::Gurmukhi => "Gurmukhi",
            WholeScript::Hebrew => "Hebrew",
            WholeScript::Kannada => "Kannada",
            WholeScript::Malayalam => "Malayalam",
            WholeScript::Myanmar => "Myanmar",
            WholeScript::Oriya => "Oriya",
            WholeScript::Tamil => "Tamil",
            WholeScript::Telugu => "Telugu",
            WholeScript::Thai => "Thai",
        }
    }
}

/// One script's Latin look-alike letters and the ASCII top-level domains
/// where its users register names (a top-level domain written in the
/// script itself counts too).
struct Lookalikes {
    script: Script,
    whole: WholeScript,
    letters: &'static str,
    tlds: &'static [&'static str],
}

/// The letters that look like Latin ones in the fonts browsers use for the
/// address bar (Thai: the larger set, as on Linux).
const LOOKALIKES: &[Lookalikes] = &[
    Lookalikes {
        script: Script::Armenian,
        whole: WholeScript::Armenian,
        letters: "ագզէլհյոսւօՙ",
        tlds: &["am"],
    },
    Lookalikes {
        script: Script::Cyrillic,
        whole: WholeScript::Cyrillic,
        letters: "аысԁеԍһіюкјӏорԗԛѕԝхуъьҽпгѵѡ",
        tlds: &["bg", "by", "kz", "pyc", "ru", "su", "ua", "uz"],
    },
    Lookalikes {
        script: Script::Ethiopic,
        whole: WholeScript::Ethiopic,
        letters: "ሀሠሰስበነተከዐዕዘጠፐꬅ",
        tlds: &["er", "et"],
    },
    Lookalikes {
        script: Script::Georgian,
        whole: WholeScript::Georgian,
        letters: "იოყძხჽჿ",
        tlds: &["ge"],
    },
    Lookalikes {
        script: Script::Greek,
        whole: WholeScript::Greek,
        letters: "αικνρυωηοτ",
        tlds: &["gr"],
    },
    Lookalikes {
        script: Script::Hebrew,
        whole: WholeScript::Hebrew,
        letters: "דוחיןסװײ׳ﬦ",
        tlds: &["il"],
    },
    Lookalikes {
        script: Script::Bengali,
        whole: WholeScript::Bengali,
        letters: "০৭",
        tlds: &[],
    },
    Lookalikes {
        script: Script::Devanagari,
        whole: WholeScript::Devanagari,
        letters: "ऽ०ॱ",
        tlds: &[],
    },
    Lookalikes {
        script: Script::Gujarati,
        whole: WholeScript::Gujarati,
        letters: "ડટ૦૧",
        tlds: &[],
    },
    Lookalikes {
        script: Script::Gurmukhi,
        whole: WholeScript::Gurmukhi,
        letters: "੦੧",
        tlds: &[],
    },
    Lookalikes {
        script: Script::Kannada,
        whole: WholeScript::Kannada,
        letters: "ಽ೦೧",
        tlds: &[],
    },
    Lookalikes {
        script: Script::Malayalam,
        whole: WholeScript::Malayalam,
        letters: "ടഠധനറ൦",
        tlds: &[],
    },
    Lookalikes {
        script: Script::Oriya,
        whole: WholeScript::Oriya,
        letters: "ଠ୦୮",
        tlds: &[],
    },
    Lookalikes {
        script: Script::Tamil,
        whole: WholeScript::Tamil,
        letters: "டப௦",
        tlds: &[],
    },
    Lookalikes {
        script: Script::Telugu,
        whole: WholeScript::Telugu,
        letters: "౦౧",
        tlds: &[],
    },
    Lookalikes {
        script: Script::Myanmar,
        whole: WholeScript::Myanmar,
        letters: "ခဂငထပဝ၀၂ၔၜ\u{1090}\u{1091}\u{1095}\u{1096}\u{1097}",
        tlds: &["mm"],
    },
    Lookalikes {
        script: Script::Thai,
        whole: WholeScript::Thai,
        letters: "ทนบพรหเแ๐ดลปฟม",
        tlds: &["th"],
    },
];

/// Common Cyrillic words that are whole-script look-alikes but imitate no
/// Latin word.
const ALLOWED_WORDS: &[&str] = &[
    "секс",
    "как",
    "коса",
    "курс",
    "парк",
    "такий",
    "укроп",
    "сахарок",
    "покраска",
];

/// A single-script label wholly of one script's Latin look-alikes, under a
/// top-level domain that is not that script's.
pub(crate) fn check_whole_script(label: &str, tld: Tld<'_>) -> Result<(), DisplayReason> {
    let scripts = CodePointMapData::<Script>::new();
    for entry in LOOKALIKES {
        let mut any = false;
        let all = label
            .chars()
            .filter(|&c| scripts.get(c) == entry.script)
            .all(|c| {
                any = true;
                entry.letters.contains(c)
            });
        if !(any && all) {
            continue;
        }
        let tld_of_script = tld.unicode.chars().any(|c| scripts.get(c) == entry.script)
            || entry.tlds.contains(&tld.ascii);
        if !tld_of_script && !ALLOWED_WORDS.contains(&label) {
            return Err(DisplayReason::WholeScriptLookalike(entry.whole));
        }
    }
    Ok(())
}

/// Characters of other scripts that look like digits.
const DIGIT_LOOKALIKES: &str = "θ२২੨૨೩೭շзҙӡउওਤ੩૩౩ဒვპੜკ੫丩ㄐճ৪੪୫૭୨౨";

/// A label made only of ASCII digits and digit look-alikes, with at least
/// one look-alike.
pub(crate) fn check_digits(label: &str) -> Result<(), DisplayReason> {
    let mut lookalike = false;
    for c in label.chars() {
        if c.is_ascii_digit() {
            continue;
        }
        if DIGIT_LOOKALIKES.contains(c) {
            lookalike = true;
            continue;
        }
        return Ok(());
    }
    if lookalike {
        Err(DisplayReason::DigitLookalike)
    } else {
        Ok(())
    }
}
