import Dispatch
import Foundation

/// Starts `count` new threads that run `body` (with their index) all at once, once
/// every one of them is ready; returns the group each leaves when `body` returns.
func startThreadsTogether(_ count: Int, _ body: @escaping @Sendable (Int) -> Void) -> DispatchGroup {
    let ready = DispatchGroup()
    let gate = DispatchSemaphore(value: 0)
    let done = DispatchGroup()
    for index in 0..<count {
        ready.enter()
        done.enter()
        let thread = Thread {
            ready.leave()
            gate.wait()
            body(index)
            done.leave()
        }
        thread.start()
    }
    ready.wait()
    for _ in 0..<count { gate.signal() }
    return done
}

/// Runs `body` on `count` new threads that all start together, and waits for them.
func onThreads(_ count: Int, _ body: @escaping @Sendable (Int) -> Void) {
    startThreadsTogether(count, body).wait()
}
