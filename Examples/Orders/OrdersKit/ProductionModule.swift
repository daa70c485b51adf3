import Instill

/// The bindings the shipping app runs with.
public struct ProductionModule: Module {
    let configuration: OrdersConfiguration

    /// Creates an instance.
    public init(configuration: OrdersConfiguration = OrdersConfiguration(currency: "EUR", taxPercent: 20)) {
        self.configuration = configuration
    }

    /// Adds the production bindings.
    public func configure(_ binder: Binder) {
        binder.bind(configuration)
        binder.bind((any OrdersLogger).self, to: ConsoleLogger.self, scope: .singleton)
        binder.bind((any TimeSource).self, scope: .singleton) { _ in SystemTime() }
        binder.bind((any PaymentGateway).self, to: RemotePaymentGateway.self)
        binder.eagerSingleton(OrderRepository.self)
    }
}
