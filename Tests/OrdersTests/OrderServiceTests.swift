import Instill
import OrdersKit
import Testing

/// A payment gateway that records charges instead of sending them, and declines
/// the customers it is told to.
private actor FakePaymentGateway: PaymentGateway, Injectable {
    static let scope: Scope = .singleton
    private(set) var charges: [(cents: Int, customer: String)] = []
    let declined: Set<String> = ["mallory"]
    init() {}

    func charge(_ cents: Int, to customer: String) async throws -> String {
        if declined.contains(customer) { throw PaymentDeclined(customer: customer) }
        charges.append((cents, customer))
        return "fake-\(charges.count)"
    }
}

private final class SilentLogger: OrdersLogger, Injectable, Sendable {
    init() {}
    func log(_ message: String) {}
}

private struct FrozenTime: TimeSource {
    let seconds: Int
    func now() -> Int { seconds }
}

/// The test module: only what differs from production.
private struct TestModule: Module {
    func configure(_ binder: Binder) {
        binder.bind((any PaymentGateway).self, to: FakePaymentGateway.self)
        binder.bind((any OrdersLogger).self, to: SilentLogger.self)
        binder.bind(FrozenTime(seconds: 1_700_000_000), as: (any TimeSource).self)
    }
}

@Suite("Testing the orders service with a child injector")
struct OrderServiceTests {
    let app: Injector
    let test: Injector

    init() throws {
        app = try Injector(modules: [ProductionModule()])
        test = try app.childInjector(modules: [TestModule()])
    }

    @Test("the service built by the child injector charges the fake gateway, not the remote one")
    func chargesTheFake() async throws {
        let service = try await test.getObject(OrderService.self)
        let order = try await service.placeOrder(for: "ada", items: [1000, 500])

        let fake = try #require(service.gateway as? FakePaymentGateway)
        #expect(await fake.charges.map(\.cents) == [1800])
        #expect(order.receipt == "fake-1")
        #expect(order.placedAt == 1_700_000_000)
        #expect(order.totalCents == 1800)
    }

    @Test("the production injector is untouched by the child's overrides")
    func parentUnchanged() throws {
        _ = try test.getObject(OrderService.self)
        let production = try app.getObject(OrderService.self)
        #expect(production.gateway is RemotePaymentGateway)
        #expect(production.time is SystemTime)
    }

    @Test("the child shares the parent's singletons it does not override")
    func sharesRepository() async throws {
        let fromChild = try await test.getObject(OrderService.self)
        try await fromChild.placeOrder(for: "grace", items: [100])
        let fromParent = try await app.getObject(OrderRepository.self)
        #expect(fromChild.repository === fromParent)
        #expect(await fromParent.orders.map(\.customer) == ["grace"])
    }

    @Test("a declined payment stores nothing")
    func declinedPayment() async throws {
        let service = try await test.getObject(OrderService.self)
        await #expect(throws: PaymentDeclined.self) { try await service.placeOrder(for: "mallory", items: [100]) }
        #expect(await service.repository.orders.isEmpty)
    }

    @Test("the production configuration validates, initializer dependencies included")
    func productionValidates() {
        #expect(app.validate(roots: [OrderService.self]).isValid)
        #expect(test.validate(roots: [OrderService.self]).isValid)
    }
}
