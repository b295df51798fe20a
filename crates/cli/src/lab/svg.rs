//! The chart shapes the lab report draws — values with error bars, a line
//! over plies, named lines over tuning iterations, shares as bars — as
//! inline SVG strings.
//!
//! Written by hand: each is a few rectangles, lines and labels, and the
//! charting crates (plotters) would bring font handling into the build for
//! that. Every number shown is also in the report's JSON.

use std::fmt::Write;

/// Width and height of every chart, in SVG units.
const WIDTH: f64 = 640.0;
const HEIGHT: f64 = 300.0;
/// Room for labels on the left and at the bottom.
const LEFT: f64 = 120.0;
const BOTTOM: f64 = 40.0;
const TOP: f64 = 20.0;
const RIGHT: f64 = 50.0;

/// Escapes text for SVG and HTML.
#[must_use]
pub fn escape(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

fn open(title: &str) -> String {
    format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 {WIDTH} {HEIGHT}\" \
         role=\"img\" aria-label=\"{}\" font-family=\"sans-serif\" font-size=\"12\">",
        escape(title)
    )
}

/// Maps `lo..hi` onto the plot's width.
fn x_scale(lo: f64, hi: f64) -> impl Fn(f64) -> f64 {
    let span = (hi - lo).max(f64::EPSILON);
    move |x| LEFT + (x - lo) / span * (WIDTH - LEFT - RIGHT)
}

/// Maps `lo..hi` onto the plot's height (up).
fn y_scale(lo: f64, hi: f64) -> impl Fn(f64) -> f64 {
    let span = (hi - lo).max(f64::EPSILON);
    move |y| HEIGHT - BOTTOM - (y - lo) / span * (HEIGHT - BOTTOM - TOP)
}

/// Horizontal bars with a whisker each: `(label, value, low, high)`, one
/// row a label, the axis from 0 to the largest `high`.
#[must_use]
pub fn interval_bars(title: &str, unit: &str, rows: &[(String, f64, f64, f64)]) -> String {
    let hi = rows.iter().map(|r| r.3.max(r.1)).fold(1.0, f64::max);
    let x = x_scale(0.0, hi);
    let row_h = (HEIGHT - BOTTOM - TOP) / rows.len().max(1) as f64;
    let mut s = open(title);
    for (i, (label, v, lo, hi)) in rows.iter().enumerate() {
        let y = TOP + row_h * i as f64;
        let mid = y + row_h / 2.0;
        let _ = write!(
            s,
            "<text x=\"{:.1}\" y=\"{:.1}\" text-anchor=\"end\">{}</text>\
             <rect x=\"{LEFT}\" y=\"{:.1}\" width=\"{:.1}\" height=\"{:.1}\" fill=\"#7aa6d8\"/>\
             <line x1=\"{:.1}\" x2=\"{:.1}\" y1=\"{mid:.1}\" y2=\"{mid:.1}\" stroke=\"#222\"/>\
             <text x=\"{:.1}\" y=\"{:.1}\">{v:.2}</text>",
            LEFT - 6.0,
            mid + 4.0,
            escape(label),
            y + row_h * 0.2,
            (x(*v) - LEFT).max(0.0),
            row_h * 0.6,
            x(lo.max(0.0)),
            x(*hi),
            x(*hi) + 4.0,
            mid + 4.0,
        );
    }
    axis_x(&mut s, 0.0, hi, unit, &x);
    s.push_str("</svg>");
    s
}

/// A line through `(x, y)` points with a zero line, y from `lo` to `hi`.
#[must_use]
pub fn line(title: &str, x_unit: &str, points: &[(f64, f64)], lo: f64, hi: f64) -> String {
    let x_hi = points.iter().map(|p| p.0).fold(1.0, f64::max);
    let x = x_scale(0.0, x_hi);
    let y = y_scale(lo, hi);
    let mut s = open(title);
    let _ = write!(
        s,
        "<line x1=\"{LEFT}\" x2=\"{:.1}\" y1=\"{:.1}\" y2=\"{:.1}\" stroke=\"#bbb\"/>",
        WIDTH - RIGHT,
        y(0.0),
        y(0.0)
    );
    for v in [lo, hi] {
        let _ = write!(
            s,
            "<text x=\"{:.1}\" y=\"{:.1}\" text-anchor=\"end\">{v:.0}</text>",
            LEFT - 6.0,
            y(v) + 4.0
        );
    }
    let path: Vec<String> = points
        .iter()
        .map(|&(px, py)| format!("{:.1},{:.1}", x(px), y(py.clamp(lo, hi))))
        .collect();
    let _ = write!(
        s,
        "<polyline fill=\"none\" stroke=\"#c0392b\" stroke-width=\"2\" points=\"{}\"/>",
        path.join(" ")
    );
    axis_x(&mut s, 0.0, x_hi, x_unit, &x);
    s.push_str("</svg>");
    s
}

/// Line colours of [`series`], in turn.
const PALETTE: [&str; 8] = [
    "#c0392b", "#2471a3", "#229954", "#b9770e", "#7d3c98", "#17a589", "#566573", "#d35400",
];

/// Several named lines over the same steps (`labels`, evenly spaced),
/// y from 0 to the largest value; each line is named at its last point.
#[must_use]
pub fn series(title: &str, labels: &[String], rows: &[(String, Vec<f64>)]) -> String {
    let steps = labels.len().max(2) - 1;
    let x = x_scale(0.0, steps as f64);
    let hi = rows
        .iter()
        .flat_map(|r| r.1.iter().copied())
        .fold(1.0, f64::max);
    let y = y_scale(0.0, hi);
    let mut s = open(title);
    for (i, label) in labels.iter().enumerate() {
        let _ = write!(
            s,
            "<text x=\"{:.1}\" y=\"{:.1}\" text-anchor=\"middle\">{}</text>",
            x(i as f64),
            HEIGHT - BOTTOM + 14.0,
            escape(label)
        );
    }
    let _ = write!(
        s,
        "<text x=\"{:.1}\" y=\"{:.1}\" text-anchor=\"end\">{hi:.0}</text>",
        LEFT - 6.0,
        y(hi) + 4.0
    );
    for (k, (name, values)) in rows.iter().enumerate() {
        let colour = PALETTE[k % PALETTE.len()];
        let points: Vec<String> = values
            .iter()
            .enumerate()
            .map(|(i, &v)| format!("{:.1},{:.1}", x(i as f64), y(v)))
            .collect();
        let _ = write!(
            s,
            "<polyline fill=\"none\" stroke=\"{colour}\" stroke-width=\"2\" points=\"{}\"/>",
            points.join(" ")
        );
        if let Some(&last) = values.last() {
            let _ = write!(
                s,
                "<text x=\"{:.1}\" y=\"{:.1}\" fill=\"{colour}\">{}</text>",
                x((values.len() - 1) as f64) + 4.0,
                y(last) + 4.0,
                escape(name)
            );
        }
    }
    let _ = write!(
        s,
        "<line x1=\"{LEFT}\" x2=\"{:.1}\" y1=\"{:.1}\" y2=\"{:.1}\" stroke=\"#222\"/>",
        WIDTH - RIGHT,
        y(0.0),
        y(0.0)
    );
    s.push_str("</svg>");
    s
}

/// Shares (0 to 1) as horizontal bars labelled with their percentage.
#[must_use]
pub fn shares(title: &str, rows: &[(String, f64)]) -> String {
    let with_whiskers: Vec<(String, f64, f64, f64)> = rows
        .iter()
        .map(|(l, v)| (l.clone(), v * 100.0, v * 100.0, v * 100.0))
        .collect();
    interval_bars(title, "% of games", &with_whiskers)
}

fn axis_x(s: &mut String, lo: f64, hi: f64, unit: &str, x: &impl Fn(f64) -> f64) {
    let base = HEIGHT - BOTTOM;
    let _ = write!(
        s,
        "<line x1=\"{LEFT}\" x2=\"{:.1}\" y1=\"{base}\" y2=\"{base}\" stroke=\"#222\"/>\
         <text x=\"{:.1}\" y=\"{:.1}\">{lo:.0}</text>\
         <text x=\"{:.1}\" y=\"{:.1}\" text-anchor=\"end\">{hi:.1}</text>\
         <text x=\"{:.1}\" y=\"{:.1}\" text-anchor=\"middle\">{}</text>",
        WIDTH - RIGHT,
        x(lo),
        base + 14.0,
        x(hi),
        base + 14.0,
        (LEFT + WIDTH - RIGHT) / 2.0,
        base + 32.0,
        escape(unit)
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bars_place_values_and_escape_labels() {
        let svg = interval_bars(
            "values",
            "pawns",
            &[
                ("Knight".into(), 3.0, 2.5, 3.5),
                ("<Q>".into(), 9.0, 8.0, 10.0),
            ],
        );
        assert!(svg.starts_with("<svg") && svg.ends_with("</svg>"));
        assert!(svg.contains("&lt;Q&gt;") && !svg.contains("<Q>"));
        // The axis runs to the largest interval end, 10: the queen's bar
        // is 90% of the plot's width, the knight's 30%.
        let plot = WIDTH - LEFT - RIGHT;
        assert!(svg.contains(&format!("width=\"{:.1}\"", plot * 0.9)));
        assert!(svg.contains(&format!("width=\"{:.1}\"", plot * 0.3)));
    }

    #[test]
    fn series_draw_one_named_line_each_up_to_the_largest_value() {
        let svg = series(
            "drift",
            &["derived".into(), "tuned".into()],
            &[
                ("Knight".into(), vec![300.0, 320.0]),
                ("<Q>".into(), vec![900.0, 1000.0]),
            ],
        );
        assert_eq!(svg.matches("<polyline").count(), 2);
        assert!(svg.contains("&lt;Q&gt;") && !svg.contains("<Q>"));
        // The largest value, the queen's last, is drawn at the top right.
        assert!(svg.contains(&format!("{:.1},{:.1}", WIDTH - RIGHT, TOP)));
        assert!(svg.contains(">derived</text>") && svg.contains(">tuned</text>"));
    }

    #[test]
    fn line_clamps_points_into_its_range() {
        let svg = line("score", "ply", &[(0.0, 0.0), (10.0, 5000.0)], -500.0, 500.0);
        // The second point is drawn at the top of the plot.
        assert!(svg.contains(&format!("{:.1},{:.1}", WIDTH - RIGHT, TOP)));
    }
}
