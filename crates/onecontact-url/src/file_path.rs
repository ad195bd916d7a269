//! `file:` URLs and file system paths (Unix paths; other systems get an
//! error saying so).

use std::path::{Path, PathBuf};

use crate::percent_encoding::{AsciiSet, PATH};
use crate::url::Url;

/// Why a path and a `file:` URL could not be converted into each other.
#[derive(Debug, Clone, PartialEq, Eq, Hash, thiserror::Error)]
#[non_exhaustive]
pub enum FilePathError {
    /// The URL's scheme is not `file`.
    #[error("the URL's scheme is not file")]
    NotFileScheme,
    /// The `file:` URL names a host (a network share), which has no local path.
    #[error("the file URL names the host {0:?}, which has no local path")]
    HasHost(String),
    /// The path given is not absolute.
    #[error("the path is not absolute")]
    RelativePath,
    /// The path could not be parsed back as a URL (e.g. a Unix path holding
    /// bytes that are not UTF-8 is encoded, but a `\0` is refused).
    #[error("the path cannot be written as a file URL: {0}")]
    Invalid(crate::validation::ParseError),
    /// File paths are only converted on Unix systems so far.
    #[error("file paths are converted on Unix systems only")]
    UnsupportedPlatform,
}

/// What a path segment percent-encodes: the path set plus `%`, `\` (a
/// separator in special URLs) and `?`/`#` (already in the path set).
const FILE_SEGMENT: AsciiSet = PATH.add(b'%').add(b'\\');

impl Url {
    /// The `file:` URL of an absolute path: each segment percent-encoded,
    /// `.`/`..` resolved as the URL parser resolves them.
    ///
    /// ```
    /// # #[cfg(unix)] {
    /// let url = onecontact_url::Url::from_file_path("/tmp/a b/c%d")?;
    /// assert_eq!(url.as_str(), "file:///tmp/a%20b/c%25d");
    /// # }
    /// # Ok::<(), onecontact_url::FilePathError>(())
    /// ```
    ///
    /// # Errors
    ///
    /// [`FilePathError::RelativePath`] for a relative path,
    /// [`FilePathError::UnsupportedPlatform`] off Unix.
    pub fn from_file_path<P: AsRef<Path>>(path: P) -> Result<Url, FilePathError> {
        let mut text = String::from("file://");
        path_to_url_path(path.as_ref(), &mut text)?;
        Url::parse(&text).map_err(FilePathError::Invalid)
    }

    /// Like [`Url::from_file_path`], with a trailing `/` so that the URL can
    /// be a base for the files in that directory.
    ///
    /// ```
    /// # #[cfg(unix)] {
    /// let dir = onecontact_url::Url::from_directory_path("/srv/www")?;
    /// assert_eq!(dir.join("index.html").unwrap().as_str(), "file:///srv/www/index.html");
    /// # }
    /// # Ok::<(), onecontact_url::FilePathError>(())
    /// ```
    ///
    /// # Errors
    ///
    /// As [`Url::from_file_path`].
    pub fn from_directory_path<P: AsRef<Path>>(path: P) -> Result<Url, FilePathError> {
        let mut text = String::from("file://");
        path_to_url_path(path.as_ref(), &mut text)?;
        if !text.ends_with('/') {
            text.push('/');
        }
        Url::parse(&text).map_err(FilePathError::Invalid)
    }

    /// The local path of a `file:` URL: the path percent-decoded. The host
    /// must be empty (`localhost` already is, after parsing).
    ///
    /// ```
    /// # #[cfg(unix)] {
    /// let url = onecontact_url::Url::parse("file://localhost/tmp/a%20b")?;
    /// assert_eq!(url.to_file_path()?, std::path::PathBuf::from("/tmp/a b"));
    /// # }
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    ///
    /// [`FilePathError::NotFileScheme`], [`FilePathError::HasHost`],
    /// [`FilePathError::UnsupportedPlatform`] off Unix.
    pub fn to_file_path(&self) -> Result<PathBuf, FilePathError> {
        if self.scheme() != "file" {
            return Err(FilePathError::NotFileScheme);
        }
        match self.host_str() {
            Some("") | None => {}
            Some(host) => return Err(FilePathError::HasHost(host.to_owned())),
        }
        url_path_to_path(self.path())
    }
}

#[cfg(unix)]
fn path_to_url_path(path: &Path, out: &mut String) -> Result<(), FilePathError> {
    use std::os::unix::ffi::OsStrExt;
    if !path.is_absolute() {
        return Err(FilePathError::RelativePath);
    }
    let bytes = path.as_os_str().as_bytes();
    for segment in bytes.split(|&b| b == b'/').skip(1) {
        out.push('/');
        for &b in segment {
            if b.is_ascii() && !FILE_SEGMENT.should_encode(b) {
                out.push(char::from(b));
            } else {
                crate::percent_encoding::push_percent_encoded_byte(out, b);
            }
        }
    }
    Ok(())
}

#[cfg(not(unix))]
fn path_to_url_path(_: &Path, _: &mut String) -> Result<(), FilePathError> {
    Err(FilePathError::UnsupportedPlatform)
}

#[cfg(unix)]
fn url_path_to_path(path: &str) -> Result<PathBuf, FilePathError> {
    use std::os::unix::ffi::OsStrExt;
    let decoded = crate::percent_encoding::percent_decode(path.as_bytes());
    Ok(PathBuf::from(std::ffi::OsStr::from_bytes(&decoded)))
}

#[cfg(not(unix))]
fn url_path_to_path(_: &str) -> Result<PathBuf, FilePathError> {
    Err(FilePathError::UnsupportedPlatform)
}
