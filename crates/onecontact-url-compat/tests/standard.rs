//! Answers of this crate that follow the URL Standard where `url` 2.5.8
//! does not, each beside what `url` answers.

#![allow(clippy::unwrap_used, clippy::panic, clippy::indexing_slicing)]

use url::{Host, Url};

#[test]
fn the_empty_host_has_no_socket_address() {
    let url = Url::parse("file:///x").unwrap();
    assert_eq!(url.host_str(), Some(""));
    let err = url.socket_addrs(|| Some(1)).unwrap_err();
    assert_eq!(err.kind(), std::io::ErrorKind::InvalidData);
    assert_eq!(err.to_string(), "No host name in the URL");
}

#[test]
fn file_urls_have_the_empty_host() {
    let url = Url::from_file_path("/foo/bar").unwrap();
    assert_eq!(url.host(), Some(Host::Domain("")));
    assert!(url.has_host());
    assert_eq!(url.domain(), None);
    assert_eq!(
        url.to_file_path().unwrap(),
        std::path::PathBuf::from("/foo/bar")
    );
    let theirs = url_peer::Url::from_file_path("/foo/bar").unwrap();
    assert_eq!((theirs.host(), theirs.has_host()), (None, false));
    assert_eq!(url.as_str(), theirs.as_str());
}

#[test]
fn set_path_keeps_an_opaque_path_parsing_back_to_itself() {
    let mut url = Url::parse("mailto:a?q#f").unwrap();
    url.set_path("/b?c#d e ");
    assert_eq!(url.as_str(), "mailto:%2Fb%3Fc%23d e%20?q#f");
    assert_eq!(Url::parse(url.as_str()).unwrap(), url);
    let mut theirs = url_peer::Url::parse("mailto:a").unwrap();
    theirs.set_path("b?c");
    assert_eq!(theirs.as_str(), "mailto:b?c");
    assert_eq!(url_peer::Url::parse(theirs.as_str()).unwrap().path(), "b");
}

#[test]
fn make_relative_answers_join_back() {
    let base = Url::parse("https://a.example/b.html?c=d").unwrap();
    let target = Url::parse("https://a.example/b.html#e").unwrap();
    let relative = base.make_relative(&target).unwrap();
    assert_eq!(relative, "b.html#e");
    assert_eq!(base.join(&relative).unwrap(), target);
    let theirs = url_peer::Url::parse("https://a.example/b.html?c=d").unwrap();
    let theirs_relative = theirs
        .make_relative(&url_peer::Url::parse("https://a.example/b.html#e").unwrap())
        .unwrap();
    assert_eq!(theirs_relative, "#e");
    assert_eq!(
        theirs.join(&theirs_relative).unwrap().as_str(),
        "https://a.example/b.html?c=d#e"
    );
}
