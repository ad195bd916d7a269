//! Sorting more records than fit in a memory budget, as GNU `sort` does:
//! records are gathered in memory up to the budget, sorted, written to a
//! temporary file as one sorted run, and the runs are merged at the end.
//!
//! A run's file is removed from its folder as soon as it is created (on
//! Unix; elsewhere when its run is dropped), so it lives only as long as
//! its open handle: whatever ends the process (an error, Ctrl-C, a kill),
//! the operating system frees the space and no file is left behind.

use std::cmp::Reverse;
use std::collections::BinaryHeap;
use std::fs::{File, OpenOptions};
use std::io::{self, BufRead, BufReader, BufWriter, Read, Seek, SeekFrom, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};

/// Most runs merged at once (and open at once): when this many are
/// written, they are merged into one.
pub const FAN_IN: usize = 64;
/// The buffer of each run while it is read back.
const READ_BUFFER: usize = 64 * 1024;
/// The buffer of a run while it is written.
const WRITE_BUFFER: usize = 256 * 1024;
/// What one heap allocation costs beyond its bytes (the allocator's
/// header and rounding), in the memory estimate.
pub const ALLOCATION: usize = 16;

/// A record the sorter can hold, write and read back.
pub trait Record: Ord + Sized {
    /// The heap bytes the record holds, allocator overhead included (its
    /// inline size is counted by the sorter).
    fn heap_size(&self) -> usize;
    /// Writes the record.
    fn write_to(&self, out: &mut impl Write) -> io::Result<()>;
    /// Reads one record; `None` at the end of the run.
    fn read_from(input: &mut impl BufRead) -> io::Result<Option<Self>>;
}

/// Writes `n` as a variable-length integer (seven bits a byte).
pub fn write_varint(out: &mut impl Write, mut n: u64) -> io::Result<()> {
    let mut bytes = [0u8; 10];
    let mut len = 0;
    for slot in &mut bytes {
        let low = (n & 0x7f) as u8;
        n >>= 7;
        len += 1;
        if n == 0 {
            *slot = low;
            break;
        }
        *slot = low | 0x80;
    }
    out.write_all(bytes.get(..len).unwrap_or_default())
}

/// Reads a variable-length integer; `None` at the end of the input when
/// no byte of it was read.
pub fn read_varint(input: &mut impl BufRead) -> io::Result<Option<u64>> {
    let mut n = 0u64;
    let mut shift = 0u32;
    loop {
        let mut byte = [0u8; 1];
        match input.read(&mut byte) {
            Ok(0) if shift == 0 => return Ok(None),
            Ok(0) => return Err(io::ErrorKind::UnexpectedEof.into()),
            Ok(_) => {}
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        }
        let [b] = byte;
        if shift >= 64 {
            return Err(io::Error::new(
                io::ErrorKind::InvalidData,
                "a temporary run holds a number over 64 bits",
            ));
        }
        n |= u64::from(b & 0x7f) << shift;
        if b & 0x80 == 0 {
            return Ok(Some(n));
        }
        shift += 7;
    }
}

/// Reads a variable-length integer that must be there.
pub fn read_number(input: &mut impl BufRead) -> io::Result<u64> {
    read_varint(input)?.ok_or_else(|| io::ErrorKind::UnexpectedEof.into())
}

/// Writes a text with its length before it.
pub fn write_text(out: &mut impl Write, text: &str) -> io::Result<()> {
    write_varint(out, text.len() as u64)?;
    out.write_all(text.as_bytes())
}

/// Reads a text written by [`write_text`].
pub fn read_text(input: &mut impl BufRead) -> io::Result<String> {
    let len = usize::try_from(read_number(input)?).map_err(io::Error::other)?;
    let mut bytes = vec![0u8; len];
    input.read_exact(&mut bytes)?;
    String::from_utf8(bytes).map_err(|e| io::Error::new(io::ErrorKind::InvalidData, e))
}

/// One sorted run on disk.
struct Run {
    file: File,
    /// The file's name while it still has one (where it could not be
    /// removed at once); removed on drop.
    path: Option<PathBuf>,
}

impl Drop for Run {
    fn drop(&mut self) {
        if let Some(path) = self.path.take() {
            let _ = std::fs::remove_file(path);
        }
    }
}

/// Creates a new, empty temporary file in `dir` and removes its name.
fn temp_run(dir: &Path) -> io::Result<Run> {
    static NEXT: AtomicU64 = AtomicU64::new(0);
    loop {
        let n = NEXT.fetch_add(1, Ordering::Relaxed);
        let path = dir.join(format!(".onecontact-sort-{}-{n}.tmp", std::process::id()));
        match OpenOptions::new()
            .read(true)
            .write(true)
            .create_new(true)
            .open(&path)
        {
            Ok(file) => {
                // On Unix the open file outlives its name; where a name
                // cannot be removed while open, it is removed on drop.
                let path = std::fs::remove_file(&path).err().map(|_| path);
                return Ok(Run { file, path });
            }
            Err(e) if e.kind() == io::ErrorKind::AlreadyExists => {}
            Err(e) => {
                return Err(io::Error::new(
                    e.kind(),
                    format!(
                        "cannot create a temporary file in {} ({}); choose another folder with --temp-dir",
                        dir.display(),
                        crate::commands::batch_run::io_reason(&e)
                    ),
                ));
            }
        }
    }
}

/// Writes sorted `records` as a run.
fn write_run<T: Record>(
    dir: &Path,
    records: impl Iterator<Item = io::Result<T>>,
) -> io::Result<Run> {
    let mut run = temp_run(dir)?;
    {
        let mut out = BufWriter::with_capacity(WRITE_BUFFER, &mut run.file);
        for record in records {
            record?.write_to(&mut out)?;
        }
        out.flush()?;
    }
    run.file.seek(SeekFrom::Start(0))?;
    Ok(run)
}

/// Sorts records within a memory budget.
pub struct Sorter<T: Record> {
    buffer: Vec<T>,
    heap: usize,
    budget: usize,
    dir: PathBuf,
    runs: Vec<Run>,
    /// Runs written, intermediate merges included.
    pub runs_written: u64,
}

impl<T: Record> Sorter<T> {
    /// A sorter that keeps at most about `budget` bytes of records in
    /// memory and writes its runs to `dir`.
    pub fn new(budget: usize, dir: PathBuf) -> Sorter<T> {
        Sorter {
            buffer: Vec::new(),
            heap: 0,
            budget,
            dir,
            runs: Vec::new(),
            runs_written: 0,
        }
    }

    /// The bytes the records in memory take, by the estimate (the vector
    /// grows by a quarter, so its spare room is at most that much more).
    fn used(&self) -> usize {
        self.heap + self.buffer.len() * std::mem::size_of::<T>()
    }

    /// Adds a record; writes a run when the budget is reached.
    ///
    /// # Errors
    ///
    /// Writing a run failed.
    pub fn push(&mut self, record: T) -> io::Result<()> {
        self.heap += record.heap_size();
        if self.buffer.len() == self.buffer.capacity() {
            // Grow by a quarter, not double, near the budget.
            let more = (self.buffer.len() / 4).max(64);
            self.buffer.reserve_exact(more);
        }
        self.buffer.push(record);
        if self.used() > self.budget {
            self.spill()?;
        }
        Ok(())
    }

    /// Sorts the records in memory and writes them as a run.
    fn spill(&mut self) -> io::Result<()> {
        self.buffer.sort_unstable();
        let run = write_run(&self.dir, self.buffer.drain(..).map(Ok))?;
        self.heap = 0;
        self.runs.push(run);
        self.runs_written += 1;
        if self.runs.len() >= FAN_IN {
            let runs = std::mem::take(&mut self.runs);
            let merged = write_run(&self.dir, Merge::<T>::new(runs)?)?;
            self.runs.push(merged);
            self.runs_written += 1;
        }
        Ok(())
    }

    /// Every record pushed, in order.
    ///
    /// # Errors
    ///
    /// Writing the last run or reading the first records of the runs failed.
    pub fn finish(&mut self) -> io::Result<Sorted<T>> {
        if self.runs.is_empty() {
            self.buffer.sort_unstable();
            return Ok(Sorted::Memory(std::mem::take(&mut self.buffer).into_iter()));
        }
        if !self.buffer.is_empty() {
            self.spill()?;
        }
        self.buffer = Vec::new();
        Ok(Sorted::Merge(Merge::new(std::mem::take(&mut self.runs))?))
    }
}

/// The records of a [`Sorter`] in order.
pub enum Sorted<T: Record> {
    /// They all fit in memory.
    Memory(std::vec::IntoIter<T>),
    /// They come from runs on disk.
    Merge(Merge<T>),
}

impl<T: Record> Iterator for Sorted<T> {
    type Item = io::Result<T>;

    fn next(&mut self) -> Option<io::Result<T>> {
        match self {
            Sorted::Memory(records) => records.next().map(Ok),
            Sorted::Merge(merge) => merge.next(),
        }
    }
}

/// A k-way merge of sorted runs.
pub struct Merge<T: Record> {
    readers: Vec<BufReader<Run>>,
    heap: BinaryHeap<Reverse<(T, usize)>>,
    failed: bool,
}

impl Read for Run {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        self.file.read(buf)
    }
}

impl<T: Record> Merge<T> {
    fn new(runs: Vec<Run>) -> io::Result<Merge<T>> {
        let mut readers: Vec<BufReader<Run>> = runs
            .into_iter()
            .map(|run| BufReader::with_capacity(READ_BUFFER, run))
            .collect();
        let mut heap = BinaryHeap::with_capacity(readers.len());
        for (i, reader) in readers.iter_mut().enumerate() {
            if let Some(record) = T::read_from(reader)? {
                heap.push(Reverse((record, i)));
            }
        }
        Ok(Merge {
            readers,
            heap,
            failed: false,
        })
    }
}

impl<T: Record> Iterator for Merge<T> {
    type Item = io::Result<T>;

    fn next(&mut self) -> Option<io::Result<T>> {
        if self.failed {
            return None;
        }
        let Reverse((record, i)) = self.heap.pop()?;
        if let Some(reader) = self.readers.get_mut(i) {
            match T::read_from(reader) {
                Ok(Some(next)) => self.heap.push(Reverse((next, i))),
                Ok(None) => {}
                Err(e) => {
                    self.failed = true;
                    return Some(Err(e));
                }
            }
        }
        Some(Ok(record))
    }
}

/// Reads a memory size: a number of bytes, or with a `K`, `M`, `G` or `T`
/// suffix (powers of 1024; an optional `B` or `iB` after it).
///
/// # Errors
///
/// A sentence for the command line.
pub fn parse_size(text: &str) -> Result<usize, String> {
    let t = text.trim();
    let digits = t.find(|c: char| !c.is_ascii_digit()).unwrap_or(t.len());
    let (number, unit) = t.split_at(digits);
    let shift = match unit.to_ascii_uppercase().as_str() {
        "" | "B" => 0,
        "K" | "KB" | "KIB" => 10,
        "M" | "MB" | "MIB" => 20,
        "G" | "GB" | "GIB" => 30,
        "T" | "TB" | "TIB" => 40,
        _ => {
            return Err(format!(
                "`{text}` is not a size: write a number of bytes or one with K, M or G (such as 256M or 2G)"
            ));
        }
    };
    let n: u64 = number
        .parse()
        .map_err(|_| format!("`{text}` is not a size: write a number such as 256M"))?;
    let bytes = n
        .checked_mul(1u64 << shift)
        .and_then(|b| usize::try_from(b).ok())
        .ok_or_else(|| format!("`{text}` is more memory than this machine can address"))?;
    if bytes == 0 {
        return Err("the memory budget must be more than 0 bytes".to_owned());
    }
    Ok(bytes)
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used, clippy::indexing_slicing)]
    use super::*;

    #[derive(Debug, PartialEq, Eq, PartialOrd, Ord)]
    struct Item(String, u64);

    impl Record for Item {
        fn heap_size(&self) -> usize {
            self.0.len() + ALLOCATION
        }
        fn write_to(&self, out: &mut impl Write) -> io::Result<()> {
            write_text(out, &self.0)?;
            write_varint(out, self.1)
        }
        fn read_from(input: &mut impl BufRead) -> io::Result<Option<Self>> {
            let Some(len) = read_varint(input)? else {
                return Ok(None);
            };
            let mut bytes = vec![0u8; len as usize];
            input.read_exact(&mut bytes)?;
            Ok(Some(Item(
                String::from_utf8(bytes).unwrap(),
                read_number(input)?,
            )))
        }
    }

    fn dir() -> PathBuf {
        let dir =
            std::env::temp_dir().join(format!("onecontact-spill-test-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        dir
    }

    #[test]
    fn varints_round_trip() {
        for n in [0, 1, 127, 128, 300, u64::from(u32::MAX), u64::MAX] {
            let mut bytes = Vec::new();
            write_varint(&mut bytes, n).unwrap();
            assert_eq!(read_varint(&mut bytes.as_slice()).unwrap(), Some(n));
        }
        assert_eq!(read_varint(&mut [].as_slice()).unwrap(), None);
        assert!(read_varint(&mut [0x80u8].as_slice()).is_err());
    }

    #[test]
    fn spilled_and_merged_records_come_out_sorted_and_leave_no_file() {
        let dir = dir().join("sorted");
        std::fs::create_dir_all(&dir).unwrap();
        // A budget of a few records: many runs, and merges of FAN_IN runs.
        let mut sorter = Sorter::new(4096, dir.clone());
        let mut expected = Vec::new();
        for i in 0..20_000u64 {
            let key = format!("k{}", (i * 7919) % 1013);
            expected.push(Item(key.clone(), i));
            sorter.push(Item(key, i)).unwrap();
        }
        assert!(
            sorter.runs_written > FAN_IN as u64,
            "{}",
            sorter.runs_written
        );
        assert_eq!(std::fs::read_dir(&dir).unwrap().count(), 0);
        let sorted: Vec<Item> = sorter.finish().unwrap().map(Result::unwrap).collect();
        expected.sort();
        assert_eq!(sorted, expected);
        std::fs::remove_dir(&dir).unwrap();
    }

    #[test]
    fn records_that_fit_are_sorted_in_memory() {
        let mut sorter = Sorter::new(1 << 20, dir());
        for i in (0..100u64).rev() {
            sorter.push(Item("x".into(), i)).unwrap();
        }
        assert_eq!(sorter.runs_written, 0);
        let sorted: Vec<u64> = sorter.finish().unwrap().map(|r| r.unwrap().1).collect();
        assert_eq!(sorted, (0..100).collect::<Vec<_>>());
    }

    #[test]
    fn sizes() {
        assert_eq!(parse_size("256M"), Ok(256 << 20));
        assert_eq!(parse_size("2g"), Ok(2 << 30));
        assert_eq!(parse_size("512KiB"), Ok(512 << 10));
        assert_eq!(parse_size("1000"), Ok(1000));
        assert!(parse_size("0").is_err());
        assert!(parse_size("lots").unwrap_err().contains("256M"));
        assert!(parse_size("12X").is_err());
    }
}
