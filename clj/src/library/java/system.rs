//! What Java programs ask of the host: `System/currentTimeMillis`, `System/nanoTime`,
//! `System/getenv`, `System/lineSeparator`, `Thread/sleep`. Kept in one module, the one to
//! replace where there is no operating system (a browser).

use crate::library::java::statics::{method, no_match};
use crate::value::Value;

/// Defines `System`'s and `Thread`'s static methods.
pub fn install() {
    let s = "System";
    method(s, "currentTimeMillis", |a| match a {
        [] => Ok(Value::Int(
            web_time::SystemTime::now()
                .duration_since(web_time::UNIX_EPOCH)
                .map_or(0, |d| d.as_millis() as i64),
        )),
        _ => Err(no_match("currentTimeMillis", a)),
    });
    method(s, "nanoTime", |a| match a {
        [] => Ok(Value::Int(start().elapsed().as_nanos() as i64)),
        _ => Err(no_match("nanoTime", a)),
    });
    method(s, "getenv", |a| match a {
        [Value::Str(name)] => Ok(std::env::var(&**name).map_or(Value::Nil, |v| Value::str(&v))),
        [] => Ok(Value::Map(crate::value::items::Items::arc(
            std::env::vars()
                .map(|(k, v)| (Value::str(&k), Value::str(&v)))
                .collect(),
        ))),
        _ => Err(no_match("getenv", a)),
    });
    method(s, "lineSeparator", |a| match a {
        [] => Ok(Value::str("\n")),
        _ => Err(no_match("lineSeparator", a)),
    });
    method("Thread", "sleep", |a| match a {
        [Value::Int(ms)] => {
            sleep(std::time::Duration::from_millis((*ms).max(0) as u64));
            Ok(Value::Nil)
        }
        _ => Err(no_match("sleep", a)),
    });
}

/// `Thread/sleep`: the thread's sleep, or on WebAssembly (where a thread cannot sleep) a wait
/// on the clock.
fn sleep(d: std::time::Duration) {
    #[cfg(not(target_family = "wasm"))]
    std::thread::sleep(d);
    #[cfg(target_family = "wasm")]
    {
        let end = web_time::Instant::now() + d;
        while web_time::Instant::now() < end {
            std::hint::spin_loop();
        }
    }
}

/// The instant `System/nanoTime` counts from (its first use).
fn start() -> web_time::Instant {
    static START: std::sync::OnceLock<web_time::Instant> = std::sync::OnceLock::new();
    *START.get_or_init(web_time::Instant::now)
}
