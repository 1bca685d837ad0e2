//! `cargo xtask bench --plot FILE`: the scaling series of a bench run as an SVG, time and peak
//! memory against input size on log-log axes, each series with its fitted exponent (the slope
//! of the least-squares line through its log-log points) in the legend.
//!
//! A series is a problem's inputs whose names differ only in numbers that are equal within each
//! name (`t=1 n=5000`, `t=1 n=10000`; `10 x 10`, `12 x 12`): that number is the size.

use super::Row;
use context_error::{bail, err, Context, Result};
use plotters::coord::combinators::IntoLogRange;
use plotters::prelude::*;
use std::path::Path;

/// One scaling series: (size, seconds, MiB) per input, by size.
#[derive(Clone, Debug, PartialEq)]
pub struct Series {
    /// `<problem> <name with the size as N>`, e.g. `p2599-stone-ends t=1 n=N`.
    pub label: String,
    pub points: Vec<(f64, f64, f64)>,
}

/// The series among `rows`: groups of at least 3 inputs of one problem whose names are the same
/// but for one size (see the module documentation). Each input is in one series at most.
pub fn series(rows: &[Row]) -> Vec<Series> {
    // Every way to read a name as a size and constants: each of its numbers as the size (with
    // the numbers equal to it), the others kept in the key.
    // (problem, name with the size as `#`, (size, row index) of each member)
    type Candidate = (String, String, Vec<(f64, usize)>);
    let mut candidates: Vec<Candidate> = Vec::new();
    for (index, row) in rows.iter().enumerate() {
        let (template, numbers) = split_numbers(&row.input);
        let mut seen = Vec::new();
        for &size in &numbers {
            if seen.contains(&size) {
                continue;
            }
            seen.push(size);
            let mut key = String::new();
            let mut parts = template.split('#');
            for number in &numbers {
                key.push_str(parts.next().unwrap_or_default());
                if *number == size {
                    key.push('#');
                } else {
                    key.push_str(&number.to_string());
                }
            }
            key.extend(parts);
            match candidates
                .iter_mut()
                .find(|(problem, k, _)| *problem == row.problem && *k == key)
            {
                Some((_, _, members)) => members.push((size, index)),
                None => candidates.push((row.problem.clone(), key, vec![(size, index)])),
            }
        }
    }
    // The largest groups first; an input goes to the first series that takes it.
    candidates.sort_by_key(|c| std::cmp::Reverse(c.2.len()));
    let mut used = vec![false; rows.len()];
    let mut found = Vec::new();
    for (problem, key, members) in candidates {
        let members: Vec<(f64, usize)> = members.into_iter().filter(|m| !used[m.1]).collect();
        let mut sizes: Vec<f64> = members.iter().map(|m| m.0).collect();
        sizes.sort_by(f64::total_cmp);
        sizes.dedup();
        if sizes.len() < 3 {
            continue;
        }
        let mut points: Vec<(f64, f64, f64)> = members
            .iter()
            .map(|&(size, index)| {
                used[index] = true;
                let row = &rows[index];
                (size, row.median.as_secs_f64(), row.peak_kib as f64 / 1024.0)
            })
            .collect();
        points.sort_by(|a, b| a.0.total_cmp(&b.0));
        found.push(Series {
            label: format!("{} {}", problem, key.replace('#', "N")),
            points,
        });
    }
    found.sort_by(|a, b| a.label.cmp(&b.label));
    found
}

/// The name with each number replaced by `#`, and the numbers.
fn split_numbers(name: &str) -> (String, Vec<f64>) {
    let mut template = String::new();
    let mut numbers = Vec::new();
    let mut digits = String::new();
    for c in name.chars().chain(std::iter::once(' ')) {
        if c.is_ascii_digit() {
            digits.push(c);
            continue;
        }
        if !digits.is_empty() {
            numbers.push(digits.parse().unwrap_or(0.0));
            template.push('#');
            digits.clear();
        }
        template.push(c);
    }
    template.pop();
    (template, numbers)
}

/// The least-squares slope of `ln y` against `ln x`: the exponent `k` of `y ~ x^k`.
pub fn exponent(points: &[(f64, f64)]) -> f64 {
    let logs: Vec<(f64, f64)> = points
        .iter()
        .filter(|(x, y)| *x > 0.0 && *y > 0.0)
        .map(|(x, y)| (x.ln(), y.ln()))
        .collect();
    let n = logs.len() as f64;
    let (mx, my) = (
        logs.iter().map(|p| p.0).sum::<f64>() / n,
        logs.iter().map(|p| p.1).sum::<f64>() / n,
    );
    let sxy: f64 = logs.iter().map(|(x, y)| (x - mx) * (y - my)).sum();
    let sxx: f64 = logs.iter().map(|(x, _)| (x - mx) * (x - mx)).sum();
    sxy / sxx
}

/// Writes the SVG of `series` to `path`: wall time on the left, peak memory on the right.
pub fn write_svg(path: &Path, series: &[Series], runs: usize) -> Result<()> {
    if series.is_empty() {
        bail!("no scaling series to plot (3 or more inputs of a problem that differ in one size)");
    }
    if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir).with_context(|| format!("creating {}", dir.display()))?;
    }
    let root = SVGBackend::new(path, (1200, 520)).into_drawing_area();
    let draw = || -> Result<(), Box<dyn std::error::Error>> {
        root.fill(&WHITE)?;
        let panels = root.split_evenly((1, 2));
        type Value = fn(&(f64, f64, f64)) -> f64;
        let pick: [(&str, &str, Value); 2] = [
            ("median wall time", "s", |p| p.1),
            ("peak memory", "MiB", |p| p.2),
        ];
        for (panel, (what, unit, value)) in panels.iter().zip(pick) {
            let all: Vec<(f64, f64)> = series
                .iter()
                .flat_map(|s| s.points.iter().map(|p| (p.0, value(p))))
                .collect();
            let range = |values: Vec<f64>| {
                let lo = values.iter().cloned().fold(f64::INFINITY, f64::min);
                let hi = values.iter().cloned().fold(0.0, f64::max);
                (lo.max(1e-6) / 1.5)..(hi * 1.5)
            };
            let xs = range(all.iter().map(|p| p.0).collect());
            let ys = range(all.iter().map(|p| p.1).collect());
            let mut chart = ChartBuilder::on(panel)
                .caption(format!("{} ({} runs)", what, runs), ("sans-serif", 20))
                .margin(12)
                .x_label_area_size(40)
                .y_label_area_size(60)
                .build_cartesian_2d(xs.log_scale(), ys.log_scale())?;
            chart
                .configure_mesh()
                .x_desc("input size N (log)")
                .y_desc(format!("{} (log)", unit))
                .draw()?;
            for (i, s) in series.iter().enumerate() {
                let color = Palette99::pick(i).to_rgba();
                let points: Vec<(f64, f64)> = s.points.iter().map(|p| (p.0, value(p))).collect();
                let k = exponent(&points);
                chart
                    .draw_series(LineSeries::new(points.clone(), color.stroke_width(2)))?
                    .label(format!("{}: ~ N^{:.2}", s.label, k))
                    .legend(move |(x, y)| {
                        PathElement::new(vec![(x, y), (x + 20, y)], color.stroke_width(2))
                    });
                chart.draw_series(points.iter().map(|&p| Circle::new(p, 3, color.filled())))?;
            }
            chart
                .configure_series_labels()
                .position(SeriesLabelPosition::UpperLeft)
                .background_style(WHITE.mix(0.8))
                .border_style(BLACK)
                .draw()?;
        }
        root.present()?;
        Ok(())
    };
    draw().map_err(|err| err!("drawing {}: {}", path.display(), err))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::process::TempDir;
    use std::time::Duration;

    fn row(problem: &str, input: &str, ms: u64, kib: u64) -> Row {
        Row {
            problem: problem.to_string(),
            input: input.to_string(),
            compiler: "rustc".to_string(),
            median: Duration::from_millis(ms),
            peak_kib: kib,
        }
    }

    #[test]
    fn series_are_found_and_their_exponents_fitted() {
        let rows = [
            row("p2599", "t=10 n=1000", 7, 2048),
            row("p2599", "t=1 n=5000", 10, 2048),
            row("p2599", "t=1 n=10000", 40, 2048),
            row("p2599", "t=1 n=20000", 160, 2048),
            row("p4363", "10 x 10, values <= 100000", 6, 1000),
            row("p4363", "12 x 12, values <= 100000", 56, 10000),
            row("p4363", "14 x 14, values <= 100000", 870, 150000),
            row("p16531", "t=10 n=100000", 96, 12000),
            row("p16531", "t=100000 n=10", 87, 9900),
        ];
        let found = series(&rows);
        let labels: Vec<&str> = found.iter().map(|s| s.label.as_str()).collect();
        assert_eq!(labels, ["p2599 t=1 n=N", "p4363 N x N, values <= 100000"]);
        let time: Vec<(f64, f64)> = found[0].points.iter().map(|p| (p.0, p.1)).collect();
        assert!((exponent(&time) - 2.0).abs() < 1e-9, "{}", exponent(&time));
        let memory: Vec<(f64, f64)> = found[0].points.iter().map(|p| (p.0, p.2)).collect();
        assert!(exponent(&memory).abs() < 1e-9);
        let dir = TempDir::new("plot");
        let path = dir.0.join("bench.svg");
        write_svg(&path, &found, 5).unwrap();
        let svg = std::fs::read_to_string(&path).unwrap();
        assert!(svg.starts_with("<svg"), "{}", &svg[..100.min(svg.len())]);
        assert!(
            svg.contains("p2599 t=1 n=N: ~ N^2.00"),
            "legend with the exponent"
        );
        assert!(write_svg(&path, &[], 5).is_err());
    }
}
