//! The callbacks' `chat_instance`s this replica already recorded in Redis (see
//! [`super::inline::learn_instance`]): a press costs the write once per chat and replica.

/// The `chat_instance`s this replica already recorded (bounded: it starts over when full).
#[derive(Debug, Default)]
pub struct Instances(std::sync::Mutex<std::collections::HashSet<String>>);

/// At most this many remembered `chat_instance`s per replica.
const INSTANCES_CAP: usize = 100_000;

impl Instances {
    /// True the first time `instance` is seen (then remembered).
    pub(super) fn first(&self, instance: &str) -> bool {
        let Ok(mut seen) = self.0.lock() else {
            return true;
        };
        if seen.contains(instance) {
            return false;
        }
        if seen.len() >= INSTANCES_CAP {
            seen.clear();
        }
        seen.insert(instance.to_owned());
        true
    }

    pub(super) fn forget(&self, instance: &str) {
        if let Ok(mut seen) = self.0.lock() {
            seen.remove(instance);
        }
    }
}
