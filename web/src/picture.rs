//! Pictures of answers, where people would rather look than read: an N-queens placement as a
//! board (the `queens` crate's rendering), an FD domain as the values it has left.

use kanren_clj::Value;

/// The HTML picture of `v`, if it has one.
///
/// A placement is a seq or vector of n >= 4 queens that is a solution: either n column
/// numbers, one per row (from 0 or from 1), or n `[row column]` pairs. Anything else that
/// merely looks like numbers (a list `(1 2 3 4)`) is not a solution and stays text.
///
/// ```
/// use kanren_clj::eval_str;
/// let board = kanren_web::picture::of(&eval_str("[2 4 1 3]").unwrap()).unwrap();
/// assert_eq!(board.matches("♕").count(), 4);
/// let pairs = kanren_web::picture::of(&eval_str("'([1 2] [2 4] [3 1] [4 3])").unwrap());
/// assert!(pairs.is_some());
/// assert!(kanren_web::picture::of(&eval_str("[1 2 3 4]").unwrap()).is_none());
/// let dom = kanren_web::picture::of(&eval_str("(fd/domain 1 3 5)").unwrap()).unwrap();
/// assert_eq!(dom.matches("class=\"kept\"").count(), 3);
/// ```
pub fn of(v: &Value) -> Option<String> {
    if let Value::Domain(d) = v {
        return domain(&d.pieces());
    }
    let items = items(v)?;
    let board = columns(&items).or_else(|| pairs(&items))?;
    (board.len() >= 4 && queens::valid_solution(&board)).then(|| queens::board::board_html(&board))
}

/// The elements of a finite seq or vector (`None` for anything else, or one over a
/// hundred long: no board is that big).
fn items(v: &Value) -> Option<Vec<Value>> {
    if !v.is_sequential() {
        return None;
    }
    let mut out = Vec::new();
    let mut cur = v.clone();
    while let Some((first, rest)) = cur.uncons().ok()? {
        out.push(first);
        if out.len() > 100 {
            return None;
        }
        cur = rest;
    }
    Some(out)
}

fn int(v: &Value) -> Option<i64> {
    match v {
        Value::Int(i) => Some(*i),
        _ => None,
    }
}

/// Columns from 0: the numbers given, from 0 or from 1.
fn from_base(nums: &[i64]) -> Option<Vec<usize>> {
    let n = nums.len() as i64;
    let base = if nums.iter().all(|&c| (0..n).contains(&c)) {
        0
    } else if nums.iter().all(|&c| (1..=n).contains(&c)) {
        1
    } else {
        return None;
    };
    Some(nums.iter().map(|&c| (c - base) as usize).collect())
}

/// `[c1 c2 ...]`: the column of each row.
fn columns(items: &[Value]) -> Option<Vec<usize>> {
    let nums: Vec<i64> = items.iter().map(int).collect::<Option<_>>()?;
    from_base(&nums)
}

/// `([r c] ...)`: a queen per pair, every row once.
fn pairs(items: &[Value]) -> Option<Vec<usize>> {
    let mut rows = Vec::new();
    let mut cols = Vec::new();
    for it in items {
        let pair = self::items(it)?;
        let [r, c] = pair.as_slice() else {
            return None;
        };
        rows.push(int(r)?);
        cols.push(int(c)?);
    }
    let (rows, cols) = (from_base(&rows)?, from_base(&cols)?);
    let mut board = vec![usize::MAX; rows.len()];
    for (r, c) in rows.into_iter().zip(cols) {
        if board[r] != usize::MAX {
            return None;
        }
        board[r] = c;
    }
    Some(board)
}

/// A strip of the numbers from the domain's least to its greatest, those it keeps marked
/// (up to 64 numbers; a wider domain stays text).
fn domain(pieces: &[(i64, i64)]) -> Option<String> {
    let (lo, hi) = (pieces.first()?.0, pieces.last()?.1);
    if hi - lo >= 64 {
        return None;
    }
    let mut out = String::from("<div class=\"domain\">");
    for x in lo..=hi {
        let kept = pieces.iter().any(|&(a, b)| a <= x && x <= b);
        let class = if kept { "kept" } else { "gone" };
        out.push_str(&format!("<span class=\"{class}\">{x}</span>"));
    }
    out.push_str("</div>");
    Some(out)
}
