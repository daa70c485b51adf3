import Dispatch
import Instill

// Probes of `await getObject`, for callgrind only: what the async driver adds to a
// graph with no async step, and what a graph with one costs, against the same code
// written by hand in an async function. They measure the design choice in Design
// Rules, "One async path": the driver runs the synchronous build again after each
// async step, reusing what the first attempt built.

// MARK: A graph with one async step

/// A forecast whose initializer awaits: the graph's one async step.
final class Forecast: Injectable {
    let city: String

    init(city: String) async {
        self.city = city
    }

    static let initializer = Initializer(factory: { await Forecast(city: "Lyon") })
}

/// A screen holding the car graph (an engine and a gear box) and a forecast: the
/// first attempt builds the car, stops at the forecast, and the second reuses the car.
final class WeatherScreen: Injectable {
    var car: Car!
    var forecast: Forecast!

    static var requires: Requirements { Requirements(\WeatherScreen.car, \.forecast) }

    init() {}
}

/// The screen built by hand, as an async function builds it.
func makeWeatherScreenByHand() async -> WeatherScreen {
    let screen = WeatherScreen()
    screen.car = makeCarByHand()
    screen.forecast = await Forecast(city: "Lyon")
    return screen
}

/// The forecast as most apps hold one: a singleton, whose async initializer runs on
/// the first request only.
final class SharedForecast: Injectable {
    static let scope: Scope = .singleton
    let city: String

    init(city: String) async {
        self.city = city
    }

    static let initializer = Initializer(factory: { await SharedForecast(city: "Lyon") })
}

/// The screen with the shared forecast: once the forecast is published, the graph has
/// no async step left to run.
final class SharedWeatherScreen: Injectable {
    var car: Car!
    var forecast: SharedForecast!

    static var requires: Requirements { Requirements(\SharedWeatherScreen.car, \.forecast) }

    init() {}
}

/// The forecast the hand-written code shares, made once.
let handMadeForecast = SharedForecastBox()

final class SharedForecastBox: @unchecked Sendable {  // written once, before the operations
    var forecast: SharedForecast?
}

func makeSharedWeatherScreenByHand() async -> SharedWeatherScreen {
    let screen = SharedWeatherScreen()
    screen.car = makeCarByHand()
    if let forecast = handMadeForecast.forecast {
        screen.forecast = forecast
    } else {
        let forecast = await SharedForecast(city: "Lyon")
        handMadeForecast.forecast = forecast
        screen.forecast = forecast
    }
    return screen
}

func isComplete(_ screen: WeatherScreen) -> Bool {
    isComplete(screen.car) && screen.forecast?.city == "Lyon"
}

// MARK: Running async operations

/// Runs `operation` `count` times, one after another, in a task, and waits for it.
/// The task and the wait are set up whatever the count, so a run with 0 operations
/// counts them too and the per-operation figure leaves them out.
func runAwaiting(_ count: Int, _ operation: @escaping @Sendable () async throws -> Void) throws {
    let done = DispatchSemaphore(value: 0)
    let failure = ProbeFailureBox()
    Task.detached {
        do {
            for _ in 0..<count { try await operation() }
        } catch {
            failure.set("\(error)")
        }
        done.signal()
    }
    done.wait()
    if let message = failure.message { throw ProbeFailure(description: message) }
}

/// The error of a task, read after the semaphore it signals.
final class ProbeFailureBox: @unchecked Sendable {  // written before `signal`, read after `wait`
    private(set) var message: String?
    func set(_ message: String) { self.message = message }
}

@MainActor
let asyncWorkloads: KeyValuePairs<String, KeyValuePairs<String, Variant>> = [
    "await-car": [
        "hand-written": {
            { n in try runAwaiting(n) { blackHole(makeCarByHand()) } }
        },
        "Instill": {
            let injector = try Injector(modules: [CarModule()])
            try runAwaiting(4) {
                guard isComplete(try await injector.getObject(Car.self)) else {
                    throw ProbeFailure(description: "Instill built an incomplete car")
                }
            }
            return { n in try runAwaiting(n) { blackHole(try await injector.getObject(Car.self)) } }
        },
    ],
    "await-async-step": [
        "hand-written": {
            { n in try runAwaiting(n) { blackHole(await makeWeatherScreenByHand()) } }
        },
        "Instill": {
            let injector = try Injector(modules: [CarModule()])
            try runAwaiting(4) {
                guard isComplete(try await injector.getObject(WeatherScreen.self)) else {
                    throw ProbeFailure(description: "Instill built an incomplete screen")
                }
            }
            return { n in try runAwaiting(n) { blackHole(try await injector.getObject(WeatherScreen.self)) } }
        },
    ],
    "await-async-singleton": [
        "hand-written": {
            try runAwaiting(1) { blackHole(await makeSharedWeatherScreenByHand()) }
            return { n in try runAwaiting(n) { blackHole(await makeSharedWeatherScreenByHand()) } }
        },
        "Instill": {
            let injector = try Injector(modules: [CarModule()])
            try runAwaiting(4) {
                let screen = try await injector.getObject(SharedWeatherScreen.self)
                guard isComplete(screen.car), screen.forecast?.city == "Lyon" else {
                    throw ProbeFailure(description: "Instill built an incomplete screen")
                }
            }
            return { n in
                try runAwaiting(n) { blackHole(try await injector.getObject(SharedWeatherScreen.self)) }
            }
        },
    ],
]
