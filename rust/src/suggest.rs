//! suggest: graphql-js's suggestions (jsutils/suggestionList.js, didYouMean.js), for
//! the validator's messages. No twin in js/src: TypeScript gets them from graphql-js.




// ---------------------------------------------------------------------------
// graphql-js's suggestions (jsutils/suggestionList.js, didYouMean.js)

/// The options close to `input`, closest first (Damerau-Levenshtein on the
/// lower-cased texts, within 40% of the input's length), ties in natural order.
pub fn suggestion_list(input: &str, options: &[&str]) -> Vec<String> {
    let threshold = input.encode_utf16().count() * 2 / 5 + 1;
    let mut found: Vec<(String, usize)> = Vec::new();
    for option in options {
        if found.iter().any(|(o, _)| o == option) {
            continue;
        }
        if let Some(d) = lexical_distance(input, option, threshold) {
            found.push((option.to_string(), d));
        }
    }
    found.sort_by(|(a, da), (b, db)| da.cmp(db).then_with(|| natural_compare(a, b)));
    found.into_iter().map(|(o, _)| o).collect()
}

fn lexical_distance(input: &str, option: &str, threshold: usize) -> Option<usize> {
    if input == option {
        return Some(0);
    }
    let input_lower: Vec<u16> = input.to_lowercase().encode_utf16().collect();
    let option_lower: Vec<u16> = option.to_lowercase().encode_utf16().collect();
    if input_lower == option_lower {
        return Some(1);
    }
    let (a, b) = if option_lower.len() < input_lower.len() {
        (&input_lower, &option_lower)
    } else {
        (&option_lower, &input_lower)
    };
    let (a_len, b_len) = (a.len(), b.len());
    if a_len - b_len > threshold {
        return None;
    }
    let mut rows = vec![vec![0usize; b_len + 1]; 3];
    for (j, cell) in rows[0].iter_mut().enumerate() {
        *cell = j;
    }
    for i in 1..=a_len {
        let mut smallest = i;
        rows[i % 3][0] = i;
        for j in 1..=b_len {
            let cost = usize::from(a[i - 1] != b[j - 1]);
            let mut cell = (rows[(i - 1) % 3][j] + 1).min(rows[i % 3][j - 1] + 1).min(rows[(i - 1) % 3][j - 1] + cost);
            if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                cell = cell.min(rows[(i - 2) % 3][j - 2] + 1);
            }
            smallest = smallest.min(cell);
            rows[i % 3][j] = cell;
        }
        if smallest > threshold {
            return None;
        }
    }
    let distance = rows[a_len % 3][b_len];
    (distance <= threshold).then_some(distance)
}

/// graphql-js's `naturalCompare`: runs of digits compare as numbers.
fn natural_compare(a: &str, b: &str) -> std::cmp::Ordering {
    use std::cmp::Ordering;
    let (a, b): (Vec<u16>, Vec<u16>) = (a.encode_utf16().collect(), b.encode_utf16().collect());
    let digit = |c: Option<&u16>| c.is_some_and(|c| (0x30..=0x39).contains(c));
    let (mut i, mut j) = (0, 0);
    while i < a.len() && j < b.len() {
        if digit(a.get(i)) && digit(b.get(j)) {
            let number = |s: &[u16], k: &mut usize| {
                let mut n: u64 = 0;
                loop {
                    let c = s.get(*k).copied().unwrap_or(0x30);
                    *k += 1;
                    n = n.saturating_mul(10).saturating_add(u64::from(c.saturating_sub(0x30)));
                    if !(digit(s.get(*k)) && n > 0) {
                        return n;
                    }
                }
            };
            let (x, y) = (number(&a, &mut i), number(&b, &mut j));
            match x.cmp(&y) {
                Ordering::Equal => {}
                other => return other,
            }
        } else {
            match a[i].cmp(&b[j]) {
                Ordering::Equal => {}
                other => return other,
            }
            i += 1;
            j += 1;
        }
    }
    a.len().cmp(&b.len())
}

/// ` Did you mean "a", "b", or "c"?` (at most five), or nothing.
pub fn did_you_mean(suggestions: &[String]) -> String {
    let quoted: Vec<String> = suggestions.iter().map(|s| format!("\"{s}\"")).collect();
    match quoted.as_slice() {
        [] => String::new(),
        [one] => format!(" Did you mean {one}?"),
        [one, two] => format!(" Did you mean {one} or {two}?"),
        more => match more.get(..5.min(more.len())).unwrap_or(more).split_last() {
            Some((last, rest)) => format!(" Did you mean {}, or {last}?", rest.join(", ")),
            None => String::new(),
        },
    }
}

