@testable import Instill

/// Whether this build reads key paths' layouts (`LayoutReading`): `false` on arm64_32,
/// arm64e and with `-D INSTILL_UNKNOWN_LAYOUT`. For suites that use only the public
/// API and specify a rule that holds only where layouts are read.
let buildReadsLayouts = LayoutReading.isEnabled

/// Whether a value laid out from an existential's words is made (a template for a
/// protocol-typed property or dependency): only where `ExistentialWords` reads them,
/// which is where layouts are read. Elsewhere such a property is written through its
/// key path, in a plan as in the resolver: slower, the same objects.
let compilesExistentialWriters = LayoutReading.isEnabled
