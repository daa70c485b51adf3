import Instill
import Observation
import Testing

// This target is built with Xcode 26's defaults for app targets (Package.swift:
// `defaultIsolation(MainActor.self)`, `NonisolatedNonsendingByDefault`,
// `InferIsolatedConformances`). The classes below are the first attempts of the
// issue's report, written as a newcomer writes them, with no `@MainActor`: before
// `MainActorInjectable` was a main-actor protocol they did not compile ("stored
// property 'weather' of 'Sendable'-conforming class 'WeatherViewModel' is mutable",
// "ambiguous use of 'init(_:file:line:)'").

nonisolated protocol WeatherService: Sendable {
    func current() -> Int
}

final class LiveWeather: WeatherService, Injectable {
    init() {}
    func current() -> Int { 21 }
}

/// Main-actor state a view model may touch in its awake: implicitly main-actor here.
final class Announcements {
    static var shown: [String] = []
}

final class WeatherViewModel: MainActorInjectable {
    var weather: (any WeatherService)!
    var text = ""

    static var requires: Requirements { Requirements(\WeatherViewModel.weather) }
    init() {}
    func awakeFromInjection() {
        text = "\(weather.current())°"
        Announcements.shown.append(text)
    }
}

@Observable
final class ForecastViewModel: MainActorInjectable {
    let weather: any WeatherService
    var days: [Int] = []

    init(weather: any WeatherService) { self.weather = weather }
    static let initializer = Initializer(mainActorDependencies: (any WeatherService).self) {
        ForecastViewModel(weather: $0)
    }
    func awakeFromInjection() { days = [weather.current(), weather.current() + 1] }
}

struct WeatherModule: Module {
    func configure(_ binder: Binder) {
        binder.bind((any WeatherService).self, to: LiveWeather.self)
    }
}

@Suite("Xcode 26 app targets: the natural forms compile and work")
struct Xcode26DefaultsTests {
    @Test("a view model with a property requirement, written without @MainActor, is main-actor and filled")
    func propertyRequirementViewModel() throws {
        let injector = try Injector(modules: [WeatherModule()])
        let model = try injector.getObject(WeatherViewModel.self)
        #expect(model.text == "21°")
        #expect(Announcements.shown.last == "21°")
    }

    @Test("an @Observable view model with an initializer dependency is built on the main actor")
    func observableViewModel() throws {
        let injector = try Injector(modules: [WeatherModule()])
        let model = try injector.getObject(ForecastViewModel.self)
        #expect(model.days == [21, 22])
    }

    @Test("a nonisolated service is built from any task, and handed to the main actor")
    func serviceFromAnyTask() async throws {
        let injector = try Injector(modules: [WeatherModule()])
        let reading = try await Task.detached { try injector.getObject((any WeatherService).self).current() }.value
        #expect(reading == 21)
    }
}
