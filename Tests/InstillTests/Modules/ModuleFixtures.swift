import Foundation
import Instill

/// Helpers shared by the module and binding specifications. Everything is nested
/// here so no name can collide with the rest of the test target.
enum ModuleFixtures {
    /// A thread-safe count that fixtures bump when something happens.
    final class Counter: @unchecked Sendable {  // `count` is only touched while holding `lock`
        private let lock = NSLock()
        private var count = 0

        init() {}

        /// The current count.
        var value: Int { lock.withLock { count } }

        /// Adds one.
        func increment() { lock.withLock { count += 1 } }
    }

    /// A module whose configuration is a closure, for one-off setups inside a test.
    struct Configure: Module {
        private let body: @Sendable (Binder) -> Void

        init(_ body: @escaping @Sendable (Binder) -> Void) {
            self.body = body
        }

        func configure(_ binder: Binder) { body(binder) }
    }
}
