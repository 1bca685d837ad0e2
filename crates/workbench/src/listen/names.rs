//! Crate names for received problems, from what identifies the problem: the judge and the
//! problem's id in its URL (Luogu P4363 -> `p4363`, AtCoder abc201_d -> `abc201d`, Codeforces
//! 786/A -> `cf786a`, an unknown judge's `acm.zufe.edu.cn/problem.php?id=1001` -> `zufe1001`),
//! then up to three words of its name transliterated to ASCII (Cyrillic, Greek, accented Latin;
//! a script without a transliteration here, such as Chinese or Thai, gives no words). Where
//! neither gives anything, the judge's name and the task letter (`B. ...` -> `zufe-b`) or a
//! short hash of the URL. A name is at most [`MAX_NAME`] bytes, shortened at a word; a name
//! taken by another problem gets the next free suffix (`-2`, `-3`, ...) from [`candidates`].

/// Longest crate name made (what `cargo xtask new` accepts).
pub const MAX_NAME: usize = 64;

/// The crate name for the problem `name` at `url` (see the module documentation).
pub fn crate_name(url: &str, name: &str) -> String {
    let id = problem_id(url);
    let words = slug(name, id.as_deref());
    let mut parts: Vec<String> = Vec::new();
    if let Some(id) = &id {
        parts.push(id.clone());
    }
    if !words.is_empty() {
        parts.push(words);
    } else if id.is_none() {
        parts.push(judge_label(url).unwrap_or_else(|| "problem".to_string()));
        match task_letter(name) {
            Some(letter) => parts.push(letter),
            None => parts.push(format!("{:06x}", fnv(url.as_bytes()) & 0xff_ffff)),
        }
    }
    let joined = clean(&parts.join("-"));
    // A crate name starts with a letter.
    let named = if joined.starts_with(|c: char| c.is_ascii_lowercase()) {
        joined
    } else {
        format!("p{}", joined)
    };
    shorten(&named, MAX_NAME)
}

/// The names tried for a problem whose first choice is `base`, in order: `base`, then
/// `base-2`, `base-3`, ... each at most [`MAX_NAME`] bytes.
pub fn candidates(base: &str) -> impl Iterator<Item = String> + '_ {
    std::iter::once(base.to_string()).chain((2..1000).map(move |n| {
        let suffix = format!("-{}", n);
        format!("{}{}", shorten(base, MAX_NAME - suffix.len()), suffix)
    }))
}

/// What identifies a problem across sessions: its judge's id when the URL has one, else the URL
/// without its scheme, `www.`, fragment and trailing `/`.
pub fn problem_key(url: &str) -> String {
    if let Some(id) = problem_id(url) {
        return id;
    }
    let lower = url.trim().to_ascii_lowercase();
    let rest = lower.split_once("://").map_or(lower.as_str(), |(_, r)| r);
    let rest = rest.strip_prefix("www.").unwrap_or(rest);
    let rest = rest.split('#').next().unwrap_or_default();
    rest.trim_end_matches('/').to_string()
}

/// The judge and problem id of a URL: the judges known here by their URLs' shapes, other
/// sites by the first label of their host and the parts of the URL that hold a digit.
pub fn problem_id(url: &str) -> Option<String> {
    let lower = url.trim().to_ascii_lowercase();
    let rest = lower.split_once("://").map_or(lower.as_str(), |(_, r)| r);
    let (host, path) = rest.split_once('/').unwrap_or((rest, ""));
    let host = host.rsplit('@').next().unwrap_or_default();
    let host = host.split(':').next().unwrap_or_default();
    let path = path.split('#').next().unwrap_or_default();
    let (path, query) = path.split_once('?').unwrap_or((path, ""));
    let parts: Vec<&str> = path.split('/').filter(|p| !p.is_empty()).collect();
    let after = |key: &str| {
        let at = parts.iter().position(|p| *p == key)?;
        parts
            .get(at + 1)
            .map(|id| alnum(id))
            .filter(|id| !id.is_empty())
    };
    let param = |key: &str| {
        query
            .split('&')
            .find_map(|kv| kv.strip_prefix(key)?.strip_prefix('='))
            .map(alnum)
            .filter(|id| !id.is_empty())
    };
    let on = |site: &str| host == site || host.ends_with(&format!(".{}", site));
    let prefixed = |prefix: &str, id: Option<String>| id.map(|id| format!("{}{}", prefix, id));
    if on("luogu.com.cn") || on("luogu.org") {
        return after("problem");
    }
    if on("atcoder.jp") {
        return after("tasks");
    }
    if on("codeforces.com") || on("codeforces.ml") || on("codeforces.net") {
        // problemset/problem/786/A, contest/786/problem/A, gym/100001/problem/A
        let contest = parts.windows(2).find_map(|w| {
            (matches!(w[0], "contest" | "gym" | "problem")
                && w[1].bytes().all(|b| b.is_ascii_digit()))
            .then_some(w[1])
        })?;
        let index = parts.last()?;
        return Some(format!("cf{}{}", contest, alnum(index)));
    }
    if on("poj.org") {
        return prefixed("poj", param("id"));
    }
    if on("kattis.com") {
        return prefixed("kattis-", after("problems"));
    }
    if on("uoj.ac") {
        return prefixed("uoj", after("problem"));
    }
    if on("loj.ac") || on("libreoj.ac") {
        return prefixed("loj", after("p").or_else(|| after("problem")));
    }
    if on("cses.fi") {
        return prefixed("cses", after("task"));
    }
    if on("spoj.com") {
        return prefixed("spoj-", after("problems"));
    }
    if on("hdu.edu.cn") {
        return prefixed("hdu", param("pid"));
    }
    if on("timus.ru") || on("timus.online") {
        return prefixed("timus", param("num"));
    }
    if on("yukicoder.me") {
        return prefixed("yuki", after("no"));
    }
    if on("usaco.org") {
        return prefixed("usaco", param("cpid"));
    }
    if on("jutge.org") {
        let id = after("problems")?;
        // P12345_en: the language is not the problem.
        let id = id
            .strip_suffix("en")
            .or(id.strip_suffix("ca"))
            .unwrap_or(&id);
        return Some(format!("jutge-{}", id));
    }
    if on("dmoj.ca") {
        return prefixed("dmoj-", after("problem"));
    }
    // Another site: its name, then the parts of the URL with a digit (an id, not a word).
    let label = judge_label(url)?;
    let ids: Vec<String> = parts
        .iter()
        .copied()
        .chain(
            query
                .split('&')
                .filter_map(|kv| kv.split_once('=').map(|(_, v)| v)),
        )
        .map(alnum)
        .filter(|p| p.bytes().any(|b| b.is_ascii_digit()) && p.len() <= 12)
        .take(3)
        .collect();
    if ids.is_empty() {
        return None;
    }
    Some(format!("{}{}", label, ids.join("-")))
}

/// A site's name: the first label of its host past `www`, `acm`, `oj`, ... (`acm.zufe.edu.cn`
/// -> `zufe`, `open.kattis.com` -> `kattis`); none for an address.
fn judge_label(url: &str) -> Option<String> {
    let lower = url.trim().to_ascii_lowercase();
    let rest = lower.split_once("://").map_or(lower.as_str(), |(_, r)| r);
    let host = rest.split(['/', '?', '#']).next().unwrap_or_default();
    let host = host.rsplit('@').next().unwrap_or_default();
    let host = host.split(':').next().unwrap_or_default();
    if host.is_empty()
        || host.starts_with('[')
        || host.bytes().all(|b| b.is_ascii_digit() || b == b'.')
    {
        return None;
    }
    let labels: Vec<&str> = host.split('.').filter(|l| !l.is_empty()).collect();
    let skipped = [
        "www",
        "acm",
        "oj",
        "judge",
        "onlinejudge",
        "open",
        "m",
        "beta",
        "vjudge",
    ];
    let label = labels
        .iter()
        .take(labels.len().saturating_sub(1).max(1))
        .find(|l| !skipped.contains(l))
        .or(labels.first())?;
    let label = alnum(label);
    let label: String = label.chars().take(12).collect();
    (!label.is_empty()).then_some(label)
}

/// The task letter a contest's problem name starts with: `A.`, `B -`, `E1:`, `C)`.
pub fn task_letter(name: &str) -> Option<String> {
    let name = name.trim_start();
    let mut chars = name.char_indices();
    let (_, first) = chars.next()?;
    if !first.is_ascii_alphabetic() {
        return None;
    }
    let mut end = first.len_utf8();
    if let Some((i, c)) = chars.next() {
        if c.is_ascii_digit() {
            end = i + 1;
        }
    }
    let rest = name[end..].trim_start();
    let delimited = rest.starts_with(['.', '-', ':', ')', '．', '、', '：', '—', '–']);
    delimited.then(|| name[..end].to_ascii_lowercase())
}

/// Up to three lowercase ASCII words of a problem's name, joined by `-`: transliterated, without
/// bracketed notes (`[NOI2018]`), the problem's own id, a leading task letter (`A.`, `D -`) and
/// small words.
pub fn slug(name: &str, id: Option<&str>) -> String {
    let letter = task_letter(name);
    let mut plain = String::new();
    let mut depth = 0i32;
    for c in name.chars() {
        match c {
            '[' | '(' | '【' | '（' => depth += 1,
            ']' | ')' | '】' | '）' => depth = (depth - 1).max(0),
            c if depth == 0 => plain.push(c),
            _ => {}
        }
    }
    let words: Vec<String> = transliterate(&plain)
        .split(|c: char| !c.is_ascii_alphanumeric())
        .filter(|w| !w.is_empty())
        .map(str::to_ascii_lowercase)
        .collect();
    let mut kept = Vec::new();
    for (i, word) in words.iter().enumerate() {
        let task_letter = i == 0 && letter.as_deref() == Some(word.as_str());
        let is_id = id.is_some_and(|id| {
            (word.len() >= 3 && id.ends_with(word.as_str()))
                || id.split('-').any(|part| {
                    let digits = part.trim_start_matches(|c: char| !c.is_ascii_digit());
                    part == word || same_number(word, digits)
                })
        });
        let small = matches!(
            word.as_str(),
            "an" | "the" | "of" | "in" | "on" | "and" | "problem"
                // Russian prepositions and conjunctions, transliterated.
                | "s" | "v" | "i" | "na" | "po" | "k" | "o" | "iz" | "za" | "ot" | "do"
                // Portuguese and Spanish articles and prepositions.
                | "de" | "da" | "e" | "el" | "la" | "los" | "las" | "um" | "uma"
        );
        if !task_letter && !is_id && !small && kept.len() < 3 {
            kept.push(word.clone());
        }
    }
    kept.join("-")
}

/// Whether two strings of digits are one number (`1` and `0001`).
fn same_number(a: &str, b: &str) -> bool {
    let digits = |s: &str| !s.is_empty() && s.bytes().all(|c| c.is_ascii_digit());
    digits(a) && digits(b) && a.trim_start_matches('0') == b.trim_start_matches('0')
}

/// `text` with the letters of Cyrillic, Greek and accented Latin spelled in ASCII; other
/// characters are kept (and are word breaks for [`slug`]).
pub fn transliterate(text: &str) -> String {
    let mut out = String::new();
    for c in text.chars() {
        let lower = c.to_lowercase().next().unwrap_or(c);
        match ascii_of(lower) {
            Some(ascii) => out.push_str(ascii),
            None => out.push(c),
        }
    }
    out
}

/// The ASCII spelling of a lowercase letter, where one is known.
fn ascii_of(c: char) -> Option<&'static str> {
    Some(match c {
        // Russian, Ukrainian and Belarusian (the common romanization).
        'а' => "a",
        'б' => "b",
        'в' => "v",
        'г' => "g",
        'ґ' => "g",
        'д' => "d",
        'е' | 'ё' | 'є' | 'э' => "e",
        'ж' => "zh",
        'з' => "z",
        'и' | 'і' => "i",
        'ї' => "yi",
        'й' => "y",
        'к' => "k",
        'л' => "l",
        'м' => "m",
        'н' => "n",
        'о' => "o",
        'п' => "p",
        'р' => "r",
        'с' => "s",
        'т' => "t",
        'у' | 'ў' => "u",
        'ф' => "f",
        'х' => "kh",
        'ц' => "ts",
        'ч' => "ch",
        'ш' => "sh",
        'щ' => "shch",
        'ъ' | 'ь' => "",
        'ы' => "y",
        'ю' => "yu",
        'я' => "ya",
        // Greek.
        'α' | 'ά' => "a",
        'β' => "b",
        'γ' => "g",
        'δ' => "d",
        'ε' | 'έ' => "e",
        'ζ' => "z",
        'η' | 'ή' => "i",
        'θ' => "th",
        'ι' | 'ί' | 'ϊ' => "i",
        'κ' => "k",
        'λ' => "l",
        'μ' => "m",
        'ν' => "n",
        'ξ' => "x",
        'ο' | 'ό' => "o",
        'π' => "p",
        'ρ' => "r",
        'σ' | 'ς' => "s",
        'τ' => "t",
        'υ' | 'ύ' => "y",
        'φ' => "f",
        'χ' => "ch",
        'ψ' => "ps",
        'ω' | 'ώ' => "o",
        // Latin with marks.
        'à' | 'á' | 'â' | 'ã' | 'ä' | 'å' | 'ā' | 'ă' | 'ą' => "a",
        'æ' => "ae",
        'ç' | 'ć' | 'č' => "c",
        'ď' | 'đ' | 'ð' => "d",
        'è' | 'é' | 'ê' | 'ë' | 'ē' | 'ė' | 'ę' | 'ě' => "e",
        'ğ' | 'ģ' => "g",
        'ì' | 'í' | 'î' | 'ï' | 'ī' | 'į' | 'ı' => "i",
        'ķ' => "k",
        'ł' | 'ľ' | 'ļ' | 'ĺ' => "l",
        'ñ' | 'ń' | 'ň' | 'ņ' => "n",
        'ò' | 'ó' | 'ô' | 'õ' | 'ö' | 'ø' | 'ō' | 'ő' => "o",
        'œ' => "oe",
        'ř' | 'ŕ' => "r",
        'ś' | 'š' | 'ş' | 'ș' => "s",
        'ß' => "ss",
        'ť' | 'ţ' | 'ț' => "t",
        'ù' | 'ú' | 'û' | 'ü' | 'ū' | 'ů' | 'ű' | 'ų' => "u",
        'ý' | 'ÿ' => "y",
        'ź' | 'ż' | 'ž' => "z",
        'þ' => "th",
        _ => return None,
    })
}

/// Lowercase ASCII letters and digits of `text`.
fn alnum(text: &str) -> String {
    text.chars()
        .filter(char::is_ascii_alphanumeric)
        .map(|c| c.to_ascii_lowercase())
        .collect()
}

/// `text` as lowercase letters, digits and single hyphens, none at either end.
fn clean(text: &str) -> String {
    let mut out = String::new();
    for c in text.chars() {
        if c.is_ascii_alphanumeric() {
            out.push(c.to_ascii_lowercase());
        } else if !out.is_empty() && !out.ends_with('-') {
            out.push('-');
        }
    }
    out.trim_end_matches('-').to_string()
}

/// `name` cut to at most `max` bytes: at its last hyphen within them where there is one.
fn shorten(name: &str, max: usize) -> String {
    if name.len() <= max {
        return name.to_string();
    }
    let cut = &name[..max];
    let cut = match cut.rfind('-') {
        Some(at) if at >= max / 2 => &cut[..at],
        _ => cut,
    };
    cut.trim_end_matches('-').to_string()
}

/// FNV-1a: a short, stable hash (the same URL names the same crate in every session).
fn fnv(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |hash, &b| {
        (hash ^ u64::from(b)).wrapping_mul(0x100_0000_01b3)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_come_from_the_judge_the_id_and_the_words() {
        let cases = [
            (
                "https://www.luogu.com.cn/problem/P4363",
                "P4363 [九省联考 2018] 一双木棋 chess",
                "p4363-chess",
            ),
            (
                "https://atcoder.jp/contests/abc201/tasks/abc201_d",
                "D - Game in Momotetsu World",
                "abc201d-game-momotetsu-world",
            ),
            (
                "https://codeforces.com/problemset/problem/786/A",
                "A. Berzerk",
                "cf786a-berzerk",
            ),
            (
                "https://codeforces.com/contest/786/problem/A",
                "A. Berzerk",
                "cf786a-berzerk",
            ),
            (
                "http://poj.org/problem?id=2311",
                "Cutting Game",
                "poj2311-cutting-game",
            ),
            (
                "https://www.luogu.com.cn/problem/P1001",
                "P1001 A+B Problem",
                "p1001-a-b",
            ),
            ("https://example.com/x", "2048 Game", "p2048-game"),
            ("https://example.com/x", "Go", "go"),
            // The issue's names: each its own crate.
            (
                "https://uoj.ac/contest/5/problem/49",
                "B. 新年的新航线",
                "uoj49",
            ),
            ("https://uoj.ac/problem/1", "A + B Problem", "uoj1-a-b"),
            (
                "https://programming.in.th/task/0001",
                "1 โรงแรมในฝัน",
                "programming0001",
            ),
            (
                "https://neps.academy/br/exercise/253",
                "Soma Fácil",
                "neps253-soma-facil",
            ),
            (
                "https://codeforces.com/contest/1998/problem/A",
                "A. Игра с камнями",
                "cf1998a-igra-kamnyami",
            ),
            (
                "http://acm.zufe.edu.cn/problem.php?cid=1024&pid=1",
                "B. 新年的新航线",
                "zufe1024-1",
            ),
            (
                "http://noi.openjudge.cn/ch0105/",
                "43:质因数分解",
                "noich0105-43",
            ),
            (
                "https://open.kattis.com/problems/hello",
                "Hello World!",
                "kattis-hello-world",
            ),
            (
                "https://jutge.org/problems/P12345_en",
                "Joc de pedres",
                "jutge-p12345-joc-pedres",
            ),
            (
                "https://cses.fi/problemset/task/1097",
                "Removal Game",
                "cses1097-removal-game",
            ),
            (
                "http://noi.openjudge.cn/ch0105/01/",
                "01:求平均年龄",
                "noich0105-01",
            ),
            (
                "https://yukicoder.me/problems/no/1",
                "No.1 Game",
                "yuki1-no-game",
            ),
        ];
        for (url, name, expected) in cases {
            assert_eq!(crate_name(url, name), expected, "{} {}", url, name);
        }
    }

    #[test]
    fn a_name_without_words_or_id_is_the_judge_and_letter_or_a_hash() {
        assert_eq!(
            crate_name("https://contest.example/", "C. 新年"),
            "contest-c"
        );
        let hashed = crate_name("https://contest.example/x", "新年的新航线");
        assert!(
            hashed.starts_with("contest-") && hashed.len() == 14,
            "{}",
            hashed
        );
        // Stable, and different for another URL.
        assert_eq!(
            hashed,
            crate_name("https://contest.example/x", "新年的新航线")
        );
        assert_ne!(
            hashed,
            crate_name("https://contest.example/y", "新年的新航线")
        );
        // No host either: still a name.
        assert!(crate_name("", "题").starts_with("problem-"));
    }

    #[test]
    fn task_letters_need_their_delimiter() {
        assert_eq!(task_letter("A. Berzerk").as_deref(), Some("a"));
        assert_eq!(task_letter("D - Game").as_deref(), Some("d"));
        assert_eq!(task_letter("E1: Easy").as_deref(), Some("e1"));
        assert_eq!(task_letter("B．新年").as_deref(), Some("b"));
        assert_eq!(task_letter("A + B Problem"), None);
        assert_eq!(task_letter("Abc"), None);
        assert_eq!(task_letter("新年"), None);
        assert_eq!(slug("A. Berzerk", None), "berzerk");
        assert_eq!(slug("E1. Easy", None), "easy");
        assert_eq!(slug("A + B Problem", None), "a-b");
        assert_eq!(slug("dp core", None), "dp-core");
    }

    #[test]
    fn transliterates_cyrillic_greek_and_accents() {
        assert_eq!(transliterate("Игра с камнями"), "igra s kamnyami");
        assert_eq!(transliterate("Щука и ёж"), "shchuka i ezh");
        assert_eq!(transliterate("Ελλάδα"), "ellada");
        assert_eq!(transliterate("Soma Fácil, ação"), "Soma Facil, acao");
        assert_eq!(transliterate("新年 ok"), "新年 ok");
    }

    #[test]
    fn long_names_are_shortened_under_64_bytes_at_a_word() {
        let long = "Supercalifragilisticexpialidociousness Antidisestablishmentarianism Floccinaucinihilipilification";
        let name = crate_name("https://atcoder.jp/contests/arc999/tasks/arc999_f", long);
        assert!(name.len() <= MAX_NAME, "{} ({})", name, name.len());
        assert!(
            name.starts_with("arc999f-supercalifragilisticexpialidociousness"),
            "{}",
            name
        );
        assert!(!name.ends_with('-'));
        let word = "a".repeat(200);
        assert_eq!(crate_name("https://example.com/", &word).len(), MAX_NAME);
        let next: Vec<String> = candidates(&"b".repeat(64)).take(3).collect();
        assert_eq!(next[0].len(), 64);
        assert!(next[1].ends_with("-2") && next[1].len() == 64, "{:?}", next);
        assert_eq!(candidates("cf1a").nth(2).unwrap(), "cf1a-3");
    }

    #[test]
    fn the_same_problem_has_one_key() {
        assert_eq!(
            problem_key("https://codeforces.com/problemset/problem/786/A"),
            problem_key("https://codeforces.com/contest/786/problem/A")
        );
        assert_eq!(
            problem_key("https://www.example.com/task/x/"),
            problem_key("http://example.com/task/x#statement")
        );
        assert_ne!(
            problem_key("https://example.com/task/x"),
            problem_key("https://example.com/task/y")
        );
    }
}
