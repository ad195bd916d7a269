//! A `#![no_std]` library over the engines built without `std`. It defines
//! the panic handler, a lang item that `std` defines too: when any crate of
//! the graph links `std`, the build fails with "duplicate lang item".

#![no_std]

extern crate alloc;

use alloc::string::String;

/// The registrable domain of a URL's host, through all three crates.
pub fn registrable_domain(text: &str) -> Option<String> {
    let url = onecontact_url::Url::parse(text).ok()?;
    let host = onecontact_idna::domain_to_ascii(url.host_str()?).ok()?;
    onecontact_psl::List::baked()
        .registrable_domain(&host)
        .map(String::from)
}

#[panic_handler]
fn panic(_: &core::panic::PanicInfo<'_>) -> ! {
    loop {}
}
