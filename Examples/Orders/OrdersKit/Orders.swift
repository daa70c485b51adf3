import Instill

/// A placed order.
public struct Order: Sendable, Equatable {
    public let number: Int
    public let customer: String
    public let totalCents: Int
    public let receipt: String
    public let placedAt: Int
}

/// Keeps orders in memory; one per injector.
public final class OrderRepository: Injectable {
    public static let scope: Scope = .singleton
    public private(set) var orders: [Order] = []
    public init() {}

    func nextNumber() -> Int { orders.count + 1 }
    func save(_ order: Order) { orders.append(order) }
}

/// Places orders: prices them, charges the customer, stores and logs them.
public final class OrderService: Injectable {
    public var configuration: OrdersConfiguration!
    public var repository: OrderRepository!
    public var gateway: (any PaymentGateway)!
    public var logger: (any OrdersLogger)!
    public var time: (any TimeSource)!

    public static var requires: Requirements {
        Requirements(\OrderService.configuration, \.repository, \.gateway, \.logger, \.time)
    }

    public init() {}

    /// Places an order for `customer` of items priced in cents.
    @discardableResult
    public func placeOrder(for customer: String, items: [Int]) throws -> Order {
        let subtotal = items.reduce(0, +)
        let total = subtotal + subtotal * configuration.taxPercent / 100
        let receipt = try gateway.charge(total, to: customer)
        let order = Order(
            number: repository.nextNumber(), customer: customer, totalCents: total, receipt: receipt,
            placedAt: time.now())
        repository.save(order)
        logger.log("order #\(order.number) for \(customer): \(format(total)) (\(receipt))")
        return order
    }

    /// `cents` in the configured currency.
    public func format(_ cents: Int) -> String {
        let units = cents / 100
        let rest = cents % 100
        return "\(units).\(rest < 10 ? "0" : "")\(rest) \(configuration.currency)"
    }
}
