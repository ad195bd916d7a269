//! The reports' serde forms: rebuild edits read back what they write.
#![cfg(feature = "serde")]
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing
)]

#[test]
fn rebuild_edits_read_back_what_they_write_and_take_the_javascript_names() {
    use onecontact_report::{Edit, UrlField};
    let edits = vec![
        Edit::Set {
            field: UrlField::Path,
            value: "/a b".into(),
        },
        Edit::Param {
            name: "q".into(),
            value: "1".into(),
        },
        Edit::DropParam {
            name: "utm_source".into(),
        },
    ];
    let json = serde_json::to_string(&edits).unwrap();
    let back: Vec<Edit> = serde_json::from_str(&json).unwrap();
    assert_eq!(back, edits);

    let js: Edit =
        serde_json::from_str(r#"{"kind":"set","field":"pathname","value":"/x"}"#).unwrap();
    assert_eq!(
        js,
        Edit::Set {
            field: UrlField::Path,
            value: "/x".into()
        }
    );
    let unknown = serde_json::from_str::<Edit>(r#"{"kind":"set","field":"colour","value":"x"}"#)
        .unwrap_err()
        .to_string();
    assert!(
        unknown.contains("unknown URL field \"colour\""),
        "{unknown}"
    );
}
