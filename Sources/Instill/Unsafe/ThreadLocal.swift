#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// One `ResolutionContext` per thread, created on first use and released with the thread.
enum ThreadContext {
    static let key: pthread_key_t = {
        var key = pthread_key_t()
        let status = pthread_key_create(&key) { pointer in
            #if canImport(Darwin)
                Unmanaged<ResolutionContext>.fromOpaque(pointer).release()
            #else
                if let pointer { Unmanaged<ResolutionContext>.fromOpaque(pointer).release() }
            #endif
        }
        precondition(status == 0, "pthread_key_create failed: \(status)")
        return key
    }()

    /// The calling thread's context.
    @inline(__always)
    static var current: ResolutionContext { unmanagedCurrent.takeUnretainedValue() }

    /// The calling thread's context, not retained: the thread keeps it.
    @inline(__always)
    static var unmanagedCurrent: Unmanaged<ResolutionContext> { unmanagedCurrent(key: key) }

    /// ``unmanagedCurrent`` given ``key``, read earlier.
    @inline(__always)
    static func unmanagedCurrent(key: pthread_key_t) -> Unmanaged<ResolutionContext> {
        if let pointer = pthread_getspecific(key) {
            return Unmanaged<ResolutionContext>.fromOpaque(pointer)
        }
        return makeCurrent(key: key)
    }

    @inline(never)
    private static func makeCurrent(key: pthread_key_t) -> Unmanaged<ResolutionContext> {
        let context = Unmanaged.passRetained(ResolutionContext())
        pthread_setspecific(key, context.toOpaque())
        return context
    }
}
