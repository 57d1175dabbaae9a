import Foundation

/// Waits on the main actor, letting its other work run, until `condition` holds or `seconds` pass;
/// returns whether it holds. For values that reach the main actor as main-actor work.
@MainActor
func mainActorWait(seconds: Double = 10, until condition: @MainActor () -> Bool) async -> Bool {
    let deadline = Date().addingTimeInterval(seconds)
    while !condition() {
        if Date() > deadline { return false }
        await Task.yield()
    }
    return true
}
