//! Cross-crate tests start here; the real suites arrive with the kernel.
#[test]
fn crates_link() {
    let _ = std::any::type_name::<fn()>();
}
