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

/// Keeps orders in memory; one per injector. An actor, shared by every service.
public actor OrderRepository: Injectable {
    /// The scope instances live in.
    public static let scope: Scope = .singleton
    /// Every stored order, oldest first.
    public private(set) var orders: [Order] = []
    /// Creates an instance.
    public init() {}

    /// Stores an order under the next number, and returns it.
    func record(customer: String, totalCents: Int, receipt: String, placedAt: Int) -> Order {
        let order = Order(
            number: orders.count + 1, customer: customer, totalCents: totalCents, receipt: receipt,
            placedAt: placedAt)
        orders.append(order)
        return order
    }
}

/// Places orders: prices them, charges the customer, stores and logs them.
///
/// Its dependencies come through its initializer and stay `let` constants, so the
/// service is `Sendable` and can be shared by any number of tasks.
public final class OrderService: Injectable, Sendable {
    /// The configuration.
    public let configuration: OrdersConfiguration
    /// Where orders are stored.
    public let repository: OrderRepository
    /// The payment gateway.
    public let gateway: any PaymentGateway
    /// Where messages go.
    public let logger: any OrdersLogger
    /// The time source.
    public let time: any TimeSource

    /// Creates an instance from its dependencies.
    public init(
        configuration: OrdersConfiguration, repository: OrderRepository, gateway: any PaymentGateway,
        logger: any OrdersLogger, time: any TimeSource
    ) {
        self.configuration = configuration
        self.repository = repository
        self.gateway = gateway
        self.logger = logger
        self.time = time
    }

    /// How the injector builds it: with what the modules bind.
    public static let initializer = Initializer(
        dependencies: OrdersConfiguration.self, OrderRepository.self, (any PaymentGateway).self,
        (any OrdersLogger).self, (any TimeSource).self
    ) { OrderService(configuration: $0, repository: $1, gateway: $2, logger: $3, time: $4) }

    /// Places an order for `customer` of items priced in cents.
    @discardableResult
    public func placeOrder(for customer: String, items: [Int]) async throws -> Order {
        let subtotal = items.reduce(0, +)
        let total = subtotal + subtotal * configuration.taxPercent / 100
        let receipt = try await gateway.charge(total, to: customer)
        let order = await repository.record(
            customer: customer, totalCents: total, receipt: receipt, placedAt: time.now())
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
