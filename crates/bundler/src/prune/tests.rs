use super::*;

thread_local! {
    /// How many lookups this thread's prunes computed rather than remembered.
    pub(super) static SEARCHES: std::cell::Cell<usize> = const { std::cell::Cell::new(0) };
}

/// `src` pruned as a bundle whose library module is `lib`.
fn pruned(src: &str) -> String {
    let mut file: syn::File = syn::parse_str(src).unwrap();
    let libraries = BTreeSet::from(["lib".to_string()]);
    let proc_macros = BTreeMap::from([(
        "derive_x".to_string(),
        Some(BTreeSet::from(["fastout".to_string()])),
    )]);
    prune(
        &mut file.items,
        &libraries,
        &proc_macros,
        Path::new("/"),
        &Sources::new(),
    )
    .unwrap();
    prettyplease::unparse(&file)
}

fn assert_kept(out: &str, kept: &[&str], gone: &[&str]) {
    for k in kept {
        assert!(out.contains(k), "{:?} is missing:\n{}", k, out);
    }
    for g in gone {
        assert!(!out.contains(g), "{:?} should be gone:\n{}", g, out);
    }
}

#[test]
fn keeps_what_is_reached_and_drops_the_rest() {
    let out = pruned(
        "fn main() { crate::lib::used(); }
         mod lib {
             use self::Outcome::*;
             pub use self::nested::deep;
             pub fn used() -> Outcome { helper(); let s = S::make(); s.go(); Win }
             fn helper() {}
             pub fn unused() {}
             pub enum Outcome { Win, Loss }
             pub struct S;
             impl S { pub fn make() -> Self { S } pub fn go(&self) {} pub fn stop(&self) {} }
             impl Default for S { fn default() -> Self { S } }
             pub struct T;
             impl Default for T { fn default() -> Self { T } }
             macro_rules! local { () => {} }
             pub mod nested { pub fn deep() {} }
         }",
    );
    assert_kept(
        &out,
        &[
            "use self::Outcome::*;",
            "fn helper()",
            "pub enum Outcome",
            "fn make()",
            "fn go(",
            "impl Default for S",
        ],
        &[
            "unused", "fn stop", "struct T", "for T", "local", "nested", "deep",
        ],
    );
}

#[test]
fn traits_follow_their_method_calls_and_impls_their_types() {
    let out = pruned(
        "fn main() { crate::lib::f(); }
         mod lib {
             pub fn f() { let x = 3u32; x.twice(); }
             pub trait Twice { fn twice(self) -> Self; }
             impl Twice for u32 { fn twice(self) -> u32 { self * 2 } }
             pub trait Other { fn other(self); }
             impl Other for u32 { fn other(self) {} }
         }",
    );
    assert_kept(&out, &["pub trait Twice", "impl Twice for u32"], &["Other"]);
}

#[test]
fn a_std_operator_trait_stays_imported_only_where_its_method_is_called() {
    // rustc-hash 1 calls `.bitxor(i)` with `use core::ops::BitXor`: pruning the import broke
    // the bundle; an operator trait used as an operator (`a + b`) needs no import.
    let out = pruned(
        "fn main() { crate::lib::hash::mix(1, 2); }
         mod lib {
             pub mod hash {
                 use core::ops::BitXor;
                 use core::ops::Add;
                 pub fn mix(a: usize, b: usize) -> usize { a.rotate_left(5).bitxor(b) + 1 }
             }
         }",
    );
    assert_kept(&out, &["use core::ops::BitXor;"], &["use core::ops::Add;"]);
}

#[test]
fn a_method_name_keeps_only_the_traits_in_scope_where_it_is_called() {
    // `outcome` is an inherent method of `Table` and a method of three traits; only the
    // traits imported (under any name) or globbed where `.outcome()` is called can be meant.
    let out = pruned(
        "fn main() { crate::lib::caller::f(); }
         mod lib {
             pub mod caller {
                 use super::table::Table;
                 use super::renamed::Renamed as _;
                 use super::globbed::*;
                 pub fn f() { let t = Table; t.outcome(); 3u8.outcome(); }
             }
             pub mod table {
                 pub struct Table;
                 impl Table { pub fn outcome(&self) {} }
             }
             pub mod unrelated {
                 pub trait Scored { fn outcome(&self) -> i32; }
                 impl Scored for u8 { fn outcome(&self) -> i32 { 1 } }
             }
             pub mod renamed {
                 pub trait Renamed { fn outcome(&self) -> u8; }
                 impl Renamed for u8 { fn outcome(&self) -> u8 { 2 } }
             }
             pub mod globbed {
                 pub trait Globbed { fn outcome(&self) -> u16; }
                 impl Globbed for u16 { fn outcome(&self) -> u16 { 3 } }
             }
         }",
    );
    assert_kept(
        &out,
        &[
            "pub fn outcome(&self) {}",
            "pub trait Renamed",
            "pub trait Globbed",
        ],
        &["Scored", "mod unrelated"],
    );
}

#[test]
fn a_method_called_in_a_macro_body_keeps_every_trait_of_that_name() {
    // A macro's expansion site is unknown here, so any trait with the method may be meant.
    let out = pruned(
        "fn main() { crate::lib::go!(3u8); }
         mod lib {
             #[macro_export]
             macro_rules! go { ($x:expr) => { $x.outcome() }; }
             pub use go;
             pub mod unrelated {
                 pub trait Scored { fn outcome(&self) -> i32; }
                 impl Scored for u8 { fn outcome(&self) -> i32 { 1 } }
             }
         }",
    );
    assert_kept(&out, &["pub trait Scored", "impl Scored for u8"], &[]);
}

#[test]
fn item_macros_follow_what_their_expansion_names() {
    let out = pruned(
        "fn main() { let _ = crate::lib::zero::<u8>(); }
         mod lib {
             pub trait Num { fn zero() -> Self; }
             macro_rules! num { ($($t:ty),*) => { $(impl Num for $t { fn zero() -> Self { 0 } })* } }
             num!(u8, u16);
             pub fn zero<T: Num>() -> T { T::zero() }
             pub trait Unused {}
             macro_rules! unused { ($t:ty) => { impl Unused for $t {} } }
             unused!(u8);
         }",
    );
    assert_kept(
        &out,
        &["pub trait Num", "macro_rules! num", "num!(u8, u16);"],
        &["Unused", "unused"],
    );
}

#[test]
fn names_in_patterns_keep_the_constants_variants_and_imports_they_name() {
    // `Less`, `ZERO` and `ORIGIN` in patterns name items: without them rustc refuses the
    // bundle (E0170) or, worse, reads `ZERO =>` as a binding that matches everything.
    let out = pruned(
        "fn main() { crate::lib::sign::f(1, 2); crate::lib::sign::g(0); }
         mod lib {
             pub mod limits { pub const ZERO: i64 = 0; pub const ONE: i64 = 1; }
             pub mod points { pub struct Origin; pub struct Far; }
             pub mod sign {
                 use std::cmp::Ordering::{Equal, Greater, Less};
                 use std::collections::BTreeMap;
                 use crate::lib::limits::{ONE, ZERO};
                 use super::*;
                 pub fn f(a: i64, b: i64) -> i64 {
                     match a.cmp(&b) { Less => -1, Equal => 0, Greater => 1 }
                 }
                 pub fn g(x: i64) -> bool {
                     let zero_or_not = match x { ZERO => true, other => other < 0 };
                     let points::Origin = origin();
                     zero_or_not
                 }
                 fn origin() -> points::Origin { points::Origin }
             }
         }",
    );
    assert_kept(
        &out,
        &[
            "use std::cmp::Ordering::{Equal, Greater, Less};",
            "use crate::lib::limits::ZERO;",
            "pub const ZERO",
            "pub struct Origin",
        ],
        &["ONE", "Far", "BTreeMap"],
    );
}

#[test]
fn a_pattern_binding_keeps_nothing_of_its_name() {
    // `gcd` and `total` bind variables here (never read, as a read of a variable keeps an
    // item of its name: the two are told apart only by type checking).
    let out = pruned(
        "fn main() { crate::lib::f(); }
         mod lib {
             pub fn f() -> u32 { let gcd = 4; match 3 { total => 1 } }
             pub fn gcd() {}
             pub struct total(u8);
         }",
    );
    assert_kept(&out, &["pub fn f()"], &["pub fn gcd", "struct total"]);
}

#[test]
fn a_glob_cycle_is_searched_once_per_module_not_once_per_path() {
    // Every module globs every other one (and its parent), the root globs them all. A
    // name none of them defines (`Vec`, a local variable) was searched along every path
    // through the cycle: exponential in the number of modules (the same slowness took
    // a minute on p4576-chase's dp-core).
    let modules = 16;
    let mut lib = String::new();
    for k in 0..modules {
        lib += &format!("pub use self::m{k}::*; ");
        let globs: String = (0..modules)
            .filter(|&j| j != k)
            .map(|j| format!("use super::m{j}::*; "))
            .collect();
        lib += &format!(
            "pub mod m{k} {{ use super::*; {globs} pub fn f{k}() {{ let v: Vec<u8> = Vec::new(); drop(v); }} }} "
        );
    }
    let calls: String = (0..modules)
        .map(|k| format!("crate::lib::f{k}(); "))
        .collect();
    SEARCHES.with(|n| n.set(0));
    let out = pruned(&format!(
        "fn main() {{ {calls} crate::lib::m3::f5(); }} mod lib {{ {lib} pub fn unused() {{}} }}"
    ));
    let searches = SEARCHES.with(|n| n.get());
    assert_kept(
        &out,
        &[
            "fn f0()",
            &format!("fn f{}()", modules - 1),
            "use super::*;",
        ],
        &["unused"],
    );
    // Each (module, name) once per outermost lookup (17 modules, some 30 names): 3 342;
    // searched once per path through the cycle, it doubled with each module more.
    assert!(searches < 5_000, "{searches} lookups searched");
}

#[test]
fn a_reexport_of_a_function_named_as_its_module_resolves_the_type_beside_it() {
    // dp-core's `pub use crate::bit_attractor::{bit_attractor, BlockMove};`: looking up
    // the prefix `bit_attractor` met the import being looked up, and `BlockMove` came
    // back as the module and the function, so its members were kept by name only.
    let out = pruned(
        "fn main() { let _ = crate::lib::Step::to(); crate::lib::walk(); }
         mod lib {
             pub use crate::lib::walk::{walk, Step};
             pub use self::other::*;
             pub mod walk {
                 use super::*;
                 pub fn walk() {}
                 pub struct Step;
                 impl Step { pub fn to() -> Self { Step } }
             }
             pub mod other {
                 use super::*;
                 pub struct Other;
                 impl Other { pub fn to() -> Self { Other } }
             }
         }",
    );
    assert_kept(&out, &["pub struct Step", "pub fn walk()"], &["impl Other"]);
    assert_eq!(out.matches("fn to()").count(), 1, "{}", out);
}

#[test]
fn a_lookup_cut_at_the_depth_limit_is_not_remembered() {
    // dp-core's shape: 40 modules that glob their parent, a root that globs them all and
    // re-exports each module's type by name. Deep in the glob search a lookup meets the
    // depth limit; remembered, its empty answer made `Block` unknown (core-bench's
    // `BlockMove::to` was dropped).
    let modules = 40;
    let mut lib = String::new();
    for k in 0..modules {
        lib += &format!(
            "pub use self::m{k}::*; pub use crate::lib::m{k}::{{f{k}, B{k}}}; pub mod m{k} {{ use super::*; pub fn f{k}() {{}} pub struct B{k}; impl B{k} {{ pub fn to() -> Self {{ B{k} }} }} }} "
        );
    }
    let calls: String = (0..modules)
        .map(|k| format!("crate::lib::f{k}(); let _ = crate::lib::B{k}::to(); "))
        .collect();
    let out = pruned(&format!("fn main() {{ {calls} }} mod lib {{ {lib} }}"));
    for k in 0..modules {
        assert!(
            out.contains(&format!("pub struct B{k};")),
            "B{k} is missing:\n{out}"
        );
    }
    assert_eq!(out.matches("pub fn to()").count(), modules, "{out}");
}

#[test]
fn a_function_globbed_from_a_module_of_its_name_is_kept() {
    // itertools' `adaptors::coalesce`: the module is a type-namespace name, the function
    // that the glob brings in a value-namespace one; both are `coalesce` in `adaptors`.
    let out = pruned(
        "fn main() { crate::lib::adaptors::double(3); }
         mod lib {
             pub mod adaptors {
                 mod double { pub fn double(x: u8) -> u8 { x * 2 } }
                 mod triple { pub fn triple(x: u8) -> u8 { x * 3 } }
                 pub use self::double::*;
                 pub use self::triple::*;
             }
         }",
    );
    assert_kept(
        &out,
        &["pub fn double", "pub use self::double::*;"],
        &["triple"],
    );
}

#[test]
fn a_traits_provided_methods_stay_only_when_called_or_implemented() {
    // As itertools' `Itertools`: a blanket impl, and a hundred provided methods of which a
    // solution calls a few; what only the others use goes with them.
    let out = pruned(
        "fn main() { let v = vec![1u8]; crate::lib::Ext::twice(&v); }
         mod lib {
             pub trait Ext {
                 fn len_of(&self) -> usize;
                 fn twice(&self) -> usize { helper(self.len_of()) }
                 fn thrice(&self) -> usize { other_helper(self.len_of()) }
                 fn named(&self) -> usize { 0 }
             }
             impl Ext for Vec<u8> { fn len_of(&self) -> usize { self.len() } fn named(&self) -> usize { 1 } }
             fn helper(n: usize) -> usize { 2 * n }
             fn other_helper(n: usize) -> usize { 3 * n }
         }",
    );
    assert_kept(
        &out,
        &[
            "fn len_of(&self) -> usize;",
            "fn twice(",
            "fn helper(",
            "fn named(",
        ],
        &["thrice", "other_helper"],
    );
}

#[test]
fn a_provided_method_named_through_a_type_that_is_not_a_path_stays() {
    // As zerocopy's `<[u16; 2]>::read_from_prefix(bytes)`: only a trait can give an array
    // an associated function.
    let out = pruned(
        "use crate::lib::FromBytes;
         fn main() { let _ = <[u16; 2]>::read_from(&[]); }
         mod lib {
             pub trait FromBytes: Sized {
                 fn new_zeroed() -> Self;
                 fn read_from(bytes: &[u8]) -> Self { let _ = bytes; Self::new_zeroed() }
                 fn unused_provided() -> Self { Self::new_zeroed() }
             }
             impl FromBytes for [u16; 2] { fn new_zeroed() -> Self { [0; 2] } }
         }",
    );
    assert_kept(
        &out,
        &["fn read_from(", "impl FromBytes for [u16; 2]"],
        &["unused_provided"],
    );
}

#[test]
fn imports_keep_only_the_names_looked_up_through_them() {
    let out = pruned(
        "use crate::lib::{a, b};
         fn main() { a(); }
         mod lib {
             use std::collections::{BTreeMap, HashMap};
             use std::io::Write;
             pub fn a() -> usize { let m: HashMap<u8, u8> = HashMap::new(); m.len() }
             pub fn b() -> BTreeMap<u8, u8> { BTreeMap::new() }
             pub fn c(out: &mut Vec<u8>) { out.write_all(b\"x\").unwrap(); }
         }",
    );
    // `b` is imported by the binary, so it stays; `Write` is kept as a possible trait
    // import, flagged so that it cannot fail `-D warnings`.
    assert_kept(
        &out,
        &[
            "use std::collections::{BTreeMap, HashMap};",
            "#[allow(unused_imports)]\n    use std::io::Write;",
        ],
        &["fn c("],
    );
}
