import Instill

/// The showroom's screen model: a main-actor type, as a SwiftUI or UIKit app's view
/// model is. It receives the garage through its initializer and a fresh sports car
/// through a property, both on the main actor, and sets its text when awoken.
@MainActor
package final class ShowroomScreen: MainActorInjectable {
    package let garage: Garage
    package var featured: SportsCar!
    package private(set) var headline = ""

    package init(garage: Garage) { self.garage = garage }

    package static let initializer = Initializer(mainActorDependencies: Garage.self) { ShowroomScreen(garage: $0) }
    package static var requires: Requirements { Requirements(\ShowroomScreen.featured) }

    package func awakeFromInjection() {
        headline = "Featured: \(featured.engine.model) with a \(featured.turbo.boost) bar turbo"
    }
}
