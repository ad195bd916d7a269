//! The result of `exec`: each component's input and groups, held in one
//! string and one list, the group names borrowed from the pattern.

use crate::Component;

/// One group of a match: its name (borrowed from the pattern) and where
/// its value lies in the result's text (`None`: the group took part in no
/// match, JavaScript's `undefined`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Group<'p> {
    pub(crate) name: &'p str,
    pub(crate) value: Option<(usize, usize)>,
}

/// The result of [`UrlPattern::exec`](crate::UrlPattern::exec): the input
/// and the groups of each component ([`ComponentResult`]).
///
/// It borrows the group names from the pattern and holds the eight
/// component values in one string, so a match costs two allocations at
/// most, whatever the number of groups.
///
/// ```
/// use onecontact_urlpattern::{Component, UrlPattern};
///
/// let pattern = UrlPattern::parse("https://:sub.example.com/users/:id")?;
/// let m = pattern.exec("https://api.example.com/users/42").expect("matches");
/// assert_eq!(m.pathname().group("id"), Some("42"));
/// assert_eq!(m.component(Component::Hostname).group("sub"), Some("api"));
/// assert_eq!(m.pathname().input(), "/users/42");
/// # Ok::<(), onecontact_urlpattern::Error>(())
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UrlPatternResult<'p> {
    /// The eight component values, one after the other.
    text: String,
    /// Where each component's value lies in `text`.
    inputs: [(usize, usize); 8],
    /// The groups of every component, in component order.
    groups: Vec<Group<'p>>,
    /// Which of `groups` belong to each component.
    ranges: [(usize, usize); 8],
}

/// The match of one component: its input and its groups, borrowed from a
/// [`UrlPatternResult`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ComponentResult<'r> {
    input: &'r str,
    text: &'r str,
    groups: &'r [Group<'r>],
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
        self.groups
            .iter()
            .map(move |g| (g.name, g.value.and_then(|(a, b)| text.get(a..b))))
    }

    /// The value of the group `name` (`None` when absent or unmatched).
    pub fn group(&self, name: &str) -> Option<&'r str> {
        self.groups().find(|(n, _)| *n == name).and_then(|(_, v)| v)
    }
}

impl<'p> UrlPatternResult<'p> {
    /// The match of one component.
    pub fn component(&self, c: Component) -> ComponentResult<'_> {
        let i = c as usize;
        let (start, end) = self.inputs.get(i).copied().unwrap_or_default();
        let (first, last) = self.ranges.get(i).copied().unwrap_or_default();
        ComponentResult {
            input: self.text.get(start..end).unwrap_or_default(),
            text: &self.text,
            groups: self.groups.get(first..last).unwrap_or_default(),
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

/// Builds a [`UrlPatternResult`] component by component.
pub(crate) struct Builder<'p> {
    result: UrlPatternResult<'p>,
}

impl<'p> Builder<'p> {
    /// A builder for component values of `text_len` bytes in all and
    /// `groups` groups.
    pub(crate) fn new(text_len: usize, groups: usize) -> Builder<'p> {
        Builder {
            result: UrlPatternResult {
                text: String::with_capacity(text_len),
                inputs: [(0, 0); 8],
                groups: Vec::with_capacity(groups),
                ranges: [(0, 0); 8],
            },
        }
    }

    /// Appends component `c`'s value; returns where it starts in the text.
    pub(crate) fn input(&mut self, c: Component, value: &str) -> usize {
        let start = self.result.text.len();
        self.result.text.push_str(value);
        let end = self.result.text.len();
        let first = self.result.groups.len();
        if let Some(slot) = self.result.inputs.get_mut(c as usize) {
            *slot = (start, end);
        }
        if let Some(slot) = self.result.ranges.get_mut(c as usize) {
            *slot = (first, first);
        }
        start
    }

    /// Appends a group of component `c` (the one whose input came last).
    pub(crate) fn group(&mut self, c: Component, name: &'p str, value: Option<(usize, usize)>) {
        self.result.groups.push(Group { name, value });
        let last = self.result.groups.len();
        if let Some(slot) = self.result.ranges.get_mut(c as usize) {
            slot.1 = last;
        }
    }

    /// The result.
    pub(crate) fn finish(self) -> UrlPatternResult<'p> {
        self.result
    }
}
