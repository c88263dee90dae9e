//! The bounds on hostile input: messages per second per connection (a token bucket) and
//! connections per address.

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::{Arc, Mutex};

use tokio::time::Instant;

/// A token bucket: `burst` messages at once, refilled at `per_second`.
#[derive(Clone, Debug)]
pub struct RateLimiter {
    per_second: f64,
    burst: f64,
    tokens: f64,
    last: Instant,
}

impl RateLimiter {
    /// A full bucket.
    pub fn new(per_second: u32, burst: u32) -> RateLimiter {
        RateLimiter {
            per_second: f64::from(per_second),
            burst: f64::from(burst.max(1)),
            tokens: f64::from(burst.max(1)),
            last: Instant::now(),
        }
    }

    /// Takes one token if there is one.
    pub fn allow(&mut self) -> bool {
        let now = Instant::now();
        let elapsed = now.duration_since(self.last).as_secs_f64();
        self.last = now;
        self.tokens = (self.tokens + elapsed * self.per_second).min(self.burst);
        if self.tokens >= 1.0 {
            self.tokens -= 1.0;
            true
        } else {
            false
        }
    }
}

/// Open connections per address, bounded.
#[derive(Clone, Debug, Default)]
pub struct AddressSlots {
    open: Arc<Mutex<HashMap<IpAddr, usize>>>,
}

impl AddressSlots {
    /// A slot for one more connection from `address`, or `None` when it has `max` open.
    /// The slot is given back when the returned guard drops.
    pub fn take(&self, address: IpAddr, max: usize) -> Option<AddressSlot> {
        let mut open = self
            .open
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        let count = open.entry(address).or_insert(0);
        if *count >= max {
            return None;
        }
        *count += 1;
        Some(AddressSlot {
            slots: self.clone(),
            address,
        })
    }
}

/// One open connection's slot; dropping it frees the slot.
#[derive(Debug)]
pub struct AddressSlot {
    slots: AddressSlots,
    address: IpAddr,
}

impl Drop for AddressSlot {
    fn drop(&mut self) {
        let mut open = self
            .slots
            .open
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        if let Some(count) = open.get_mut(&self.address) {
            *count -= 1;
            if *count == 0 {
                open.remove(&self.address);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test(start_paused = true)]
    async fn the_bucket_allows_a_burst_then_the_rate() {
        let mut limiter = RateLimiter::new(10, 3);
        assert_eq!(
            (0..5).map(|_| limiter.allow()).collect::<Vec<_>>(),
            [true, true, true, false, false]
        );
        tokio::time::advance(std::time::Duration::from_millis(100)).await;
        assert!(limiter.allow());
        assert!(!limiter.allow());
    }

    #[test]
    fn slots_are_bounded_per_address_and_given_back() {
        let slots = AddressSlots::default();
        let (a, b): (IpAddr, IpAddr) = ("10.0.0.1".parse().unwrap(), "10.0.0.2".parse().unwrap());
        let first = slots.take(a, 2).unwrap();
        let _second = slots.take(a, 2).unwrap();
        assert!(slots.take(a, 2).is_none());
        assert!(slots.take(b, 2).is_some());
        drop(first);
        assert!(slots.take(a, 2).is_some());
    }
}
