import Instill

/// A placed order.
public struct Order: Sendable, Equatable {
    /// The order number, from 1.
    public let number: Int
    /// The customer the order is for.
    public let customer: String
    /// The amount charged, tax included, in cents.
    public let totalCents: Int
    /// The payment gateway's receipt identifier.
    public let receipt: String
    /// When the order was placed, from the time source.
    public let placedAt: Int
}

/// Keeps orders in memory; one per injector.
public final class OrderRepository: Injectable {
    /// The scope instances live in.
    public static let scope: Scope = .singleton
    /// Every stored order, oldest first.
    public private(set) var orders: [Order] = []
    /// Creates an instance.
    public init() {}

    func nextNumber() -> Int { orders.count + 1 }
    func save(_ order: Order) { orders.append(order) }
}

/// Places orders: prices them, charges the customer, stores and logs them.
public final class OrderService: Injectable {
    /// The configuration; injected.
    public var configuration: OrdersConfiguration!
    /// Where orders are stored; injected.
    public var repository: OrderRepository!
    /// The payment gateway; injected.
    public var gateway: (any PaymentGateway)!
    /// Where messages go; injected.
    public var logger: (any OrdersLogger)!
    /// The time source; injected.
    public var time: (any TimeSource)!

    /// The properties the injector fills.
    public static var requires: Requirements {
        Requirements(\OrderService.configuration, \.repository, \.gateway, \.logger, \.time)
    }

    /// Creates an instance.
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
