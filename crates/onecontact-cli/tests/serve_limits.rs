//! `onecontact serve` against slow and hostile clients, over real sockets
//! on 127.0.0.1: stalled request heads, a trickled body, more connections
//! than allowed, idle kept-alive connections, and SIGTERM with a request
//! in progress. Each test starts its own server with short limits, so the
//! suite stays quick; the latencies and memory printed are reports, and
//! the only time bounds asserted are generous ones.

#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing
)]

#[path = "support/serve.rs"]
mod serve;

use std::io::{ErrorKind, Read, Write};
use std::net::TcpStream;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use serve::ServeProcess;

const START: Duration = Duration::from_secs(20);

fn parse_request(agent: &ureq::Agent, base: &str) -> Result<u16, ureq::Error> {
    let response = agent
        .post(format!("{base}/api/parse"))
        .header("Content-Type", "application/json")
        .send(r#"{"input":"https://user@例え.jp:8080/a/../b?q=1#f"}"#)?;
    let status = response.status().as_u16();
    let _ = response.into_body().read_to_vec()?;
    Ok(status)
}

/// Whether the server closed a raw socket.
#[derive(Debug, PartialEq)]
enum Socket {
    Open,
    Closed,
}

/// Reads what is there without waiting; `Closed` on end of file or reset.
fn poll_closed(stream: &mut TcpStream, seen: &mut Vec<u8>) -> Socket {
    let mut buf = [0u8; 4096];
    loop {
        match stream.read(&mut buf) {
            Ok(0) => return Socket::Closed,
            Ok(n) => seen.extend_from_slice(&buf[..n]),
            Err(e) if e.kind() == ErrorKind::WouldBlock => return Socket::Open,
            Err(e) if e.kind() == ErrorKind::Interrupted => {}
            Err(_) => return Socket::Closed,
        }
    }
}

/// Waits up to `limit` for the server to close `stream`; returns when it
/// did, or `None`.
fn closed_within(stream: &mut TcpStream, limit: Duration) -> Option<Duration> {
    stream.set_nonblocking(true).unwrap();
    let started = Instant::now();
    let mut seen = Vec::new();
    while started.elapsed() < limit {
        if poll_closed(stream, &mut seen) == Socket::Closed {
            return Some(started.elapsed());
        }
        std::thread::sleep(Duration::from_millis(10));
    }
    None
}

fn percentile(sorted: &[Duration], p: f64) -> Duration {
    let rank = ((sorted.len().saturating_sub(1)) as f64 * p).round() as usize;
    sorted.get(rank).copied().unwrap_or_default()
}

/// The status code of a raw HTTP/1.1 reply.
fn status_of(reply: &[u8]) -> u16 {
    let text = String::from_utf8_lossy(reply);
    text.split_whitespace()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or_else(|| panic!("not an HTTP reply: {text:?}"))
}

/// Reads until the server closes the connection or `limit` passes.
fn read_reply(stream: &mut TcpStream, limit: Duration) -> Vec<u8> {
    stream.set_read_timeout(Some(limit)).unwrap();
    let mut reply = Vec::new();
    let mut buf = [0u8; 4096];
    let started = Instant::now();
    while started.elapsed() < limit {
        match stream.read(&mut buf) {
            Ok(0) => break,
            Ok(n) => {
                reply.extend_from_slice(&buf[..n]);
                if has_whole_reply(&reply) {
                    break;
                }
            }
            Err(e) if e.kind() == ErrorKind::Interrupted => {}
            Err(_) => break,
        }
    }
    reply
}

/// A head and a body as long as its Content-Length.
fn has_whole_reply(reply: &[u8]) -> bool {
    let text = String::from_utf8_lossy(reply);
    let Some((head, body)) = text.split_once("\r\n\r\n") else {
        return false;
    };
    let length = head
        .lines()
        .find_map(|l| {
            let (name, value) = l.split_once(':')?;
            name.eq_ignore_ascii_case("content-length")
                .then(|| value.trim().parse::<usize>().ok())?
        })
        .unwrap_or(0);
    body.len() >= length
}

const HALF_HEAD: &[u8] = b"POST /api/parse HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Ty";

#[test]
fn five_hundred_stalled_heads_are_closed_while_a_client_is_served() {
    const STALLED: usize = 500;
    let header_timeout = Duration::from_secs(2);
    // The idle timeout is set above the header timeout, so it is the
    // header timeout that closes the stalled connections.
    let server =
        ServeProcess::start_with(&["--header-timeout", "2s", "--idle-timeout", "60s"], START);
    let agent = serve::http();
    assert_eq!(parse_request(&agent, &server.base).unwrap(), 200);
    let rss_before = server.peak_rss_kib();

    let opened = Instant::now();
    let mut stalled: Vec<TcpStream> = (0..STALLED)
        .map(|i| {
            let mut s = TcpStream::connect(server.addr())
                .unwrap_or_else(|e| panic!("stalled connection {i}: {e}"));
            s.write_all(HALF_HEAD).unwrap();
            s
        })
        .collect();
    let all_opened = opened.elapsed();
    for s in &stalled {
        s.set_nonblocking(true).unwrap();
    }

    // The ordinary client, on its own kept-alive connection, until every
    // stalled connection is closed.
    let done = Arc::new(AtomicBool::new(false));
    let client = {
        let done = Arc::clone(&done);
        let base = server.base.clone();
        std::thread::spawn(move || {
            let agent = agent;
            let mut latencies = Vec::new();
            let mut failures = Vec::new();
            while !done.load(Ordering::Relaxed) {
                let started = Instant::now();
                match parse_request(&agent, &base) {
                    Ok(200) => latencies.push(started.elapsed()),
                    other => failures.push(format!("{other:?}")),
                }
                std::thread::sleep(Duration::from_millis(5));
            }
            (latencies, failures)
        })
    };

    let mut closed_at = vec![None; STALLED];
    let mut seen = vec![Vec::new(); STALLED];
    let deadline = header_timeout + Duration::from_secs(8);
    while opened.elapsed() < deadline && closed_at.iter().any(Option::is_none) {
        for (i, s) in stalled.iter_mut().enumerate() {
            if closed_at[i].is_none() && poll_closed(s, &mut seen[i]) == Socket::Closed {
                closed_at[i] = Some(opened.elapsed());
            }
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    done.store(true, Ordering::Relaxed);
    let (mut latencies, failures) = client.join().unwrap();
    let rss_after = server.peak_rss_kib();

    let open = closed_at.iter().filter(|c| c.is_none()).count();
    assert_eq!(
        open, 0,
        "{open} of {STALLED} stalled connections still open after {deadline:?}"
    );
    let closed: Vec<Duration> = closed_at.into_iter().flatten().collect();
    let first = closed.iter().min().copied().unwrap_or_default();
    let last = closed.iter().max().copied().unwrap_or_default();
    // Not closed before their time (opening them all took `all_opened`).
    assert!(
        first + all_opened + Duration::from_millis(200) >= header_timeout,
        "a stalled connection was closed after {first:?}, before the header timeout"
    );
    assert!(
        failures.is_empty(),
        "the ordinary client failed: {failures:?}"
    );
    assert!(
        latencies.len() >= 10,
        "only {} requests answered",
        latencies.len()
    );
    latencies.sort_unstable();
    println!(
        "{STALLED} stalled heads (opened in {all_opened:?}) closed between {first:?} and {last:?} \
         (header timeout {header_timeout:?}); ordinary client: {} requests, p50 {:?}, p99 {:?}, \
         max {:?}; server peak RSS {rss_before:?} KiB before, {rss_after:?} KiB after",
        latencies.len(),
        percentile(&latencies, 0.50),
        percentile(&latencies, 0.99),
        latencies.last().copied().unwrap_or_default(),
    );
    if let Some(kib) = rss_after {
        assert!(kib < 256 * 1024, "the server's peak RSS is {kib} KiB");
    }
    assert_eq!(parse_request(&serve::http(), &server.base).unwrap(), 200);
}

#[test]
fn a_body_trickled_one_byte_a_second_is_cut_off() {
    let server = ServeProcess::start_with(
        &[
            "--body-timeout",
            "1500ms",
            "--request-timeout",
            "60s",
            "--idle-timeout",
            "60s",
        ],
        START,
    );
    let mut stream = TcpStream::connect(server.addr()).unwrap();
    stream
        .write_all(
            b"POST /api/parse HTTP/1.1\r\nHost: 127.0.0.1\r\n\
              Content-Type: application/json\r\nContent-Length: 40\r\n\r\n",
        )
        .unwrap();
    let started = Instant::now();
    let mut writer = stream.try_clone().unwrap();
    let trickle = std::thread::spawn(move || {
        let mut sent = 0;
        for byte in br#"{"input":"https://example.com/aaaaaaaa"}"# {
            if writer.write_all(&[*byte]).is_err() {
                break;
            }
            sent += 1;
            std::thread::sleep(Duration::from_secs(1));
        }
        sent
    });
    let reply = read_reply(&mut stream, Duration::from_secs(10));
    let answered = started.elapsed();
    assert_eq!(
        status_of(&reply),
        408,
        "{}",
        String::from_utf8_lossy(&reply)
    );
    assert!(
        String::from_utf8_lossy(&reply).contains(r#""code":"timeout""#),
        "{}",
        String::from_utf8_lossy(&reply)
    );
    assert!(
        answered < Duration::from_secs(6),
        "answered after {answered:?}"
    );
    // The server then closes the connection; the trickler's writes fail.
    let closed = closed_within(&mut stream, Duration::from_secs(10));
    assert!(closed.is_some(), "the connection stayed open after the 408");
    drop(stream);
    let sent = trickle.join().unwrap();
    println!("trickled body: 408 after {answered:?}, {sent} bytes sent before the server closed");
    assert!(sent < 40, "the whole body was accepted");
}

#[test]
fn connections_past_the_limit_get_503_and_a_freed_slot_is_reused() {
    let server = ServeProcess::start_with(
        &[
            "--max-connections",
            "2",
            "--idle-timeout",
            "60s",
            "--header-timeout",
            "60s",
        ],
        START,
    );
    let holders: Vec<TcpStream> = (0..2)
        .map(|_| TcpStream::connect(server.addr()).unwrap())
        .collect();
    // Give the server time to accept both before the third arrives.
    std::thread::sleep(Duration::from_millis(300));
    let mut third = TcpStream::connect(server.addr()).unwrap();
    third
        .write_all(b"GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        .unwrap();
    let reply = read_reply(&mut third, Duration::from_secs(5));
    assert_eq!(
        status_of(&reply),
        503,
        "{}",
        String::from_utf8_lossy(&reply)
    );
    let text = String::from_utf8_lossy(&reply);
    assert!(text.contains(r#""code":"too-many-connections""#), "{text}");
    assert!(
        text.to_ascii_lowercase().contains("retry-after: 1"),
        "{text}"
    );

    drop(holders);
    let agent = serve::http();
    let started = Instant::now();
    let status = loop {
        let status = agent
            .get(format!("{}/api/health", server.base))
            .call()
            .map(|r| r.status().as_u16());
        if matches!(status, Ok(200)) || started.elapsed() > Duration::from_secs(5) {
            break status;
        }
        std::thread::sleep(Duration::from_millis(50));
    };
    assert_eq!(status.unwrap(), 200, "no slot was freed");
}

#[test]
fn an_idle_kept_alive_connection_is_closed() {
    let server = ServeProcess::start_with(
        &["--idle-timeout", "500ms", "--header-timeout", "60s"],
        START,
    );
    let mut stream = TcpStream::connect(server.addr()).unwrap();
    stream
        .write_all(b"GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        .unwrap();
    let reply = read_reply(&mut stream, Duration::from_secs(5));
    assert_eq!(status_of(&reply), 200);
    let closed = closed_within(&mut stream, Duration::from_secs(10)).expect("never closed");
    println!("idle kept-alive connection closed {closed:?} after its reply (idle timeout 500ms)");
    assert!(
        closed >= Duration::from_millis(300),
        "closed after {closed:?}"
    );

    // A connection that never sends a byte is idle too.
    let mut silent = TcpStream::connect(server.addr()).unwrap();
    assert!(closed_within(&mut silent, Duration::from_secs(10)).is_some());
}

#[cfg(unix)]
#[test]
fn sigterm_answers_the_request_in_progress_then_exits() {
    let mut server = ServeProcess::start_with(&["--shutdown-grace", "10s"], START);
    let body = br#"{"input":"https://example.com/"}"#;
    let mut stream = TcpStream::connect(server.addr()).unwrap();
    let head = format!(
        "POST /api/parse HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n\
         Content-Length: {}\r\n\r\n",
        body.len()
    );
    stream.write_all(head.as_bytes()).unwrap();
    stream.write_all(&body[..10]).unwrap();
    // The request is in progress (its body half sent) when the signal comes.
    std::thread::sleep(Duration::from_millis(300));
    let killed = std::process::Command::new("kill")
        .args(["-TERM", &server.child.id().to_string()])
        .status()
        .unwrap();
    assert!(killed.success());
    std::thread::sleep(Duration::from_millis(300));
    // No new connection is taken once the signal is in.
    let refused = TcpStream::connect(server.addr())
        .and_then(|mut s| {
            s.write_all(b"GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")?;
            let reply = read_reply(&mut s, Duration::from_secs(2));
            Ok(reply)
        })
        .map(|reply| reply.is_empty())
        .unwrap_or(true);
    assert!(refused, "a new connection was served after SIGTERM");
    stream.write_all(&body[10..]).unwrap();
    let reply = read_reply(&mut stream, Duration::from_secs(5));
    assert_eq!(
        status_of(&reply),
        200,
        "{}",
        String::from_utf8_lossy(&reply)
    );
    let started = Instant::now();
    let status = loop {
        if let Some(status) = server.child.try_wait().unwrap() {
            break status;
        }
        assert!(
            started.elapsed() < Duration::from_secs(8),
            "the server did not exit after answering"
        );
        std::thread::sleep(Duration::from_millis(20));
    };
    assert!(status.success(), "{status:?}");
}

#[test]
fn a_head_over_the_size_limit_gets_431() {
    let server = ServeProcess::start(START);
    let mut stream = TcpStream::connect(server.addr()).unwrap();
    let padding = "a".repeat(20_000);
    let request =
        format!("GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Pad: {padding}\r\n\r\n");
    let _ = stream.write_all(request.as_bytes());
    let reply = read_reply(&mut stream, Duration::from_secs(5));
    assert_eq!(
        status_of(&reply),
        431,
        "{}",
        String::from_utf8_lossy(&reply)
    );
}
