import Instill

/// The dealer's price list, an actor loaded asynchronously (as a real app would
/// fetch it): its initializer awaits, so only `try await injector.getObject(...)`
/// builds it, once, however many tasks ask.
package actor PriceList: Injectable {
    package static let scope: Scope = .singleton
    package static let initializer = Initializer(factory: { () async throws -> AnyObject in
        await PriceList.load()
    })

    /// How many times a list was loaded.
    package static let loads = LoadCounter()

    private let prices: [String: Int]

    private init(prices: [String: Int]) { self.prices = prices }

    /// Loads the list: waits as a download would, then builds it.
    static func load() async -> PriceList {
        await loads.count()
        try? await Task.sleep(for: .milliseconds(20))
        return PriceList(prices: ["V8": 32_000, "V12": 58_000])
    }

    /// The price of a car with `engine`, in euros.
    package func price(of engine: String) -> Int { prices[engine] ?? 0 }
}

/// Counts loads, safely from any task.
package actor LoadCounter {
    package private(set) var value = 0
    func count() { value += 1 }
}
