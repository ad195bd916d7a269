//! The result of `exec`: each component's input and groups, the values in
//! one string (for a URL string, the parsed URL's own), the group names
//! read from the pattern.

use onecontact_url::Url;

use crate::Component;
use crate::pattern::UrlPattern;

/// Where a group's value lies in the result's text (`None`: the group
/// took part in no match, JavaScript's `undefined`).
type Span = Option<(usize, usize)>;

/// Group spans kept inline: most patterns have a handful of groups.
const INLINE_SPANS: usize = 8;

/// The spans of every group of a match, in component order: inline up to
/// `INLINE_SPANS`, then all of them in `heap` (an empty `Vec` allocates
/// nothing).
#[derive(Clone)]
struct Spans {
    inline: [Span; INLINE_SPANS],
    len: usize,
    heap: Vec<Span>,
}

impl Spans {
    fn with_capacity(n: usize) -> Spans {
        Spans {
            inline: [None; INLINE_SPANS],
            len: 0,
            heap: if n <= INLINE_SPANS {
                Vec::new()
            } else {
                Vec::with_capacity(n)
            },
        }
    }

    fn push(&mut self, span: Span) {
        if self.heap.is_empty()
            && let Some(slot) = self.inline.get_mut(self.len)
        {
            *slot = span;
            self.len += 1;
            return;
        }
        if self.heap.is_empty() {
            let inline = self.inline.get(..self.len).unwrap_or_default();
            self.heap.extend_from_slice(inline);
        }
        self.heap.push(span);
    }

    fn as_slice(&self) -> &[Span] {
        if self.heap.is_empty() {
            self.inline.get(..self.len).unwrap_or_default()
        } else {
            &self.heap
        }
    }
}

/// Where the component values are: copied into one string, or in the
/// serialization of the URL they were read from (a URL string given to
/// `exec` is parsed into a URL the result then keeps).
#[derive(Clone)]
enum Text {
    Owned(String),
    Url(Url),
}

impl Text {
    fn as_str(&self) -> &str {
        match self {
            Text::Owned(s) => s,
            Text::Url(u) => u.as_str(),
        }
    }
}

/// The result of [`UrlPattern::exec`]: the input and the groups of each
/// component ([`ComponentResult`]).
///
/// It borrows the group names from the pattern and holds the eight
/// component values in one string (for a URL string, the parsed URL's
/// own), so a match of a URL string allocates nothing past the parsed URL
/// unless it has more than eight groups.
///
/// ```
/// use onecontact_urlpattern::{Component, UrlPattern};
///
/// let pattern = UrlPattern::parse("https://:sub.example.com/users/:id")?;
/// let m = pattern.exec("https://api.example.com/users/42").expect("matches");
/// assert_eq!(m.pathname().group("id"), Some("42"));
/// assert_eq!(m.component(Component::Hostname).group("sub"), Some("api"));
/// assert_eq!(m.pathname().input(), "/users/42");
/// let groups: Vec<_> = m.pathname().groups().collect();
/// assert_eq!(groups, [("id", Some("42"))]);
/// # Ok::<(), onecontact_urlpattern::Error>(())
/// ```
#[derive(Clone)]
pub struct UrlPatternResult<'p> {
    pattern: &'p UrlPattern,
    /// The eight component values.
    text: Text,
    /// Where each component's value lies in `text`.
    inputs: [(usize, usize); 8],
    /// The groups of every component, in component order.
    spans: Spans,
    /// Which of `spans` belong to each component.
    ranges: [(usize, usize); 8],
}

/// The match of one component: its input and its groups, borrowed from a
/// [`UrlPatternResult`].
#[derive(Debug, Clone, Copy)]
pub struct ComponentResult<'r> {
    input: &'r str,
    text: &'r str,
    names: &'r [String],
    spans: &'r [Span],
}

impl<'r> ComponentResult<'r> {
    /// The component's value in the input.
    pub fn input(&self) -> &'r str {
        self.input
    }

    /// The groups, in pattern order: name and value (`None` for a group
    /// that took part in no match, JavaScript's `undefined`).
    pub fn groups(&self) -> impl ExactSizeIterator<Item = (&'r str, Option<&'r str>)> + use<'r> {
        let text = self.text;
        self.names
            .iter()
            .zip(self.spans)
            .map(move |(name, span)| (name.as_str(), span.and_then(|(a, b)| text.get(a..b))))
    }

    /// The value of the group `name` (`None` when absent or unmatched).
    pub fn group(&self, name: &str) -> Option<&'r str> {
        self.groups().find(|(n, _)| *n == name).and_then(|(_, v)| v)
    }
}

impl PartialEq for ComponentResult<'_> {
    fn eq(&self, other: &Self) -> bool {
        self.input == other.input && self.groups().eq(other.groups())
    }
}

impl Eq for ComponentResult<'_> {}

impl<'p> UrlPatternResult<'p> {
    /// The match of one component.
    pub fn component(&self, c: Component) -> ComponentResult<'_> {
        let i = c as usize;
        let (start, end) = self.inputs.get(i).copied().unwrap_or_default();
        let (first, last) = self.ranges.get(i).copied().unwrap_or_default();
        let text = self.text.as_str();
        ComponentResult {
            input: text.get(start..end).unwrap_or_default(),
            text,
            names: &self.pattern.component(c).group_names,
            spans: self.spans.as_slice().get(first..last).unwrap_or_default(),
        }
    }

    /// The protocol's match.
    pub fn protocol(&self) -> ComponentResult<'_> {
        self.component(Component::Protocol)
    }
    /// The username's match.
    pub fn username(&self) -> ComponentResult<'_> {
        self.component(Component::Username)
    }
    /// The password's match.
    pub fn password(&self) -> ComponentResult<'_> {
        self.component(Component::Password)
    }
    /// The hostname's match.
    pub fn hostname(&self) -> ComponentResult<'_> {
        self.component(Component::Hostname)
    }
    /// The port's match.
    pub fn port(&self) -> ComponentResult<'_> {
        self.component(Component::Port)
    }
    /// The pathname's match.
    pub fn pathname(&self) -> ComponentResult<'_> {
        self.component(Component::Pathname)
    }
    /// The search's match.
    pub fn search(&self) -> ComponentResult<'_> {
        self.component(Component::Search)
    }
    /// The hash's match.
    pub fn hash(&self) -> ComponentResult<'_> {
        self.component(Component::Hash)
    }
}

impl PartialEq for UrlPatternResult<'_> {
    fn eq(&self, other: &Self) -> bool {
        Component::ALL
            .iter()
            .all(|&c| self.component(c) == other.component(c))
    }
}

impl Eq for UrlPatternResult<'_> {}

impl std::fmt::Debug for UrlPatternResult<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let mut s = f.debug_struct("UrlPatternResult");
        for c in Component::ALL {
            let m = self.component(c);
            let groups: Vec<_> = m.groups().collect();
            s.field(c.name(), &(m.input(), groups));
        }
        s.finish()
    }
}

/// Where `part` lies in `whole`, when it is a slice of it.
fn offset_in(whole: &str, part: &str) -> Option<usize> {
    let start = (part.as_ptr() as usize).checked_sub(whole.as_ptr() as usize)?;
    let end = start.checked_add(part.len())?;
    whole
        .get(start..end)
        .is_some_and(|s| std::ptr::eq(s.as_ptr(), part.as_ptr()))
        .then_some(start)
}

/// Whether every one of `values` is empty or a slice of `url`'s
/// serialization, so that a result can point into it.
pub(crate) fn all_within(url: &str, values: &[std::borrow::Cow<'_, str>]) -> bool {
    values
        .iter()
        .all(|v| v.is_empty() || offset_in(url, v).is_some())
}

impl<'p> UrlPatternResult<'p> {
    /// An empty result of `pattern`, built in place component by component:
    /// values are copied (`text_len` bytes in all) unless [`input`](Self::input)
    /// is given the serialization they lie in, which
    /// [`keep_url`](Self::keep_url) then hands over.
    pub(crate) fn start(pattern: &'p UrlPattern, text_len: usize, groups: usize) -> Self {
        UrlPatternResult {
            pattern,
            text: Text::Owned(String::with_capacity(text_len)),
            inputs: [(0, 0); 8],
            spans: Spans::with_capacity(groups),
            ranges: [(0, 0); 8],
        }
    }

    /// Records component `c`'s value, copied, or found in `within`; returns
    /// where it starts in the text.
    pub(crate) fn input(&mut self, c: Component, value: &str, within: Option<&str>) -> usize {
        let start = match (within, &mut self.text) {
            (Some(url), _) => offset_in(url, value).unwrap_or_default(),
            (None, Text::Owned(text)) => {
                let start = text.len();
                text.push_str(value);
                start
            }
            (None, Text::Url(_)) => 0,
        };
        let first = self.spans.as_slice().len();
        if let Some(slot) = self.inputs.get_mut(c as usize) {
            *slot = (start, start + value.len());
        }
        if let Some(slot) = self.ranges.get_mut(c as usize) {
            *slot = (first, first);
        }
        start
    }

    /// Appends the next group of component `c` (the one whose input came
    /// last), in the order of its group names.
    pub(crate) fn group(&mut self, c: Component, value: Span) {
        self.spans.push(value);
        let last = self.spans.as_slice().len();
        if let Some(slot) = self.ranges.get_mut(c as usize) {
            slot.1 = last;
        }
    }

    /// Keeps `url`, whose serialization the values were found in.
    pub(crate) fn keep_url(&mut self, url: Url) {
        self.text = Text::Url(url);
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use crate::{Component, UrlPattern, UrlPatternInit};

    /// More groups than fit inline move to the heap, in order.
    #[test]
    fn many_groups_keep_their_order() {
        let names: Vec<String> = (0..20).map(|i| format!("g{i}")).collect();
        let pathname: String = names.iter().map(|n| format!("/:{n}")).collect();
        let p = UrlPattern::from_init(&UrlPatternInit {
            pathname: Some(pathname),
            ..Default::default()
        })
        .unwrap();
        let url: String = (0..20).map(|i| format!("/v{i}")).collect();
        let m = p.exec(format!("https://h{url}").as_str()).unwrap();
        let groups: Vec<_> = m.pathname().groups().collect();
        assert_eq!(groups.len(), 20);
        for (i, (name, value)) in groups.into_iter().enumerate() {
            assert_eq!(name, format!("g{i}"));
            assert_eq!(value, Some(format!("v{i}").as_str()));
        }
        assert_eq!(m.component(Component::Hostname).group("0"), Some("h"));
        // A copied input (component parts) gives the same answers.
        let init = UrlPatternInit {
            protocol: Some("https".into()),
            hostname: Some("h".into()),
            pathname: Some(url),
            ..Default::default()
        };
        assert_eq!(p.exec(&init).unwrap(), m);
    }
}
