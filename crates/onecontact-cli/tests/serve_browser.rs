//! End-to-end test of the page `onecontact serve` offers, in a real browser.
//!
//! Starts the server on a free loopback port, starts Debian's chromedriver
//! and drives headless Chromium through the W3C WebDriver protocol (plain
//! HTTP and JSON, spoken here with `ureq`): it types seed 004's deceptive
//! link and waits for the warning that the real host is the IP address,
//! removes the tracking parameters of a link, edits the Rebuild form and
//! checks the resulting URL exactly, checks labels and keyboard focus, and
//! checks that the page has no horizontal scroll 360 px wide. Screenshots
//! are saved under the target directory and their paths printed.
//!
//! Needs `/usr/bin/chromium` and `/usr/bin/chromedriver` (Debian packages
//! `chromium` and `chromium-driver`). Without them the test fails and says
//! so, unless `ONECONTACT_SKIP_BROWSER_TEST=1` is set, in which case it
//! prints that it was skipped.

#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing
)]

use std::io::Read;
use std::net::TcpListener;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant, SystemTime, UNIX_EPOCH};

use base64::Engine;
use serde_json::{Value, json};

#[path = "support/serve.rs"]
mod serve;

use serve::{ServeProcess, http as agent};

const CHROMIUM: &str = "/usr/bin/chromium";
const CHROMEDRIVER: &str = "/usr/bin/chromedriver";
const SKIP_VARIABLE: &str = "ONECONTACT_SKIP_BROWSER_TEST";
/// How long any one expected state may take to appear.
const WAIT: Duration = Duration::from_secs(20);
/// How often a wait looks again.
const POLL: Duration = Duration::from_millis(50);
/// The key of an element reference in W3C WebDriver replies.
const ELEMENT_KEY: &str = "element-6066-11e4-a52e-4f735466cecf";
/// WebDriver's code for the Tab key.
const TAB: &str = "\u{E004}";

// ------------------------------------------------------------------ processes

/// A child process killed (and reaped) when the guard goes out of scope.
struct KillOnDrop {
    child: Child,
}

impl Drop for KillOnDrop {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// A directory removed when the guard goes out of scope.
struct TempDir(PathBuf);

impl TempDir {
    fn new(prefix: &str) -> TempDir {
        let nanos = SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .map(|d| d.as_nanos())
            .unwrap_or_default();
        let path = std::env::temp_dir().join(format!("{prefix}-{}-{nanos}", std::process::id()));
        std::fs::create_dir_all(&path).unwrap();
        TempDir(path)
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// Starts `onecontact serve --addr 127.0.0.1:0` and returns the guard and
/// the address from its first line, `listening on http://ADDR`.
fn start_server() -> (ServeProcess, String) {
    let serve = ServeProcess::start(WAIT);
    let address = serve.base.clone();
    assert!(
        address.starts_with("http://127.0.0.1:"),
        "unexpected address {address}"
    );
    (serve, address)
}

/// A port nobody listens on right now.
fn free_port() -> u16 {
    TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port()
}

/// Starts chromedriver on a free port and waits until it says it is ready.
fn start_chromedriver(http: &ureq::Agent) -> (KillOnDrop, String) {
    let port = free_port();
    let child = Command::new(CHROMEDRIVER)
        .arg(format!("--port={port}"))
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("could not start chromedriver");
    let guard = KillOnDrop { child };
    let url = format!("http://127.0.0.1:{port}");
    let ready = wait_until("chromedriver to be ready", || {
        let mut reply = http
            .get(format!("{url}/status"))
            .call()
            .map_err(|e| e.to_string())?;
        let body: Value = reply.body_mut().read_json().map_err(|e| e.to_string())?;
        if body["value"]["ready"] == json!(true) {
            Ok(())
        } else {
            Err(format!("status {body}"))
        }
    });
    ready.unwrap_or_else(|e| panic!("{e}"));
    (guard, url)
}

/// Polls `probe` until it gives `Ok`, or fails after [`WAIT`] with the last
/// thing the probe saw.
fn wait_until<T>(what: &str, mut probe: impl FnMut() -> Result<T, String>) -> Result<T, String> {
    let start = Instant::now();
    loop {
        match probe() {
            Ok(value) => return Ok(value),
            Err(seen) if start.elapsed() > WAIT => {
                return Err(format!(
                    "waited {:?} for {what}; last seen: {seen}",
                    start.elapsed()
                ));
            }
            Err(_) => std::thread::sleep(POLL),
        }
    }
}

/// The directory screenshots go to: `$CARGO_TARGET_DIR` when set, else the
/// workspace's `target`.
fn target_dir() -> PathBuf {
    let workspace = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    match std::env::var_os("CARGO_TARGET_DIR") {
        Some(dir) if !dir.is_empty() => workspace.join(dir),
        _ => workspace.join("target"),
    }
}

/// Prints a line that shows even when the test harness captures output
/// (it captures `println!`, not writes to the standard error handle).
fn say(line: &str) {
    use std::io::Write;
    let _ = writeln!(std::io::stderr(), "{line}");
}

// ------------------------------------------------------------------ WebDriver

/// A WebDriver session: the few commands the test needs.
struct Session {
    http: ureq::Agent,
    url: String,
}

impl Session {
    fn new(http: &ureq::Agent, driver: &str, profile: &Path) -> Session {
        let capabilities = json!({
            "capabilities": {
                "alwaysMatch": {
                    "browserName": "chrome",
                    "goog:chromeOptions": {
                        "binary": CHROMIUM,
                        "args": [
                            "--headless",
                            "--no-sandbox",
                            "--disable-gpu",
                            "--disable-quic",
                            "--no-first-run",
                            "--disable-background-networking",
                            "--disable-component-update",
                            "--disable-sync",
                            "--no-proxy-server",
                            "--disable-dev-shm-usage",
                            "--window-size=1280,900",
                            format!("--user-data-dir={}", profile.display()),
                        ],
                    },
                    "goog:loggingPrefs": { "browser": "ALL" },
                }
            }
        });
        let value = call(
            http,
            "POST",
            &format!("{driver}/session"),
            Some(capabilities),
        )
        .unwrap_or_else(|e| panic!("chromedriver could not start Chromium: {e}"));
        let id = value["sessionId"]
            .as_str()
            .unwrap_or_else(|| panic!("no sessionId in {value}"));
        Session {
            http: http.clone(),
            url: format!("{driver}/session/{id}"),
        }
    }

    fn command(&self, method: &str, path: &str, body: Option<Value>) -> Result<Value, String> {
        call(&self.http, method, &format!("{}{path}", self.url), body)
    }

    fn must(&self, method: &str, path: &str, body: Option<Value>) -> Value {
        self.command(method, path, body)
            .unwrap_or_else(|e| panic!("WebDriver {method} {path} failed: {e}"))
    }

    fn navigate(&self, url: &str) {
        self.must("POST", "/url", Some(json!({ "url": url })));
    }

    fn try_find(&self, css: &str) -> Result<String, String> {
        let value = self.command(
            "POST",
            "/element",
            Some(json!({ "using": "css selector", "value": css })),
        )?;
        value[ELEMENT_KEY]
            .as_str()
            .map(str::to_owned)
            .ok_or_else(|| format!("no element reference in {value}"))
    }

    fn find(&self, css: &str) -> String {
        self.try_find(css)
            .unwrap_or_else(|e| panic!("no element {css}: {e}"))
    }

    fn click(&self, css: &str) {
        let element = self.find(css);
        self.must(
            "POST",
            &format!("/element/{element}/click"),
            Some(json!({})),
        );
    }

    fn clear(&self, css: &str) {
        let element = self.find(css);
        self.must(
            "POST",
            &format!("/element/{element}/clear"),
            Some(json!({})),
        );
    }

    fn send_keys(&self, css: &str, text: &str) {
        let element = self.find(css);
        self.must(
            "POST",
            &format!("/element/{element}/value"),
            Some(json!({ "text": text })),
        );
    }

    /// Clears a field and types `text` into it, as a person would.
    fn retype(&self, css: &str, text: &str) {
        self.clear(css);
        self.send_keys(css, text);
    }

    fn text(&self, css: &str) -> Result<String, String> {
        let element = self.try_find(css)?;
        let value = self.command("GET", &format!("/element/{element}/text"), None)?;
        Ok(value.as_str().unwrap_or_default().to_owned())
    }

    fn property(&self, css: &str, name: &str) -> Result<Value, String> {
        let element = self.try_find(css)?;
        self.command("GET", &format!("/element/{element}/property/{name}"), None)
    }

    /// The id of the focused element.
    fn active_id(&self) -> Value {
        self.execute("return document.activeElement.id;", json!([]))
    }

    fn execute(&self, script: &str, args: Value) -> Value {
        self.must(
            "POST",
            "/execute/sync",
            Some(json!({ "script": script, "args": args })),
        )
    }

    /// Where the element's top edge is on the page (not the viewport), in CSS px.
    fn page_top(&self, css: &str) -> f64 {
        self.execute(
            "return document.querySelector(arguments[0]).getBoundingClientRect().top + window.scrollY;",
            json!([css]),
        )
        .as_f64()
        .unwrap_or_else(|| panic!("no position for {css}"))
    }

    fn set_window_size(&self, width: u32, height: u32) {
        self.must(
            "POST",
            "/window/rect",
            Some(json!({ "width": width, "height": height })),
        );
    }

    /// The viewport as PNG bytes.
    fn png(&self) -> Result<Vec<u8>, String> {
        let value = self.command("GET", "/screenshot", None)?;
        base64::engine::general_purpose::STANDARD
            .decode(value.as_str().unwrap_or_default())
            .map_err(|e| e.to_string())
    }

    fn screenshot(&self, path: &Path) {
        let png = self
            .png()
            .unwrap_or_else(|e| panic!("WebDriver GET /screenshot failed: {e}"));
        assert!(png.starts_with(b"\x89PNG"), "the screenshot is not a PNG");
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, png).unwrap();
        say(&format!("screenshot: {}", path.display()));
    }

    /// A screenshot of the whole page: the window is made as tall as the
    /// document for it, then given back its size.
    fn screenshot_full_page(&self, path: &Path) {
        let rect = self.must("GET", "/window/rect", None);
        let sizes = self.execute(
            "return [window.innerHeight, document.documentElement.scrollHeight];",
            json!([]),
        );
        let number = |v: &Value| u32::try_from(v.as_u64().unwrap_or_default()).unwrap();
        let (width, height) = (number(&rect["width"]), number(&rect["height"]));
        let chrome = height.saturating_sub(number(&sizes[0]));
        let full = (number(&sizes[1]) + chrome).min(12_000);
        self.set_window_size(width, full);
        wait_until("the window to grow to the page's height", || {
            let inner = self.execute("return window.innerHeight;", json!([]));
            let inner = inner.as_u64().unwrap_or_default();
            if inner + u64::from(chrome) >= u64::from(full) {
                Ok(())
            } else {
                Err(format!("innerHeight {inner}"))
            }
        })
        .unwrap();
        self.screenshot(path);
        self.set_window_size(width, height);
    }

    /// Waits until the element's text satisfies `check`.
    fn wait_text(&self, css: &str, what: &str, check: impl Fn(&str) -> bool) -> String {
        wait_until(what, || {
            let text = self.text(css)?;
            if check(&text) {
                Ok(text)
            } else {
                Err(format!("{css} reads {text:?}"))
            }
        })
        .unwrap_or_else(|e| panic!("{e}; status line: {:?}", self.text("#status")))
    }

    /// Waits until the element's text is exactly `expected`.
    fn wait_text_eq(&self, css: &str, expected: &str) {
        self.wait_text(css, &format!("{css} to read {expected:?}"), |t| {
            t == expected
        });
    }
}

impl Drop for Session {
    fn drop(&mut self) {
        if std::thread::panicking() {
            let path = target_dir().join("onecontact-serve-failure.png");
            if let Ok(png) = self.png()
                && std::fs::write(&path, png).is_ok()
            {
                say(&format!("screenshot of the failure: {}", path.display()));
            }
        }
        let _ = self.command("DELETE", "", None);
    }
}

/// One WebDriver call: its `value`, or the error WebDriver reported.
fn call(http: &ureq::Agent, method: &str, url: &str, body: Option<Value>) -> Result<Value, String> {
    let reply = match (method, body) {
        ("GET", _) => http.get(url).call(),
        ("DELETE", _) => http.delete(url).call(),
        (_, Some(body)) => http.post(url).send_json(body),
        (_, None) => http.post(url).send_empty(),
    };
    let mut reply = reply.map_err(|e| format!("{method} {url}: {e}"))?;
    let status = reply.status();
    let mut text = String::new();
    reply
        .body_mut()
        .with_config()
        .limit(256 * 1024 * 1024)
        .reader()
        .read_to_string(&mut text)
        .map_err(|e| format!("{method} {url}: {e}"))?;
    let parsed: Value =
        serde_json::from_str(&text).map_err(|e| format!("{method} {url}: {e} in {text:?}"))?;
    if status.is_success() {
        Ok(parsed["value"].clone())
    } else {
        Err(format!(
            "{status}: {} {}",
            parsed["value"]["error"], parsed["value"]["message"]
        ))
    }
}

// ------------------------------------------------------------------ the test

/// Whether the browser is there; `false` means skip (already printed).
fn browser_available() -> bool {
    if std::env::var(SKIP_VARIABLE).is_ok_and(|v| v == "1") {
        say(&format!(
            "serve_browser: SKIPPED because {SKIP_VARIABLE}=1 is set"
        ));
        return false;
    }
    let missing: Vec<&str> = [CHROMIUM, CHROMEDRIVER]
        .into_iter()
        .filter(|p| !Path::new(p).exists())
        .collect();
    assert!(
        missing.is_empty(),
        "the browser test needs {} which is missing: install Debian's chromium and chromium-driver \
         (sudo apt-get install chromium chromium-driver), or set {SKIP_VARIABLE}=1 to skip this test",
        missing.join(" and ")
    );
    true
}

#[test]
fn the_page_works_in_a_real_browser() {
    if !browser_available() {
        return;
    }
    let (_server, address) = start_server();
    let http = agent();
    let profile = TempDir::new("onecontact-chromium-profile");
    let (_driver, driver_url) = start_chromedriver(&http);
    let browser = Session::new(&http, &driver_url, &profile.0);

    browser.navigate(&format!("{address}/"));
    browser.wait_text_eq("#status", "Paste a URL to begin.");
    check_labels_and_keyboard(&browser);
    copy_needs_a_value(&browser);

    deceptive_link(&browser);
    imitated_domain_beside_the_host(&browser);
    browser.screenshot_full_page(&target_dir().join("onecontact-serve-screenshot.png"));
    invalid_url(&browser);
    assume_https_switch(&browser);
    base_url_and_parameters(&browser);
    unicode_host(&browser);
    remove_tracking(&browser);
    rebuild_form(&browser);
    browser.screenshot_full_page(&target_dir().join("onecontact-serve-screenshot-rebuild.png"));
    copy_button(&browser);
    findings_read_as_sentences(&browser);
    narrow_screen(&browser);
    opens_on_an_address(&browser, &address);
    check_console(&browser);
}

/// `/?url=…&base=…` fills the form and shows the result; typing keeps the
/// address bar in step; one validation error kind is one note, naming each
/// character.
fn opens_on_an_address(browser: &Session, address: &str) {
    browser.navigate(&format!(
        "{address}/?url=..%2Fimages%2Flogo.png%3Flist%5B%5D%3D1&base=https%3A%2F%2Fwww.example.com%2Fdocs%2Fintro%2F"
    ));
    browser.wait_text_eq(
        "#normalized",
        "https://www.example.com/docs/images/logo.png?list[]=1",
    );
    assert_eq!(
        browser.property("#url", "value").unwrap(),
        json!("../images/logo.png?list[]=1")
    );
    assert_eq!(
        browser.property("#base", "value").unwrap(),
        json!("https://www.example.com/docs/intro/")
    );
    let notes = browser.execute(
        "return [...document.querySelectorAll('#findings li')].filter((e) => e.dataset.code === 'invalid-URL-unit').map((e) => e.textContent);",
        json!([]),
    );
    let notes = notes.as_array().unwrap();
    assert_eq!(notes.len(), 1, "invalid-URL-unit once: {notes:?}");
    let note = notes[0].as_str().unwrap();
    assert!(note.contains("\"[\"") && note.contains("\"]\""), "{note}");

    browser.clear("#base");
    browser.retype("#url", "https://www.example.com/a b");
    browser.wait_text_eq("#normalized", "https://www.example.com/a%20b");
    let search = browser.execute("return location.search;", json!([]));
    assert_eq!(search, json!("?url=https%3A%2F%2Fwww.example.com%2Fa+b"));
    // The same address opened again shows the same result.
    browser.navigate(&format!("{address}/{}", search.as_str().unwrap()));
    browser.wait_text_eq("#normalized", "https://www.example.com/a%20b");
    // An address pasted after `?url=` without encoding keeps its own query
    // (`+`, `&b=2`) and fragment.
    browser.navigate(&format!("{address}/?url=https://a.example/p?x=1+2&b=2#top"));
    browser.wait_text_eq("#normalized", "https://a.example/p?x=1+2&b=2#top");
    assert_eq!(
        browser.property("#url", "value").unwrap(),
        json!("https://a.example/p?x=1+2&b=2#top")
    );
}

/// Every field has a label, Tab moves through the form in order, and the
/// focused field shows a visible outline.
fn check_labels_and_keyboard(browser: &Session) {
    let unlabelled = browser.execute(
        "return [...document.querySelectorAll('input, textarea, select')]
            .filter((e) => e.type !== 'hidden' && e.labels.length === 0)
            .map((e) => e.id || e.outerHTML);",
        json!([]),
    );
    assert_eq!(unlabelled, json!([]), "fields without a <label>");
    let not_buttons = browser.execute(
        "return [...document.querySelectorAll('[onclick], a:not([href]), [role=button]')].length;",
        json!([]),
    );
    assert_eq!(not_buttons, json!(0), "clickable things must be <button>s");

    browser.click("#url");
    let order: Vec<String> = ["#url", "#base"]
        .iter()
        .map(|from| {
            browser.send_keys(from, TAB);
            browser.active_id().as_str().unwrap_or_default().to_owned()
        })
        .collect();
    assert_eq!(order, ["base", "assume-https"], "tab order of the form");
    let outline = browser.execute(
        "const s = getComputedStyle(document.activeElement);
         return [s.outlineStyle, parseFloat(s.outlineWidth)];",
        json!([]),
    );
    assert_ne!(outline[0], json!("none"), "keyboard focus must be visible");
    assert!(
        outline[1].as_f64().unwrap_or_default() >= 2.0,
        "focus outline too thin: {outline}"
    );
}

/// A host that imitates a brand: the real-host line names the domain it
/// imitates.
fn imitated_domain_beside_the_host(browser: &Session) {
    browser.retype("#url", "https://paypal-login.com/signin");
    browser.wait_text("#real-host", "the imitated domain beside the host", |t| {
        t.contains("paypal-login.com") && t.contains("It imitates paypal.com")
    });
    browser.retype("#url", "https://www.paypal.com@198.51.100.7/secure/login");
    browser.wait_text("#real-host", "the real host line again", |t| {
        t.contains("198.51.100.7") && !t.contains("imitates")
    });
}

/// Seed 004: the text before `@` is only a user name.
fn deceptive_link(browser: &Session) {
    let top = browser.page_top("#url");
    browser.click("#url");
    browser.send_keys("#url", "https://www.paypal.com@198.51.100.7/secure/login");
    let css = "#findings li[data-code='userinfo-looks-like-host']";
    let warning = browser.wait_text(css, "the userinfo-looks-like-host warning", |t| {
        t.contains("198.51.100.7") && t.contains("www.paypal.com")
    });
    assert!(warning.contains("user name"), "warning reads {warning:?}");
    assert!(
        browser.text("#real-host").unwrap().contains("198.51.100.7"),
        "the real host line"
    );
    browser.wait_text_eq("#part-host", "198.51.100.7");
    browser.wait_text_eq("#part-username", "www.paypal.com");
    browser.wait_text_eq(
        "#normalized",
        "https://www.paypal.com@198.51.100.7/secure/login",
    );
    assert!(
        browser
            .text("#findings")
            .unwrap()
            .contains("bare IP address"),
        "the ip-address-host warning"
    );
    // Each finding once: as many items as distinct codes, and the
    // credentials said by the warning alone (the URL Standard's
    // `invalid-credentials` is folded into it).
    let codes = browser.execute(
        "return Array.from(document.querySelectorAll('#findings li[data-code]')).map((li) => li.dataset.code);",
        json!([]),
    );
    let codes: Vec<&str> = codes
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c.as_str().unwrap())
        .collect();
    let mut distinct = codes.clone();
    distinct.sort_unstable();
    distinct.dedup();
    assert_eq!(codes.len(), distinct.len(), "findings shown: {codes:?}");
    assert!(!codes.contains(&"invalid-credentials"), "{codes:?}");
    assert_eq!(
        browser.page_top("#url"),
        top,
        "the URL field moved while typing"
    );
}

/// An address that does not parse says why.
fn invalid_url(browser: &Session) {
    browser.retype("#url", "https://example.com:99999/");
    let reason = browser.wait_text("#error", "the reason the URL is invalid", |t| {
        t.contains("port-out-of-range")
    });
    assert!(
        reason.contains("65535") || reason.contains("port"),
        "reason {reason:?}"
    );
    assert_eq!(
        browser.property("#error", "dataset").unwrap()["state"],
        json!("error")
    );
}

/// The "assume https" switch: on, a pasted address without a scheme is read
/// as `https://` plus the text; off, the parser refuses it.
fn assume_https_switch(browser: &Session) {
    browser.retype("#url", "www.example.com/page");
    browser.wait_text_eq("#normalized", "https://www.example.com/page");
    browser.wait_text("#findings", "the scheme-assumed note", |t| {
        t.contains("https://www.example.com/page")
    });
    browser.click("#assume-https");
    browser.wait_text("#error", "the refusal without a scheme", |t| {
        t.contains("missing-scheme-non-relative-URL")
    });
    browser.click("#assume-https");
    browser.wait_text_eq("#normalized", "https://www.example.com/page");
}

/// A relative reference against a base URL; parameters form-decoded, in
/// order, repeats listed.
fn base_url_and_parameters(browser: &Session) {
    browser.retype(
        "#url",
        "../images/logo.png?list[]=1&list[]=2&q=caf%C3%A9+au+lait",
    );
    browser.wait_text(
        "#error",
        "the relative reference refused without a base",
        |t| t.contains("relative reference"),
    );
    browser.send_keys("#base", "https://www.example.com/docs/intro/");
    browser.wait_text_eq(
        "#normalized",
        "https://www.example.com/docs/images/logo.png?list[]=1&list[]=2&q=caf%C3%A9+au+lait",
    );
    let params = browser.execute(
        "return [...document.querySelectorAll('#params li .pair')].map((e) => e.textContent);",
        json!([]),
    );
    assert_eq!(
        params,
        json!(["list[] = 1", "list[] = 2", "q = café au lait"]),
        "parameters in order"
    );
    assert!(
        browser
            .text("#params")
            .unwrap()
            .contains("repeated: 2 of 2")
    );
    // The next address is read without a base.
    browser.clear("#base");
}

/// An `xn--` host's Unicode form is said once, by one finding; a `%2F`
/// segment is flagged.
fn unicode_host(browser: &Session) {
    browser.retype("#url", "https://xn--mnchen-3ya.example/a%2Fb/c");
    browser.wait_text(
        "#findings li[data-code='punycode-host']",
        "the Unicode form of the host",
        |t| t.contains("münchen.example"),
    );
    let mentions = browser.execute(
        "return document.querySelector('#results').innerText.split('münchen.example').length - 1;",
        json!([]),
    );
    assert_eq!(mentions, json!(1), "the Unicode form shown once");
    let flagged = browser.execute(
        "return [...document.querySelectorAll('#segments li')]
            .map((li) => [li.querySelector('.decoded').textContent, !!li.querySelector('[data-flag=slash]')]);",
        json!([]),
    );
    assert_eq!(
        flagged,
        json!([["a/b", true], ["c", false]]),
        "path segments"
    );
}

/// The Remove tracking parameters button.
fn remove_tracking(browser: &Session) {
    let link = "https://example.com/page?id=7&utm_source=news&fbclid=abc";
    browser.retype("#url", link);
    browser.wait_text_eq("#normalized", link);
    browser.wait_text(
        "#findings li[data-code='tracking-parameters']",
        "the tracking parameters found",
        |t| t.contains("utm_source") && t.contains("fbclid"),
    );
    browser.wait_text_eq("#canonical", "https://example.com/page?id=7");
    browser.wait_text_eq("#key", "example.com/page?id=7");
    let tracking = browser.execute(
        "return [...document.querySelectorAll('#findings li')].filter((li) => li.textContent.includes('utm_source')).length;",
        json!([]),
    );
    assert_eq!(tracking, json!(1), "tracking said once among the findings");
    browser.click("#clean-button");
    browser.wait_text_eq("#cleaned", "https://example.com/page?id=7");
    let removed = browser.execute(
        "return [...document.querySelectorAll('#removed li')].map((li) => li.textContent);",
        json!([]),
    );
    assert_eq!(removed, json!(["utm_source", "fbclid"]));
}

/// The Rebuild form: host, a parameter changed, one removed, one added, a
/// refused port.
fn rebuild_form(browser: &Session) {
    wait_until("the Rebuild form to hold the host", || {
        let host = browser.property("#rebuild-host", "value")?;
        if host == json!("example.com") {
            Ok(())
        } else {
            Err(format!("host {host}"))
        }
    })
    .unwrap();
    browser.wait_text_eq(
        "#rebuilt",
        "https://example.com/page?id=7&utm_source=news&fbclid=abc",
    );

    let top = browser.page_top("#rebuild-host");
    browser.retype("#rebuild-host", "example.org");
    browser.retype("#rebuild-param-value-0", "8");
    browser.wait_text_eq(
        "#rebuilt",
        "https://example.org/page?id=8&utm_source=news&fbclid=abc",
    );

    browser.click("#rebuild-param-remove-2");
    browser.wait_text_eq("#rebuilt", "https://example.org/page?id=8&utm_source=news");

    browser.click("#add-param");
    assert_eq!(
        browser.active_id(),
        json!("rebuild-param-name-2"),
        "Add moves focus to the new row"
    );
    browser.send_keys("#rebuild-param-name-2", "q");
    browser.send_keys("#rebuild-param-value-2", "café au lait");
    browser.wait_text_eq(
        "#rebuilt",
        "https://example.org/page?id=8&utm_source=news&q=caf%C3%A9+au+lait",
    );
    assert_eq!(
        browser.page_top("#rebuild-host"),
        top,
        "the Rebuild form moved while typing"
    );

    browser.retype("#rebuild-port", "99999");
    let refusal = browser.wait_text("#rebuild-error", "the refused port", |t| {
        t.contains("99999") && t.contains("refused")
    });
    assert!(
        refusal.to_lowercase().contains("port"),
        "refusal {refusal:?}"
    );
    assert_eq!(
        browser.property("#rebuild-port", "ariaInvalid").unwrap(),
        json!("true")
    );
    browser.retype("#rebuild-port", "8080");
    browser.wait_text_eq(
        "#rebuilt",
        "https://example.org:8080/page?id=8&utm_source=news&q=caf%C3%A9+au+lait",
    );
    let state = browser.property("#rebuild-error", "dataset").unwrap();
    assert_eq!(state["state"], json!("hint"), "the refusal is gone");
}

/// A Copy button is disabled while its field is empty, and enabled once
/// there is something to copy.
fn copy_needs_a_value(browser: &Session) {
    let enabled = browser.execute(
        "return [...document.querySelectorAll('button.copy')].filter((b) => !b.disabled).map((b) => b.dataset.copy);",
        json!([]),
    );
    assert_eq!(enabled, json!([]), "Copy enabled with nothing to copy");
    browser.retype("#url", "https://www.example.com/a");
    browser.wait_text_eq("#normalized", "https://www.example.com/a");
    let disabled = browser
        .property("button[data-copy='normalized']", "disabled")
        .unwrap();
    assert_eq!(disabled, json!(false));
    browser.clear("#url");
    browser.wait_text_eq("#status", "Paste a URL to begin.");
}

/// A finding's character is shown as it is (a backslash as one), and its
/// places come before the sentence's full stop.
fn findings_read_as_sentences(browser: &Session) {
    browser.retype("#url", "https://evil.example\\@www.bank.example/");
    browser.wait_text_eq("#normalized", "https://evil.example/@www.bank.example/");
    let notes = browser.execute(
        "return [...document.querySelectorAll('#findings li')].filter((e) => e.dataset.code === 'invalid-reverse-solidus').map((e) => e.textContent);",
        json!([]),
    );
    let note = notes[0].as_str().unwrap_or_default().to_owned();
    assert!(note.contains(r#""\" (U+005C)"#), "{note}");
    assert!(!note.contains("\\\\"), "{note}");
    assert!(!note.contains("). at"), "{note}");
    assert!(note.ends_with('.'), "{note}");
    // A warning's place is part of its message, not a column of its own.
    let loose = browser.execute(
        "return [...document.querySelectorAll('#findings li.warning > .where')].length;",
        json!([]),
    );
    assert_eq!(loose, json!(0));
    // Every value of the Parts table starts in one column, the host's
    // details included (positions, not pixels).
    let lefts = browser.execute(
        "return ['#part-scheme', '#part-fragment', '#origin', '#host-kind', '#registrable-domain', '#public-suffix']
           .map((css) => Math.round(document.querySelector(css).getBoundingClientRect().left));",
        json!([]),
    );
    let lefts = lefts.as_array().unwrap();
    assert!(
        lefts.iter().all(|l| l == &lefts[0]),
        "value columns: {lefts:?}"
    );
}

/// A copy button says "Copied".
fn copy_button(browser: &Session) {
    browser.click("button[data-copy='rebuilt']");
    browser.wait_text_eq("button[data-copy='rebuilt']", "Copied");
    browser.wait_text("#status", "the status to say it copied", |t| {
        t.starts_with("Copied")
    });
}

/// Nothing was refused by the Content-Security-Policy and no script failed.
fn check_console(browser: &Session) {
    let Ok(entries) = browser.command("POST", "/se/log", Some(json!({ "type": "browser" }))) else {
        say("serve_browser: this chromedriver does not give the browser log; console not checked");
        return;
    };
    let entries: Vec<&Value> = entries
        .as_array()
        .map(|a| a.iter().collect())
        .unwrap_or_default();
    say(&format!(
        "serve_browser: {} browser console entries checked",
        entries.len()
    ));
    let problems: Vec<&&Value> = entries
        .iter()
        .filter(|e| e["level"] == json!("SEVERE"))
        .filter(|e| {
            let message = e["message"].as_str().unwrap_or_default();
            // The browser asks for /favicon.ico on its own and the server has
            // none; the invalid URLs and the refused port above are answered
            // 422 on purpose. Anything else (a refusal by the
            // Content-Security-Policy, a script error) fails the test.
            let expected = e["source"] == json!("network")
                && (message.contains("/favicon.ico ") || message.contains("status of 422"));
            !expected
        })
        .collect();
    assert!(problems.is_empty(), "browser console errors: {problems:?}");
}

/// At 360 px the page fits without horizontal scrolling.
fn narrow_screen(browser: &Session) {
    browser.retype(
        "#url",
        "https://www.paypal.com@198.51.100.7/secure/a%2Fb/login?session_token=0123456789abcdefghijklmnopqrstuvwxyz0123456789&utm_campaign=spring#section-with-a-long-name",
    );
    browser.wait_text_eq("#part-host", "198.51.100.7");
    browser.set_window_size(360, 800);
    let sizes = wait_until("the window to be 360 px wide", || {
        let sizes = browser.execute(
            "return [window.innerWidth, document.documentElement.scrollWidth];",
            json!([]),
        );
        let inner = sizes[0].as_u64().unwrap_or_default();
        if inner <= 400 {
            Ok(sizes)
        } else {
            Err(format!("innerWidth {inner}"))
        }
    })
    .unwrap();
    assert!(
        sizes[1].as_u64() <= sizes[0].as_u64(),
        "horizontal scroll at 360 px: scrollWidth {} > innerWidth {}",
        sizes[1],
        sizes[0]
    );
    browser.screenshot_full_page(&target_dir().join("onecontact-serve-screenshot-360px.png"));
}
