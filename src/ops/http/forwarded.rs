//! The client's address behind a trusted reverse proxy (`PARXIS_TRUSTED_PROXIES`).
//!
//! Behind a proxy every connection comes from the proxy's address, so the per-address limits
//! of the live board would count every client as one. When the connection's peer is one of
//! the trusted networks, the client is the right-most address of `X-Forwarded-For` that is not
//! itself trusted (what the last trusted proxy saw; the addresses to its left are whatever the
//! client wrote). From any other peer the header is ignored: a client cannot choose its
//! address. The connection caps (`PARXIS_HTTP_MAX_CONNS_PER_IP`) still count connections by
//! their peer, the proxy: bound clients at the proxy.

use std::net::{IpAddr, SocketAddr};

use axum::http::HeaderMap;

/// At most this many trusted networks.
pub const MAX_TRUSTED: usize = 8;

/// A network: an address and how many of its leading bits count.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Net {
    addr: IpAddr,
    prefix: u8,
}

impl Net {
    /// `10.0.0.0/8`, `fd00::/8`, or one address (`127.0.0.1`: all its bits).
    #[must_use]
    pub fn parse(text: &str) -> Option<Self> {
        let (addr, prefix) = match text.split_once('/') {
            Some((a, p)) => (a.parse::<IpAddr>().ok()?, Some(p.parse::<u8>().ok()?)),
            None => (text.parse::<IpAddr>().ok()?, None),
        };
        let bits = if addr.is_ipv4() { 32 } else { 128 };
        let prefix = prefix.unwrap_or(bits);
        (prefix <= bits).then_some(Self { addr, prefix })
    }

    /// Whether `ip` is in this network (an IPv4 address mapped into IPv6 counts as IPv4).
    #[must_use]
    pub fn contains(&self, ip: IpAddr) -> bool {
        let ip = match ip {
            IpAddr::V6(v6) => v6.to_ipv4_mapped().map_or(ip, IpAddr::V4),
            v4 => v4,
        };
        let keep = |bits: u32, width: u32| -> u128 {
            if bits == 0 {
                0
            } else {
                (!0u128 << (width - bits)) & (!0u128 >> (128 - width))
            }
        };
        match (self.addr, ip) {
            (IpAddr::V4(net), IpAddr::V4(ip)) => {
                let mask = keep(u32::from(self.prefix), 32);
                u128::from(u32::from(net)) & mask == u128::from(u32::from(ip)) & mask
            }
            (IpAddr::V6(net), IpAddr::V6(ip)) => {
                let mask = keep(u32::from(self.prefix), 128);
                u128::from(net) & mask == u128::from(ip) & mask
            }
            _ => false,
        }
    }
}

/// The trusted proxies: up to [`MAX_TRUSTED`] networks.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Trusted([Option<Net>; MAX_TRUSTED]);

impl Trusted {
    /// `a,b/24,…` (empty: none).
    ///
    /// # Errors
    /// An entry that is not an address or a network, or more than [`MAX_TRUSTED`].
    pub fn parse(var: &str, list: &str) -> Result<Self, String> {
        let mut nets = [None; MAX_TRUSTED];
        let entries: Vec<&str> = list
            .split(',')
            .map(str::trim)
            .filter(|e| !e.is_empty())
            .collect();
        if entries.len() > MAX_TRUSTED {
            return Err(format!("{var}: at most {MAX_TRUSTED} networks"));
        }
        for (slot, entry) in nets.iter_mut().zip(entries) {
            *slot = Some(Net::parse(entry).ok_or_else(|| {
                format!("{var}: {entry:?} is not an address or a network like 10.0.0.0/8")
            })?);
        }
        Ok(Self(nets))
    }

    fn trusts(&self, ip: IpAddr) -> bool {
        self.0.iter().flatten().any(|n| n.contains(ip))
    }

    /// The client of a request from `peer` with `headers` (see the module's documentation).
    #[must_use]
    pub fn client_of(&self, peer: SocketAddr, headers: &HeaderMap) -> SocketAddr {
        if !self.trusts(peer.ip()) {
            return peer;
        }
        let forwarded: Vec<&str> = headers
            .get_all("x-forwarded-for")
            .iter()
            .filter_map(|v| v.to_str().ok())
            .flat_map(|v| v.split(','))
            .map(str::trim)
            .collect();
        for entry in forwarded.iter().rev() {
            match entry.parse::<IpAddr>() {
                Ok(ip) if self.trusts(ip) => {}
                Ok(ip) => return SocketAddr::new(ip, 0),
                // Garbage where an address should be: not a client we can name.
                Err(_) => return peer,
            }
        }
        peer
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn headers(values: &[&str]) -> HeaderMap {
        let mut h = HeaderMap::new();
        for v in values {
            h.append("x-forwarded-for", v.parse().unwrap());
        }
        h
    }

    #[test]
    fn networks_hold_their_addresses() {
        let net = Net::parse("10.1.0.0/16").unwrap();
        assert!(net.contains("10.1.200.3".parse().unwrap()));
        assert!(!net.contains("10.2.0.1".parse().unwrap()));
        assert!(net.contains("::ffff:10.1.0.9".parse().unwrap()));
        assert!(
            Net::parse("0.0.0.0/0")
                .unwrap()
                .contains("8.8.8.8".parse().unwrap())
        );
        let v6 = Net::parse("fd00::/8").unwrap();
        assert!(v6.contains("fd12::1".parse().unwrap()));
        assert!(!v6.contains("fe80::1".parse().unwrap()));
        assert!(
            Net::parse("127.0.0.1")
                .unwrap()
                .contains("127.0.0.1".parse().unwrap())
        );
        assert!(
            !Net::parse("127.0.0.1")
                .unwrap()
                .contains("127.0.0.2".parse().unwrap())
        );
        for bad in ["10.0.0.0/33", "nonsense", "10.0.0/8", "::/129"] {
            assert_eq!(Net::parse(bad), None, "{bad}");
        }
    }

    #[test]
    fn the_client_is_the_right_most_untrusted_address_from_a_trusted_peer_only() {
        let t = Trusted::parse("V", "127.0.0.1, 10.0.0.0/8").unwrap();
        let proxy: SocketAddr = "127.0.0.1:5000".parse().unwrap();
        let stranger: SocketAddr = "203.0.113.9:5000".parse().unwrap();
        let client = |peer, h: &[&str]| t.client_of(peer, &headers(h)).ip().to_string();
        // Through the proxy: what it saw.
        assert_eq!(client(proxy, &["198.51.100.7"]), "198.51.100.7");
        // A client's own (forged) entry to the left is not believed.
        assert_eq!(client(proxy, &["1.2.3.4, 198.51.100.7"]), "198.51.100.7");
        // Through two trusted proxies, in two header lines.
        assert_eq!(client(proxy, &["198.51.100.7", "10.0.0.5"]), "198.51.100.7");
        // No header, or garbage: the peer.
        assert_eq!(client(proxy, &[]), "127.0.0.1");
        assert_eq!(client(proxy, &["not-an-address"]), "127.0.0.1");
        // From anyone else the header means nothing.
        assert_eq!(client(stranger, &["198.51.100.7"]), "203.0.113.9");
        // No trusted proxies: always the peer.
        let none = Trusted::default();
        assert_eq!(none.client_of(proxy, &headers(&["198.51.100.7"])), proxy);
        assert!(Trusted::parse("V", "a, b").unwrap_err().starts_with("V: "));
        let nine = ["1.1.1.1"; 9].join(",");
        assert!(Trusted::parse("V", &nine).is_err());
    }
}
