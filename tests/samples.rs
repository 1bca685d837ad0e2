//! Every sample through its crate's solver, in-process: the output is snapshotted as
//! `tests/snapshots/samples_match_their_out_files@<crate>__<case>.snap` (reviewed with
//! `cargo insta review`) and must equal the sample's `.out` token for token.

#[test]
fn samples_match_their_out_files() {
    insta::glob!("../samples", "*/*.in", |path| {
        let crate_name = path
            .parent()
            .and_then(|dir| dir.file_name())
            .and_then(|name| name.to_str())
            .expect("samples/<crate>/<case>.in");
        let solve = crate::problems::solver_of(crate_name)
            .unwrap_or_else(|| panic!("{}: not registered in the root Cargo.toml", crate_name));
        let input = std::fs::read(path).unwrap();
        let mut out = Vec::new();
        let got = match solve(&input, &mut out) {
            Ok(()) => String::from_utf8(out).expect("output is UTF-8"),
            Err(err) => format!("error: {}", err),
        };
        let expected = std::fs::read_to_string(path.with_extension("out"))
            .unwrap_or_else(|err| panic!("{}: no .out file: {}", path.display(), err));
        assert!(
            test_kit::same_tokens(&got, &expected),
            "{}: got {:?}, expected {:?}",
            path.display(),
            got,
            expected
        );
        // Named by crate and case: insta counts repeated names within one test, so the case
        // name alone (statement.in in every crate) would collide.
        let case = path.file_name().unwrap().to_string_lossy().into_owned();
        insta::with_settings!({
            snapshot_suffix => format!("{}__{}", crate_name, case),
            prepend_module_to_snapshot => false,
        }, {
            insta::assert_snapshot!(got);
        });
    });
}
