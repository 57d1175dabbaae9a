extension Store {
    /// The root of the effects this store runs, for the package's testing module: `TestStore` cancels
    /// it when a test finishes, as freeing the store would.
    package var rootEffectScope: EffectScope? {
        storage?.effectRoot ?? scopeBacking.unsafelyUnwrapped.effectRoot()
    }
}
